"""End of hand (RULES §8): kitty bonus, level tables, climbing, 钩J / A bottom, dealers, match end."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import RANKS, parse_cards
from engine.errors import EngineError
from engine.levels import level_index
from engine.rules import Rules
from engine.settlement import (
    advance,
    fixed_deal,
    fixed_deals_totals,
    fixed_deals_winner,
    kitty_multiplier,
    level_gain,
    next_dealer,
    settle_hand,
    timed_winner,
)
from engine.views import HandResult
from i18n import MESSAGES

STD = Rules()
NO_POINTS_KITTY = "3C 4C 6D 7D 8D 9D 2H 3H"


def settle(rules: Rules = STD, *, points: int, dealer: int = 0, levels: tuple[str, str] = ("2", "2"),
           level: str | None = None, trump: str = "S", kitty: str = NO_POINTS_KITTY, last: str = "AC",
           last_winner: int | None = None, hand_number: int = 2) -> HandResult:
    """Settle with the dealer team winning the last trick unless ``last_winner`` says otherwise."""
    return settle_hand(
        rules=rules, hand_number=hand_number, level=level or levels[dealer % 2], trump=trump, dealer=dealer,
        levels=levels, trick_points=points, kitty=parse_cards(kitty), last_play=parse_cards(last),
        last_winner=dealer if last_winner is None else last_winner,
    )


# -- RULES §11 and JUDGE.md examples -------------------------------------------------------------------

def test_example_11_tractor_bottom_doubles_to_200() -> None:
    """§11.11: defenders win the last trick with 7C7C8C8C at 2/S, kitty 25 points → +200 (doubling ×8)."""
    assert kitty_multiplier(parse_cards("7C 7C 8C 8C"), "2", "S", STD) == 8
    result = settle(points=0, kitty="5H 10D KS 3C 4C 6D 7D 8D", last="7C 7C 8C 8C", last_winner=1)
    assert (result.kitty_points, result.kitty_multiplier, result.kitty_bonus) == (25, 8, 200)
    assert result.defender_points == 200


@pytest.mark.parametrize("points,levels_after,next_seat,take_over", [
    (75, ("3", "2"), 2, False),
    (80, ("2", "2"), 1, True),
    (165, ("2", "4"), 1, True),
])
def test_example_12_points_to_levels_and_dealer(points: int, levels_after: tuple[str, str], next_seat: int,
                                                take_over: bool) -> None:
    """§11.12: P=75 → dealer team +1, partner deals; P=80 → seat after the old dealer deals, +0; P=165 → +2."""
    result = settle(points=points, dealer=0)
    assert result.levels_after == levels_after
    assert result.next_dealer == next_seat
    assert result.defenders_take_over is take_over
    assert result.match_winner is None


def test_judge_settle_example() -> None:
    result = settle_hand(rules=STD, hand_number=1, level="2", trump="S", dealer=0, levels=("2", "2"), trick_points=60,
                         kitty=parse_cards("5H 10D KS 3C 4C 6D 7D 8D"), last_play=parse_cards("7C 7C 8C 8C"),
                         last_winner=1)
    assert (result.kitty_bonus, result.defender_points, result.next_dealer) == (200, 260, 1)
    assert result.levels_after == ("2", "6")
    assert result.level_gains == (0, 4)
    assert result.match_winner is None


def test_no_bonus_when_dealer_team_wins_last_trick() -> None:
    result = settle(points=60, kitty="5H 10D KS 3C 4C 6D 7D 8D", last="7C 7C 8C 8C", last_winner=2)
    assert (result.kitty_multiplier, result.kitty_bonus, result.defender_points) == (0, 0, 60)
    assert result.kitty_points == 25


# -- kitty multipliers ---------------------------------------------------------------------------------

PLAYS = {"single": "AC", "pair": "AC AC", "tractor2": "7C 7C 8C 8C", "tractor3": "7C 7C 8C 8C 9C 9C",
         "tractor4": "7C 7C 8C 8C 9C 9C 10C 10C", "throw_pair": "AC KC KC", "throw_singles": "AC KC 9C",
         "throw_tractor": "AC 5C 5C 6C 6C 9C 9C"}
MULTIPLIERS = {
    "doubling": {"single": 2, "pair": 4, "tractor2": 8, "tractor3": 16, "tractor4": 32},
    "by_cards": {"single": 2, "pair": 4, "tractor2": 8, "tractor3": 12, "tractor4": 16},
    "by_pairs": {"single": 2, "pair": 4, "tractor2": 6, "tractor3": 8, "tractor4": 10},
    "power": {"single": 2, "pair": 4, "tractor2": 16, "tractor3": 64, "tractor4": 64},
    "flat": {"single": 2, "pair": 2, "tractor2": 2, "tractor3": 2, "tractor4": 2},
}


@pytest.mark.parametrize("policy,play,expected", [
    (policy, play, value) for policy, table in MULTIPLIERS.items() for play, value in table.items()
])
def test_kitty_multiplier_values(policy: str, play: str, expected: int) -> None:
    assert kitty_multiplier(parse_cards(PLAYS[play]), "2", "S", Rules(kitty_multiplier=policy)) == expected


@pytest.mark.parametrize("play,expected", [("throw_pair", 4), ("throw_singles", 2), ("throw_tractor", 8)])
def test_throw_counts_its_largest_unit(play: str, expected: int) -> None:
    assert kitty_multiplier(parse_cards(PLAYS[play]), "2", "S", STD) == expected


def test_multiplier_uses_trump_tractors() -> None:
    """At 2/S, BJ BJ SJ SJ is a trump tractor; 2H2H 2D2D are two pairs (off level pairs are not adjacent)."""
    assert kitty_multiplier(parse_cards("BJ BJ SJ SJ"), "2", "S", STD) == 8
    assert kitty_multiplier(parse_cards("2H 2H 2D 2D"), "2", "S", STD) == 4


def test_mixed_play_is_read_suit_by_suit() -> None:
    """A winning play is one effective suit; should a caller pass a mixed one, its largest unit still counts."""
    assert kitty_multiplier(parse_cards("AC 5D 5D"), "2", "S", STD) == 4


# -- level tables --------------------------------------------------------------------------------------

TABLES = {
    "steps40": [(-30, 3, False), (0, 3, False), (5, 2, False), (35, 2, False), (40, 1, False), (75, 1, False),
                (80, 0, True), (115, 0, True), (120, 1, True), (155, 1, True), (160, 2, True), (195, 2, True),
                (200, 3, True), (240, 4, True)],
    "steps20": [(0, 5, False), (5, 4, False), (20, 4, False), (25, 3, False), (40, 3, False), (45, 2, False),
                (60, 2, False), (65, 1, False), (75, 1, False), (80, 0, True), (95, 0, True), (100, 1, True),
                (115, 1, True), (120, 2, True), (140, 3, True)],
    "steps20b": [(0, 4, False), (5, 3, False), (25, 3, False), (30, 2, False), (50, 2, False), (55, 1, False),
                 (75, 1, False), (80, 0, True), (95, 0, True), (100, 1, True), (115, 1, True), (120, 2, True),
                 (135, 2, True), (140, 3, True)],
    "steps10": [(0, 8, False), (5, 7, False), (10, 7, False), (15, 6, False), (20, 6, False), (55, 2, False),
                (60, 2, False), (65, 1, False), (75, 1, False), (80, 0, True), (85, 0, True), (90, 1, True),
                (95, 1, True), (100, 2, True), (200, 12, True)],
}


@pytest.mark.parametrize("table,points,gain,take_over", [
    (table, p, g, t) for table, rows in TABLES.items() for p, g, t in rows
])
def test_level_table_boundaries(table: str, points: int, gain: int, take_over: bool) -> None:
    assert level_gain(points, Rules(level_table=table)) == (gain, take_over)


def test_max_gain_caps_both_sides() -> None:
    rules = Rules(max_gain=2)
    assert level_gain(0, rules) == (2, False)
    assert level_gain(300, rules) == (2, True)
    assert "settle.max_gain" in settle(rules, points=0).notes
    assert "settle.max_gain" not in settle(rules, points=40).notes


def test_points_cap_applies_before_the_table() -> None:
    rules = Rules(points_cap=200)
    assert level_gain(300, rules) == (3, True)
    result = settle(rules, points=60, kitty="5H 10D KS 3C 4C 6D 7D 8D", last="7C 7C 8C 8C", last_winner=1)
    assert result.defender_points == 200
    assert result.levels_after == ("2", "5")


@settings(max_examples=300, deadline=None)
@given(table=st.sampled_from(sorted(TABLES)), p=st.integers(-200, 400))
def test_tables_are_monotone(table: str, p: int) -> None:
    """More defender points never help the dealer team and never hurt the defenders."""
    rules = Rules(level_table=table)
    gain, take_over = level_gain(p, rules)
    next_gain, next_take = level_gain(p + 5, rules)
    assert take_over is (p >= 80) and gain >= 0
    if take_over:
        assert next_gain >= gain
    elif not next_take:
        assert next_gain <= gain


# -- climbing: end level, must-play ranks --------------------------------------------------------------

def test_gains_stop_on_end_level_and_dealers_at_end_win() -> None:
    assert advance("Q", 3, STD, as_dealer=True) == ("A", False)
    assert advance("A", 1, STD, as_dealer=True) == ("A", True)
    assert advance("A", 3, STD, as_dealer=False) == ("A", False)
    tournament = Rules.from_preset("tournament")
    assert advance("8", 4, tournament, as_dealer=True) == ("10", False)
    assert advance("10", 1, tournament, as_dealer=True) == ("10", True)


def test_dealer_team_at_end_level_wins_the_match() -> None:
    result = settle(points=75, dealer=1, levels=("5", "A"))
    assert result.match_winner == 1
    assert result.levels_after == ("5", "A")
    assert "settle.match_won" in result.notes
    taken = settle(points=120, dealer=1, levels=("A", "A"))
    assert taken.match_winner is None and taken.levels_after == ("A", "A")


def test_must_play_ranks_stop_gains() -> None:
    """aihua (J, A 必打): gains stop on J unless the team wins as dealers at J."""
    aihua = Rules.from_preset("aihua")
    assert advance("9", 3, aihua, as_dealer=True) == ("J", False)
    assert advance("J", 2, aihua, as_dealer=True) == ("K", False)
    assert advance("J", 5, aihua, as_dealer=True) == ("A", False)
    assert advance("10", 3, aihua, as_dealer=False) == ("J", False)
    assert advance("J", 2, aihua, as_dealer=False) == ("J", False)
    stopped = settle(aihua.with_options(blocked_gain="lost"), points=0, dealer=0, levels=("9", "3"))
    assert stopped.levels_after == ("J", "3") and "settle.must_play_stop" in stopped.notes
    # aihua's own blocked_gain (deducted_negative): +5 from 9 stops on J, the 3 levels cut cost the others 3
    deducted = settle(aihua, points=0, dealer=0, levels=("9", "3"))
    assert deducted.levels_after == ("J", "-2") and deducted.level_gains == (2, -3)


@settings(max_examples=300, deadline=None)
@given(level=st.sampled_from(RANKS), gain=st.integers(0, 14), as_dealer=st.booleans(),
       must=st.sets(st.sampled_from(RANKS)), end=st.sampled_from(RANKS))
def test_advance_never_passes_a_stop(level: str, gain: int, as_dealer: bool, must: set[str], end: str) -> None:
    assume(RANKS.index(level) <= RANKS.index(end))
    rules = Rules(must_play=tuple(must), end_level=end)
    new, won = advance(level, gain, rules, as_dealer)
    lo, hi = RANKS.index(level), RANKS.index(new)
    assert won is (as_dealer and level == end)
    assert lo <= hi <= RANKS.index(end)
    assert hi - lo <= gain
    passed = RANKS[lo + (1 if as_dealer else 0):hi]
    assert not (set(passed) & (must | {end}))


# -- 钩J and A bottom -------------------------------------------------------------------------------------

AIHUA = Rules.from_preset("aihua")


def test_jack_bottom_drops_dealer_team_to_two_then_applies_gain() -> None:
    """Seed 002: 得分低于80，庄家继续坐庄 … 从2开始计算级数."""
    result = settle(AIHUA, points=30, dealer=0, levels=("J", "6"), trump="H", last="JS", last_winner=1)
    assert result.levels_after == ("5", "6")
    assert result.notes[0] == "settle.jack_bottom"
    assert result.level_gains == (-6, 0)
    assert result.next_dealer == 2


def test_jack_bottom_with_take_over() -> None:
    result = settle(AIHUA, points=100, dealer=0, levels=("J", "6"), trump="H", last="JS JS", last_winner=3)
    assert result.levels_after == ("2", "7")
    assert result.defenders_take_over and result.next_dealer == 1


def test_jack_bottom_needs_a_j_the_defenders_and_the_option() -> None:
    assert settle(AIHUA, points=50, levels=("J", "6"), trump="H", last="AH", last_winner=1).levels_after == ("K", "6")
    assert settle(AIHUA, points=50, levels=("J", "6"), trump="H", last="JS").levels_after == ("K", "6")
    no_option = AIHUA.with_options(jack_bottom=False)
    assert settle(no_option, points=50, levels=("J", "6"), trump="H", last="JS", last_winner=1).levels_after == (
        "K", "6")


def test_dropped_team_is_stopped_by_must_play_two() -> None:
    """2, J, A 必打 without 落实政策: after 钩J the team sits at 2 without having won there as dealers, so the
    literal must-play rule stops its gain on 2. (minzheng itself has bottom_relief: below 40 it keeps J.)"""
    rules = Rules.from_preset("minzheng", bottom_relief=False, blocked_gain="lost")
    result = settle(rules, points=30, levels=("J", "6"), trump="H", last="JD", last_winner=1)
    assert result.levels_after == ("2", "6")
    relieved = settle(Rules.from_preset("minzheng"), points=30, levels=("J", "6"), trump="H", last="JD",
                      last_winner=1)
    assert relieved.levels_after == ("J", "6") and relieved.next_dealer == 2


def test_free_two_is_only_for_the_team_that_dropped() -> None:
    """RULES §8 (minzheng: 2, J, A 必打, 钩J, 落实政策, blocked_gain deducted): "a gain applied in that hand from a
    drop to 2 is not stopped by a must-play 2 (此时2非必打)" — the dealers' own gain after their drop; defenders
    at 2 who take over in that hand are stopped at 2 (they never won there as dealers) and the cut-off levels
    are deducted from the other team (not below 2). Issue #26: the engine freed the defenders' climb too."""
    rules = Rules.from_preset("minzheng")
    taken = settle(rules, points=140, levels=("J", "2"), trump="H", last="JD", last_winner=1)
    assert taken.defenders_take_over and "settle.jack_bottom" in taken.notes
    assert taken.levels_after == ("2", "2")
    assert "settle.must_play_stop" in taken.notes and "settle.blocked_deducted" in taken.notes
    assert settle(rules, points=140, levels=("J", "6"), trump="H", last="JD", last_winner=1).levels_after == (
        "2", "9")
    kept = settle(rules, points=50, levels=("J", "6"), trump="H", last="JD", last_winner=1)
    assert kept.levels_after == ("4", "6") and not kept.defenders_take_over  # steps20: +2 from the drop to 2


