"""RULES.md v2 behaviour of §4 (NT tractors), §8 (kitty in the lead's units, 保底, 落实政策, blocked gains and
negative levels, timed matches and laps) and §11 examples 3, 13 and 14. Each test names the v1 result it
rules out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions import StartHand, StopMatch, action_from_json
from engine.cards import parse_cards
from engine.errors import EngineError, IllegalAction
from engine.judge import answer
from engine.levels import climb, deduct, lap_track, level_index, level_name, playing_rank
from engine.rules import Rules
from engine.settlement import settle_hand, timed_winner
from engine.table import Table
from engine.trump import TrumpContext
from engine.units import is_tractor
from engine.views import HandResult, Phase

GOLDEN = Path(__file__).parent / "golden"
KITTY_25 = "5H 10D KS 3C 4C 6D 7D 8D"  # 25 points
NO_POINTS_KITTY = "3C 4C 6D 7D 8D 9D 2H 3H"


def settle(rules: Rules | None = None, *, points: int, dealer: int = 0, levels: tuple[str, str] = ("2", "2"),
           trump: str = "S", kitty: str = NO_POINTS_KITTY, last: str = "AC", last_winner: int | None = None,
           lead: str | None = None, burier: int | None = None, laps: tuple[int, int] = (0, 0)) -> HandResult:
    """Settle at the dealer team's level (2 while negative); the dealer team wins the last trick by default."""
    return settle_hand(
        rules=rules or Rules(), hand_number=2, level=playing_rank(levels[dealer % 2]), trump=trump, dealer=dealer,
        levels=levels, trick_points=points, kitty=parse_cards(kitty.split()), last_play=parse_cards(last.split()),
        last_winner=dealer if last_winner is None else last_winner,
        lead=None if lead is None else parse_cards(lead.split()), burier=burier, laps=laps,
    )


# -- §4 nt_tractors ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "level_pairs", "jokers_only"), [
    ("SJ SJ BJ BJ", True, True),
    ("2H 2H SJ SJ", True, False),  # §11.3: a tractor, not under jokers_only (v1: a tractor either way)
    ("2S 2S 2H 2H", False, False),
    ("AS AS 2S 2S", False, False),
])
def test_example_3_nt_tractors(text: str, level_pairs: bool, jokers_only: bool) -> None:
    cards = parse_cards(text)
    assert is_tractor(cards, TrumpContext("2", "NT", Rules())) is level_pairs
    assert is_tractor(cards, TrumpContext("2", "NT", Rules(nt_tractors="jokers_only"))) is jokers_only
    assert is_tractor(cards, TrumpContext("2", "NT", Rules.from_preset("duplicate"))) is jokers_only


def test_jokers_only_leaves_suit_trump_tractors_alone() -> None:
    """``nt_tractors`` is about NT: with a trump suit the level pairs still link (§4)."""
    ctx = TrumpContext("2", "S", Rules(nt_tractors="jokers_only"))
    assert is_tractor(parse_cards("2H 2H 2S 2S"), ctx) and is_tractor(parse_cards("2S 2S SJ SJ"), ctx)


def test_without_tractor_through_level_only_the_joker_tractor_in_nt() -> None:
    ctx = TrumpContext("2", "NT", Rules(tractor_through_level=False))
    assert is_tractor(parse_cards("SJ SJ BJ BJ"), ctx)
    assert not is_tractor(parse_cards("2H 2H SJ SJ"), ctx)


# -- §8 kitty multiplier in the lead's units, kitty_guard, P below 0 -------------------------------------

def test_example_13_a_pair_ruffing_two_singles_counts_as_singles() -> None:
    """§11.13: lead AC KC (2/S), a void defender ruffs with 3S3S and wins; kitty 20 → +40 (v1: +80, read as a pair)."""
    kitty = "5H 5D 10C 3C 4C 6D 7D 8D"
    result = settle(points=60, dealer=0, kitty=kitty, last="3S 3S", last_winner=1, lead="AC KC")
    assert result.kitty_multiplier == 2 and result.kitty_bonus == 40 and result.defender_points == 100
    assert settle(points=60, dealer=0, kitty=kitty, last="3S 3S", last_winner=1).kitty_bonus == 80  # lead = last


