"""Tie-breaks, forfeits, timed ties, duplicate big points, deadlines and sign-up rules of tournaments."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card
from engine.errors import NotAllowed
from engine.tournament import BigPoints, Format, GameResult, Stage, Status, TimedTie
from engine.tournament.model import Match, Round
from engine.tournament.scoring import (
    big_points,
    deal_big_points,
    duplicate_result,
    forfeit_result,
    level_index,
    timed_result,
)
from engine.tournament.standings import lot, rank
from engine.views import HandResult
from tests.helpers.tournaments import make, play_out


def _match(i: int, a: int, b: int, winner: int | None, diff: int, stage: Stage = Stage.SWISS) -> Match:
    w = None if winner is None else (0 if winner == a else 1)
    return Match(match_id=f"m{i}", round=1, a=a, b=b, stage=stage, games=(GameResult(winner=w, diff=diff),),
                 decided=True, winner=winner)


def test_points_win_one_draw_half_loss_zero() -> None:
    rounds = [Round(1, Stage.SWISS, (_match(1, 1, 2, 1, 3), _match(2, 3, 4, None, 0)))]
    table = {s.team_id: s for s in rank([1, 2, 3, 4], rounds, seed=1)}
    assert (table[1].points, table[3].points, table[4].points, table[2].points) == (1.0, 0.5, 0.5, 0.0)
    assert table[1].level_diff == 3 and table[2].level_diff == -3


def test_tie_break_head_to_head_level_difference_before_total() -> None:
    """2 and 4 tie on two wins, 1 and 3 on one: each pair is ordered by its own game, although team 1's
    total level difference (−2) is better than team 3's (−4)."""
    rounds = [
        Round(1, Stage.SWISS, (_match(1, 1, 2, 1, 1), _match(2, 3, 4, 4, -1))),
        Round(2, Stage.SWISS, (_match(3, 2, 3, 2, 5), _match(4, 1, 4, 4, -1))),
        Round(3, Stage.SWISS, (_match(5, 3, 1, 3, 2), _match(6, 4, 2, 2, -1))),
    ]
    table = rank([1, 2, 3, 4], rounds, seed=1)
    assert [s.team_id for s in table] == [2, 4, 3, 1]
    assert {s.team_id: s.level_diff for s in table}[1] == -2 and {s.team_id: s.level_diff for s in table}[3] == -4


def test_tie_break_total_level_difference_then_lot() -> None:
    rounds = [Round(1, Stage.SWISS, (_match(1, 1, 2, 1, 2), _match(2, 3, 4, 3, 5)))]
    order = [s.team_id for s in rank([1, 2, 3, 4], rounds, seed=9)]
    assert order == [3, 1, 2, 4]  # 3 and 1 never met: total difference 5 > 2
    drawn = [Round(1, Stage.SWISS, (_match(1, 1, 2, None, 0), _match(2, 3, 4, None, 0)))]
    order = [s.team_id for s in rank([1, 2, 3, 4], drawn, seed=9)]
    assert order == sorted([1, 2, 3, 4], key=lambda x: lot(9, x))
    assert order == [s.team_id for s in rank([4, 3, 2, 1], drawn, seed=9)]  # the lot, not the input order


def test_forfeit_decides_the_match_for_the_other_team() -> None:
    t = make(4, Format.KNOCKOUT, seed=3)
    t.start()
    m = t.current.matches[0]  # type: ignore[union-attr]
    done = t.forfeit(m.b, score=(3, 1))  # type: ignore[arg-type]
    assert done.decided and done.winner == m.a and done.games[-1].forfeit and done.diff == 2
    with pytest.raises(NotAllowed) as err:
        t.forfeit(m.b)  # type: ignore[arg-type]
    assert err.value.key == "tournament.no_open_match"


def test_forfeit_gives_a_whole_best_of_three() -> None:
    t = make(2, Format.KNOCKOUT, best_of_three=1)
    t.start()
    m = t.current.matches[0]  # type: ignore[union-attr]
    assert m.best_of == 3
    m = t.record(m.match_id, GameResult(winner=0, diff=2))
    assert not m.decided
    m = t.forfeit(m.a)
    assert m.decided and m.winner == m.b
    assert t.draw_next() is None and t.status is Status.FINISHED and t.champion == m.b


def test_best_of_three_needs_two_wins() -> None:
    t = make(2, Format.KNOCKOUT, best_of_three=1)
    t.start()
    mid = t.current.matches[0].match_id  # type: ignore[union-attr]
    assert not t.record(mid, GameResult(winner=0, diff=1)).decided
    assert not t.record(mid, GameResult(winner=1, diff=-3)).decided
    m = t.record(mid, GameResult(winner=1, diff=-1))
    assert m.decided and m.winner == m.b and m.wins == (1, 2)


def test_knockout_draw_goes_to_level_difference_then_lot() -> None:
    t = make(2, Format.KNOCKOUT)
    t.start()
    m = t.record(t.current.matches[0].match_id, GameResult(winner=None, diff=-2))  # type: ignore[union-attr]
    assert m.winner == m.b


def test_withdrawn_team_forfeits_and_is_not_paired_again() -> None:
    t = make(6, Format.SWISS, rounds=3, seed=5)
    t.start()
    leaver = t.teams[0]
    m = t.open_match_of(leaver.team_id)
    t.remove_team_of(leaver.players[0])  # type: ignore[arg-type]
    m = t.match(m.match_id)  # type: ignore[union-attr]
    assert m.decided and m.winner == m.other(leaver.team_id)
    play_out(t, random.Random(1))
    later = [x for r in t.rounds[1:] for mm in r.matches for x in mm.teams]
    assert leaver.team_id not in later