@pytest.mark.parametrize("last,after,note", [
    ("AD", "J", "settle.ace_bottom_single"),
    ("AS AD", "J", "settle.ace_bottom_single"),
    ("AS AS", "2", "settle.ace_bottom_pair"),
    ("AS AS KS KS", "2", "settle.ace_bottom_pair"),
])
def test_ace_bottom(last: str, after: str, note: str) -> None:
    """A single A → back to J, a pair (two identical As, RULES §4) → back to 2; defenders take over at 100."""
    result = settle(AIHUA, points=100, dealer=1, levels=("8", "A"), trump="S", last=last, last_winner=0)
    assert result.levels_after == ("9", after)
    assert note in result.notes


def test_ace_bottom_option_off_and_jack_bottom_at_ace() -> None:
    rules = AIHUA.with_options(ace_bottom=False)
    assert settle(rules, points=100, dealer=1, levels=("8", "A"), last="AS", last_winner=0).levels_after == ("9", "A")
    assert settle(AIHUA, points=100, dealer=1, levels=("8", "A"), last="JS", last_winner=0).levels_after == ("9", "A")


# -- dealer rotation -----------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_next_dealer(dealer: int) -> None:
    assert next_dealer(dealer, True, STD) == (dealer + 2) % 4
    assert next_dealer(dealer, True, Rules(dealer_rotation="same_player")) == dealer
    assert next_dealer(dealer, False, STD) == (dealer + 1) % 4
    assert next_dealer(dealer, False, Rules(dealer_rotation="same_player")) == (dealer + 1) % 4