def test_kitty_guard_burier_subtracts_a_defenders_burial_won_back_by_the_dealers() -> None:
    """谁扣底谁保底: a defender's burial (after a kitty overcall) won back by the dealer team costs the defenders
    kitty × multiplier (v1: nothing); a dealer's burial won back costs nothing; P does not go below 0."""
    guard = Rules(kitty_guard="burier")
    pair_lead = dict(points=70, dealer=0, kitty=KITTY_25, last="AC AC", last_winner=2, lead="KC KC")
    result = settle(guard, burier=1, **pair_lead)
    assert result.kitty_bonus == -100 and result.defender_points == 0 and result.kitty_multiplier == 4
    assert "settle.kitty_guard" in result.notes
    assert result.level_gains == (3, 0)  # P = 0 → +3 under steps40
    assert settle(guard, burier=0, **pair_lead).kitty_bonus == 0
    assert settle(Rules(), burier=1, **pair_lead).kitty_bonus == 0  # dealer_team guard (v1)
    won_by_defenders = settle(guard, burier=1, points=70, dealer=0, kitty=KITTY_25, last="AC", last_winner=3)
    assert won_by_defenders.kitty_bonus == 50  # defenders winning the last trick score whoever buried


def test_points_below_zero_count_as_zero() -> None:
    result = settle(points=-30, dealer=0, last="AC", last_winner=0)
    assert result.defender_points == 0 and result.level_gains == (3, 0)  # v1 reported -30


# -- §8 bottom_relief (落实政策), example 14 --------------------------------------------------------------

@pytest.mark.parametrize(("points", "after", "next_dealer", "note"), [
    (35, ("J", "5"), 2, "settle.bottom_relief"),  # v1: drop to 2 (must-play 2 stops the gain there)
    (60, ("4", "5"), 2, "settle.jack_bottom"),  # v1: 2 (the must-play 2 stopped +2)
    (100, ("2", "6"), 1, "settle.jack_bottom"),
])
def test_example_14_minzheng_jack_bottom_relief(points: int, after: tuple[str, str], next_dealer: int,
                                                note: str) -> None:
    """§11.14: dealers at J, the defenders win the last trick with JD: P = 35 → the dealers stay at J and the
    partner deals; P = 60 → they drop to 2 and gain +2 → 4 (the must-play 2 does not stop it, 此时2非必打)."""
    minzheng = Rules.from_preset("minzheng")
    result = settle(minzheng, points=points, dealer=0, levels=("J", "5"), trump="H", last="JD",
                    kitty="3C 4C 6D 7D 8D 9D 2S 3S", last_winner=1)
    assert result.levels_after == after and result.next_dealer == next_dealer and note in result.notes


def test_bottom_relief_without_a_drop_changes_nothing() -> None:
    minzheng = Rules.from_preset("minzheng")
    result = settle(minzheng, points=35, dealer=0, levels=("J", "5"), trump="H", last="QD", last_winner=1)
    assert result.levels_after == ("A", "5") and "settle.bottom_relief" not in result.notes


# -- §8 blocked_gain and negative levels ----------------------------------------------------------------

@pytest.mark.parametrize(("option", "dealers_after"), [("lost", "6"), ("deducted", "4"),
                                                       ("deducted_negative", "4")])
def test_blocked_gain_rules_example(option: str, dealers_after: str) -> None:
    """§8: dealers at 6, defenders at 10 score 140 under steps20: +3 stops at J, the dealers drop by 2."""
    rules = Rules.from_preset("aihua", blocked_gain=option)
    result = settle(rules, points=140, dealer=0, levels=("6", "10"), last="AC", last_winner=0)
    assert result.levels_after == (dealers_after, "J")


@pytest.mark.parametrize(("option", "after"), [("deducted", "2"), ("deducted_negative", "-2")])
def test_deduction_below_two(option: str, after: str) -> None:
    """Defenders at 10 score 140 (steps20 +3, stopped on J: 2 levels cut): dealers at 4 → 2 either way; at 3
    → 2 (``deducted``, not below 2) or -1 (``deducted_negative``: 3 → 2 → -1, one step each); at 2 → 2 or -2."""
    rules = Rules.from_preset("aihua", blocked_gain=option)
    result = settle(rules, points=140, dealer=0, levels=("4", "10"), last="AC", last_winner=0)
    assert result.levels_after == ({"deducted": "2", "deducted_negative": "2"}[option], "J")
    low = settle(rules, points=140, dealer=0, levels=("3", "10"), last="AC", last_winner=0)
    assert low.levels_after == ({"deducted": "2", "deducted_negative": "-1"}[option], "J")
    lowest = settle(rules, points=140, dealer=0, levels=("2", "10"), last="AC", last_winner=0)
    assert lowest.levels_after == (after, "J") and lowest.level_gains == (level_index(after), 1)