def test_signup_rules() -> None:
    t = make(2)
    with pytest.raises(NotAllowed) as err:
        t.add_team("Other", (100, 7), ("x", "y"))
    assert err.value.key == "tournament.already_in_team"
    with pytest.raises(NotAllowed) as err:
        t.add_team("team 1", (7, 8), ("x", "y"))
    assert err.value.key == "tournament.name_taken"
    with pytest.raises(NotAllowed) as err:
        t.add_team("Solo", (7, 7), ("x", "x"))
    assert err.value.key == "tournament.same_player"
    lone = make(1)
    with pytest.raises(NotAllowed) as err:
        lone.start()
    assert err.value.key == "tournament.too_few_teams"
    t.remove_team_of(101)
    assert [x.name for x in t.teams] == ["Team 2"]


def test_replace_player() -> None:
    t = make(2)
    team = t.replace_player(100, 555, "New")
    assert team.players == (555, 101) and team.names[0] == "New"
    assert t.team_of(100) is None and t.team_of(555) == team


def test_round_deadline() -> None:
    t = make(4, Format.SWISS, deadline_hours=24)
    rnd = t.start(now=1000.0)
    assert rnd.deadline == 1000.0 + 24 * 3600
    assert make(4).start(now=5.0).deadline is None


def test_duplicate_rounds_share_one_deal_seed_per_round() -> None:
    t = make(6, Format.DUPLICATE, rounds=2, seed=4)
    play_out(t, random.Random(1))
    seeds = [r.seed for r in t.rounds]
    assert len(set(seeds)) == 2
    assert make(6, Format.DUPLICATE, rounds=2, seed=4).start().seed == seeds[0]  # reproducible


# -- scoring --------------------------------------------------------------------------------------------
def _hand(n: int, before: tuple[str, str], after: tuple[str, str], dealer: int = 0, points: int = 40,
          gains: tuple[int, int] = (0, 0)) -> HandResult:
    return HandResult(hand_number=n, dealer=dealer, level=before[dealer % 2], trump="S", kitty=(Card("5", "S"),),
                      kitty_points=5, trick_points=points, kitty_multiplier=0, kitty_bonus=0, defender_points=points,
                      last_winner=0, levels_before=before, levels_after=after, level_gains=gains,
                      defenders_take_over=points >= 80, next_dealer=(dealer + 1) % 4, match_winner=None)


def test_level_index_counts_negative_levels() -> None:
    assert [level_index(x) for x in ("2", "10", "A", "-1", "-2")] == [0, 8, 12, -1, -2]


def test_timed_higher_level_wins() -> None:
    r = timed_result(("7", "9"), on_stage=0, results=())
    assert r.winner == 1 and r.diff == -2 and r.score == (5, 7)


def test_timed_tie_on_stage_or_first_to_reach() -> None:
    results = [_hand(1, ("2", "2"), ("2", "5"), dealer=1),   # team 1 reaches 5 in hand 1
               _hand(2, ("2", "5"), ("5", "5"), dealer=0)]   # team 0 reaches 5 in hand 2
    assert timed_result(("5", "5"), on_stage=0, results=results).winner == 0
    assert timed_result(("5", "5"), on_stage=0, results=results, tie=TimedTie.FIRST).winner == 1
    assert timed_result(("5", "5"), on_stage=1, results=results, tie=TimedTie.ON_STAGE).winner == 1


def test_big_points_from_the_sheets_examples() -> None:
    """附件3: small points 15, 40, 80, 120, 160 → big points 2, 3, 4, 6, 8 (200 → 10)."""
    assert [big_points(x) for x in (15, 40, 80, 120, 160, 200)] == [2, 3, 4, 6, 8, 10]
    assert [big_points(x) for x in (0, 35, 75, 115, 155, 195, 240)] == [2, 2, 3, 4, 6, 8, 10]


def test_deal_big_points_both_teams_and_the_levels_option() -> None:
    hand = _hand(1, ("2", "2"), ("3", "2"), dealer=0, points=40, gains=(1, 0))
    assert deal_big_points(hand) == (8, 3)  # dealers kept 160, defenders took 40
    assert deal_big_points(hand, BigPoints.LEVELS) == (1, 0)
    g = duplicate_result([hand, _hand(2, ("3", "2"), ("3", "2"), dealer=1, points=120, gains=(1, 0))])
    assert g.score == (8 + 6, 3 + 4) and g.winner == 0 and g.diff == 7


def test_forfeit_result_keeps_levels_reached() -> None:
    r = forfeit_result(1, (2, 6))
    assert r.winner == 0 and r.forfeit and r.diff == -4
    assert forfeit_result(0).winner == 1


def test_every_tournament_key_is_in_the_catalogue() -> None:
    import re
    from pathlib import Path

    import i18n

    root = Path(__file__).resolve().parents[2]
    keys = {k for p in (root / "engine" / "tournament").rglob("*.py")
            for k in re.findall(r"""["'](tournament\.[a-z_]+)["']""", p.read_text(encoding="utf-8"))}
    keys |= {f"tournament.not_{s.value}" for s in (Status.SIGNUP, Status.RUNNING)}
    assert len(keys) > 10
    assert not [k for k in keys if k not in i18n.MESSAGES]