def test_same_player_rotation_in_settlement() -> None:
    assert settle(Rules(dealer_rotation="same_player"), points=40, dealer=3).next_dealer == 3


# -- match end: fixed deals, timed ---------------------------------------------------------------------

def test_fixed_deal_schedule() -> None:
    schedule = [fixed_deal(n) for n in range(1, 17)]
    assert [lvl for lvl, _ in schedule] == [*"2345", "5", *"6789", "10", "10", *"JQK", "K", "A"]
    assert [seat for _, seat in schedule] == [0, 1, 2, 3] * 4
    for bad in (0, 17):
        with pytest.raises(EngineError):
            fixed_deal(bad)


def test_fixed_deals_credit_table_levels() -> None:
    duplicate = Rules.from_preset("duplicate")
    first = settle(duplicate, points=75, dealer=0, levels=("2", "2"), hand_number=1)
    assert first.level_gains == (1, 0) and first.levels_after == ("3", "3")
    assert first.next_dealer == 1 and first.match_winner is None
    last = settle(duplicate, points=170, dealer=3, levels=("A", "A"), hand_number=16)
    assert last.level_gains == (2, 0) and last.levels_after == ("A", "A") and last.match_winner is None
    at_ace = settle(duplicate, points=0, dealer=3, levels=("A", "A"), hand_number=16)
    assert at_ace.level_gains == (0, 3) and at_ace.match_winner is None
    assert fixed_deals_totals([first, last, at_ace]) == (3, 3)