def test_negative_levels_play_two_and_pay_off_first() -> None:
    """负级数打完方能继续升级: -1 + 1 → 2, -2 + 3 → 3; a negative team deals at 2."""
    aihua = Rules.from_preset("aihua")
    assert climb("-1", 1, aihua, True)[0] == "2" and climb("-2", 3, aihua, True)[0] == "3"
    assert playing_rank("-3") == "2" and playing_rank("7") == "7"
    assert [level_name(i) for i in (-2, -1, 0, 12)] == ["-2", "-1", "2", "A"]
    assert deduct("3", 4, True) == "-3" and deduct("3", 4, False) == "2" and deduct("-2", 1, False) == "-2"
    with pytest.raises(EngineError):
        level_index("-0")
    result = settle(aihua, points=30, dealer=1, levels=("5", "-2"), last="AC", last_winner=1)
    assert result.levels_after == ("5", "3") and result.level_gains == (0, 3)


def test_judge_settle_takes_lead_burier_and_negative_levels() -> None:
    base = {"q": "settle", "level": "2", "trump": "S", "dealer": 0, "points": 60,
            "kitty": ["5H", "5D", "10C", "3C", "4C", "6D", "7D", "8D"], "last": ["3S", "3S"], "last_winner": 1}
    assert answer(json.dumps({**base, "levels": ["2", "2"], "lead": ["AC", "KC"]}))["kitty_bonus"] == 40
    guarded = answer(json.dumps({**base, "rules": {"preset": "standard", "kitty_guard": "burier"},
                                 "levels": ["-1", "5"], "last_winner": 2, "burier": 3, "lead": ["AC", "KC"]}))
    assert guarded == {"kitty_bonus": -40, "defender_points": 20, "next_dealer": 2, "levels": ["3", "5"],
                       "match_winner": None}
    assert "error" in answer(json.dumps({**base, "levels": ["-0", "2"]}))
    assert "error" in answer(json.dumps({**base, "levels": ["2", "2"], "lead": ["AC"]}))


# -- §8 timed and timed_laps ------------------------------------------------------------------------------

def test_timed_winner_laps_then_level_then_the_team_on_stage() -> None:
    assert timed_winner(("7", "7"), 1) == 1
    assert timed_winner(("-1", "2"), 0) == 1
    assert timed_winner(("3", "K"), 1, laps=(1, 0)) == 0
    assert timed_winner(("5", "5"), 0, laps=(2, 2)) == 0


def test_timed_laps_passing_the_end_level_scores_a_lap_and_starts_again_from_two() -> None:
    """aihua 十一: 打过A … 重新从2接着打 (v1 and ``timed``: the match is won)."""
    aihua = Rules.from_preset("aihua")
    result = settle(aihua, points=30, dealer=0, levels=("A", "9"), last="AC", last_winner=0, laps=(0, 1))
    assert result.match_winner is None and result.levels_after == ("2", "9") and result.laps_after == (1, 1)
    assert result.level_gains == (1, 0) and "settle.lap" in result.notes
    assert lap_track("2", 1, aihua) == lap_track("A", 0, aihua) + 1
    won = settle(aihua.with_options(match_end="timed"), points=30, dealer=0, levels=("A", "9"), last="AC",
                 last_winner=0)
    assert won.match_winner == 0 and won.laps_after == (0, 0)


def _play_until(table: Table, phases: tuple[Phase, ...], seed: int = 1) -> None:
    import random

    from engine.randomplay import random_action

    rng = random.Random(seed)
    while table.phase not in phases:
        action = random_action(table, rng)
        if isinstance(action, StopMatch):
            action = StartHand()
        table.apply(action)


def test_calling_time_finishes_the_hand_then_a_tie_goes_to_the_team_on_stage_next() -> None:
    """v1 stopped at once and gave a tie to the finished hand's dealer; v2 plays the hand out, and the tie goes
    to the team that deals the next hand."""
    for seed in range(40):
        table = Table.new(Rules.from_preset("tournament"), seed)
        _play_until(table, (Phase.PLAYING,), seed)
        table.apply(StopMatch())
        assert table.phase is Phase.PLAYING and table.time_called and table.public_view().time_called
        assert StopMatch() not in table.legal_actions(None)
        with pytest.raises(IllegalAction):
            table.apply(StopMatch())
        _play_until(table, (Phase.MATCH_OVER,), seed)
        result = table.results[-1]
        assert table.match_over_reason == "time_up" and len(table.results) == 1
        if result.levels_after[0] == result.levels_after[1]:
            assert table.match_winner == result.next_dealer % 2 != result.dealer % 2
            return
        leader = 0 if level_index(result.levels_after[0]) > level_index(result.levels_after[1]) else 1
        assert table.match_winner == leader
    pytest.fail("no tie with a change of dealer in 40 seeds")


def test_time_called_between_hands_stops_at_once() -> None:
    table = Table.new(Rules.from_preset("standard", match_end="timed_laps"), 3)
    _play_until(table, (Phase.HAND_OVER,))
    table.apply(StopMatch())
    assert table.phase is Phase.MATCH_OVER and table.match_over_reason == "time_up"


