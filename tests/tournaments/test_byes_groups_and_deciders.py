"""Issue #26's tournament defects: Swiss byes, bye not a win, groups of five, how a match was decided."""

from __future__ import annotations

import random

from engine.tournament import Format, GameResult
from engine.tournament.model import How
from engine.tournament.pairing import split_groups, swiss_bye, swiss_pairs
from engine.tournament.report import report
from runtime.tournament.views import bracket_columns, standing_lines
from tests.helpers.tournament_checks import check_report
from tests.helpers.tournaments import make, play_out


def test_swiss_bye_is_the_lowest_ranked_without_one() -> None:
    """Two rounds of five teams: team 1 is last (0 points) and has had no bye; the old weights moved the bye to
    team 3 (fourth) because pairing the others closer in score outweighed the rank term."""
    ranked = [2, 5, 4, 3, 1]
    points = {1: 0, 2: 2, 3: 1, 4: 1, 5: 2}
    played = {frozenset(p) for p in ((3, 4), (1, 3), (4, 5), (1, 2))}
    byes = {5: 1, 2: 1}
    pairs = swiss_pairs(ranked, points, played, byes)
    assert [a for a, b in pairs if b is None] == [1] == [swiss_bye(ranked, byes)]
    assert sorted(x for p in pairs for x in p if x is not None) == [1, 2, 3, 4, 5]


def test_a_bye_is_not_a_win() -> None:
    t = make(3, Format.SWISS, rounds=2, seed=4)  # three rounds of three teams: refused (the leader's bye)
    play_out(t, random.Random(4))
    assert sorted(s.byes for s in t.standings()) == [0, 1, 1]
    for s in t.standings():
        assert s.wins + s.draws + s.losses == s.played == 2 - s.byes
    for line in standing_lines(t, "en"):
        assert sum(int(x) for x in line.record.split("–")) == 2 - line.byes


def test_five_teams_make_one_group_and_groups_are_balanced() -> None:
    rng = random.Random(1)
    assert [len(g) for g in split_groups(range(5), 4, rng)] == [5]
    assert split_groups(range(2), 4, rng) == []
    for n in range(3, 34):
        sizes = [len(g) for g in split_groups(range(n), 4, rng)]
        assert min(sizes) >= 3 and max(sizes) - min(sizes) <= 1 and sum(sizes) == n


def test_groups_standings_never_show_a_winless_qualifier_above_a_better_group_team() -> None:
    t = make(5, Format.GROUPS, seed=2)
    play_out(t, random.Random(2))
    check_report(report(t))
    assert len(t.groups) == 1


def test_bracket_says_how_a_match_at_equal_levels_was_won() -> None:
    """A knock-out game won by passing 4 ends 4 against 4 in levels: the box tells who passed."""
    t = make(2, Format.KNOCKOUT, seed=1)
    t.start()
    m = t.current.matches[0]  # type: ignore[union-attr]
    t.record(m.match_id, GameResult(winner=1, diff=-1, score=(2, 2), how=How.PASSED.value))
    box = bracket_columns(t, "en")[0].boxes[0]
    assert (box.a_score, box.b_score, box.winner) == ("4", "4", 1)
    assert box.note == f"{t.team(m.b).name} passed 4"  # type: ignore[arg-type]
    assert bracket_columns(t, "zh-CN")[0].boxes[0].note == f"{t.team(m.b).name} 打过 4"  # type: ignore[arg-type]
    assert bracket_columns(t, "en")[0].title == "Final"
    assert report(t)["schedule"][0]["matches"][0]["how"] == "passed"