def test_fixed_deals_winner() -> None:
    assert fixed_deals_winner((12, 9)) == 0
    assert fixed_deals_winner((4, 9)) == 1
    assert fixed_deals_winner((7, 7)) is None


def test_timed_winner() -> None:
    """Seed 004: 比赛结束时，升级高者获胜，同级时，台上一方获胜."""
    assert timed_winner(("5", "7"), 0) == 1
    assert timed_winner(("K", "10"), 1) == 0
    assert timed_winner(("7", "7"), 0) == 0
    assert timed_winner(("7", "7"), 1) == 1


PRESET_NAMES = ["standard", "national", "aihua", "minzheng", "renda", "daiwang", "tournament"]
plain_levels = st.sampled_from(RANKS)


@settings(max_examples=300, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), points=st.integers(-60, 200), dealer=st.integers(0, 3),
       team_levels=st.tuples(plain_levels, plain_levels), winner=st.integers(0, 3),
       last=st.sampled_from(["AC", "JH", "AS AS", "AH", "7C 7C 8C 8C", "JD JD QD QD"]))
def test_settlement_invariants(preset: str, points: int, dealer: int, team_levels: tuple[str, str], winner: int,
                               last: str) -> None:
    rules = Rules.from_preset(preset)
    end = RANKS.index(rules.end_level)
    levels = (RANKS[min(RANKS.index(team_levels[0]), end)], RANKS[min(RANKS.index(team_levels[1]), end)])
    kitty = "5H 10D KS 3C 4C 6D 7D 8D"
    result = settle(rules, points=points, dealer=dealer, levels=levels, kitty=kitty, last=last, last_winner=winner)
    dealer_team, defenders = dealer % 2, 1 - dealer % 2
    defenders_last = winner % 2 == defenders
    assert (result.kitty_bonus > 0) is defenders_last
    assert result.defender_points == max(0, points + result.kitty_bonus)  # P below 0 counts as 0
    assert result.defenders_take_over is (result.defender_points >= 80)
    assert all(level_index(lv) <= end for lv in result.levels_after)
    deducted = "settle.blocked_deducted" in result.notes
    if not deducted:
        assert level_index(result.levels_after[defenders]) >= level_index(levels[defenders])
    if not result.defenders_take_over:
        assert deducted or result.levels_after[defenders] == levels[defenders]
        assert result.next_dealer == (dealer + 2) % 4
    else:
        assert result.next_dealer == (dealer + 1) % 4
        assert result.match_winner is None
    if result.match_winner is not None or "settle.lap" in result.notes:
        assert result.match_winner in (dealer_team, None) and levels[dealer_team] == rules.end_level
        assert (result.match_winner is None) is (rules.match_end == "timed_laps")
    assert all(note in MESSAGES and set(MESSAGES[note]) == {"en", "zh-CN"} for note in result.notes)