def test_a_timed_table_state_round_trips_with_laps_and_time_called() -> None:
    table = Table.new(Rules.from_preset("aihua"), 4)
    _play_until(table, (Phase.PLAYING,))
    table.laps = [2, 1]
    table.apply(StopMatch())
    again = Table.from_json(json.loads(json.dumps(table.to_json())))
    assert again.to_json() == table.to_json() and again.laps == [2, 1] and again.time_called


# -- a table stored before v2 restores and plays on unchanged -------------------------------------------

_V2_ONLY = {"laps", "time_called"}
_V2_RESULT = {"laps_before", "laps_after", "burier"}


def _v1_form(state: dict[str, Any]) -> dict[str, Any]:
    """A v2 table state without what v2 added (rules compared as objects elsewhere)."""
    out = {k: v for k, v in state.items() if k not in _V2_ONLY and k != "rules"}
    out["results"] = [{k: v for k, v in r.items() if k not in _V2_RESULT} for r in state["results"]]
    return out


@pytest.mark.parametrize("preset", ["aihua", "minzheng"])
def test_a_table_stored_by_v1_restores_and_plays_on_unchanged(preset: str) -> None:
    """``golden/v1_tables.json`` was written by the v1 engine: a snapshot in the second hand, the actions v1
    applied after it (to the fourth hand) and v1's final state. v2 replays them to the same state, with the
    v1 rules (the v2 preset would deduct, guard the kitty, … differently)."""
    stored = json.loads((GOLDEN / "v1_tables.json").read_text(encoding="utf-8"))[preset]
    table = Table.from_json(stored["snapshot"])
    assert table.rules == Rules.from_json(stored["final"]["rules"])
    assert table.rules != Rules.from_preset(preset)
    for action in stored["actions"]:
        table.apply(action_from_json(action))
    assert _v1_form(table.to_json()) == {k: v for k, v in stored["final"].items() if k != "rules"}
    assert Rules.from_json(table.to_json()["rules"]) == table.rules
    assert all(isinstance(r, HandResult) for r in table.results)


def test_settle_hand_keeps_its_v1_signature() -> None:
    """``lead``, ``burier`` and ``laps`` are optional: a v1 call settles as before."""
    result = settle_hand(rules=Rules(), hand_number=1, level="2", trump="S", dealer=0, levels=("2", "2"),
                         trick_points=60, kitty=parse_cards(KITTY_25.split()), last_play=parse_cards(["AC"]),
                         last_winner=1)
    assert result.kitty_bonus == 50 and result.burier == 0 and result.laps_after == (0, 0)


# -- choices where RULES.md is silent (docs/RULES_NOTES.md) ------------------------------------------------

def test_a_negative_dealer_team_is_not_at_2_for_a_must_play_2() -> None:
    """RULES_NOTES 18: dealers at -1 winning a hand climb to 2 and stop there when 2 is must-play: they have not
    won a hand as dealers *at* 2 (they were at -1)."""
    rules = Rules(must_play=("2",), blocked_gain="deducted_negative")
    assert climb("-1", 3, rules, True) == ("2", False, 2)
    assert climb("2", 3, rules, True) == ("5", False, 0)  # at 2 as dealers: passing it is no cut


def test_jokers_only_also_unlinks_fixed_trump_ranks_in_nt() -> None:
    """RULES_NOTES 14: under ``nt_tractors: jokers_only`` SJ SJ BJ BJ is the only NT trump tractor, so a pair of a
    fixed trump rank (常主) links to nothing either."""
    fixed = Rules(fixed_trump_ranks=("5",))
    assert is_tractor(parse_cards("5H 5H 2H 2H"), TrumpContext("2", "NT", fixed))
    assert not is_tractor(parse_cards("5H 5H 2H 2H"), TrumpContext("2", "NT", fixed.with_options(
        nt_tractors="jokers_only")))


def test_judge_settle_restarts_the_level_when_a_lap_is_scored() -> None:
    """RULES_NOTES 23: under ``timed_laps`` the dealers passing A start again from 2; the answer keeps exactly
    JUDGE.md's five keys (the standard preset's pass_end ends the match instead)."""
    query = {"q": "settle", "rules": "aihua", "level": "A", "trump": "S", "dealer": 0, "levels": ["A", "9"],
             "points": 30, "kitty": ["3C", "4C", "6D", "7D", "8D", "9D", "2H", "3H"], "last": ["AC"], "last_winner": 0}
    assert answer(json.dumps(query)) == {"kitty_bonus": 0, "defender_points": 30, "next_dealer": 2,
                                         "levels": ["2", "9"], "match_winner": None}
    assert answer(json.dumps({**query, "rules": "standard"}))["match_winner"] == 0
