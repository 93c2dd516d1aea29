"""复式 across tables (``cross_tables``): each team's big points per deal compared with the teams that held the same
cards at the other tables of the round; standings, match log and ``--json`` show it; a restart mid-round loses
nothing (the deals are stored with each game; the round's deals come from its seed)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import NotAllowed
from engine.tournament import Config, Format, GameResult, Tournament
from engine.tournament import Status as TStatus
from engine.tournament.duplicate import _rounded, cross_scores, table_points
from engine.tournament.report import report
from runtime.tournament.views import cross_announcement
from tests.helpers.runtime_support import StepClock
from tests.helpers.tournaments import make as make_tournament
from tests.tournaments.test_service import ORG, make, run, signed_up


def deals_result(deals: list[tuple[int, int]]) -> GameResult:
    a, b = sum(d[0] for d in deals), sum(d[1] for d in deals)
    return GameResult(winner=None if a == b else (0 if a > b else 1), diff=a - b, score=(a, b), how="big_points",
                      deals=tuple(deals))


def play_round(t: Tournament, tables: list[list[tuple[int, int]]]) -> None:
    assert t.current is not None
    played = [m for m in t.current.matches if not m.is_bye]
    for m, deals in zip(played, tables, strict=True):
        t.record(m.match_id, deals_result(deals))


def test_two_tables_compare_each_team_with_the_other_tables_holder() -> None:
    t = make_tournament(4, Format.DUPLICATE, rounds=2, cross_tables=True)
    t.start()
    m1, m2 = t.current.matches  # type: ignore[union-attr]
    # team a of both tables held the same cards: 6 and 4 big points at table 1, 3 and 4 at table 2
    play_round(t, [[(6, 3), (4, 4)], [(3, 6), (4, 4)]])
    assert t.match(m1.match_id).winner == m1.a  # head-to-head so far: 10 – 7
    t.draw_next()
    first = t.rounds[0]
    one, two = (next(m for m in first.matches if m.match_id == x.match_id) for x in (m1, m2))
    assert one.games[0].score == (3, -3) and one.winner == one.a and one.decided_by == "cross"
    assert two.games[0].score == (-3, 3) and two.winner == two.b
    assert table_points(one.games[0]) == (10, 7)  # the table's own big points stay readable
    points = {s.team_id: s.points for s in t.standings()}
    assert points == {m1.a: 3, m1.b: -3, m2.a: -3, m2.b: 3}


def test_head_to_head_alone_would_rank_differently() -> None:
    """The same cards were better for team a everywhere: a team a that won its table by less than the other
    team a did is behind it, and a team b that lost by less is ahead."""
    t = make_tournament(4, Format.DUPLICATE, rounds=1, cross_tables=True)
    t.start()
    m1, m2 = t.current.matches  # type: ignore[union-attr]
    play_round(t, [[(8, 2), (8, 2)], [(6, 3), (6, 3)]])
    t.draw_next()
    points = {s.team_id: s.points for s in t.standings()}
    assert points[m2.b] > points[m2.a]  # lost its table 6–12 but held the weak cards better than table 1's b
    assert points[m2.b] > points[m1.b] and points[m1.a] == 4
    assert t.match(m2.match_id).winner == m2.b


def test_three_tables_compare_with_the_average_of_the_others() -> None:
    t = make_tournament(6, Format.DUPLICATE, rounds=1, cross_tables=True)
    t.start()
    play_round(t, [[(6, 3)], [(3, 6)], [(4, 4)]])
    rnd = t.current
    assert rnd is not None
    got = [cross_scores(rnd, m) for m in rnd.matches]
    # team a: 6 − (3+4)/2 = 2.5 → 3; 3 − 5 = −2; 4 − 4.5 = −0.5 → −1 (half away from zero)
    # team b: 3 − 5 = −2; 6 − 3.5 = 2.5 → 3; 4 − 4.5 → −1
    assert got == [(3, -2), (-2, 3), (-1, -1)]
    assert _rounded(Fraction(-1, 2)) == -1 and _rounded(Fraction(5, 2)) == 3 and _rounded(Fraction(1, 3)) == 0


def test_a_forfeit_a_bye_and_a_single_table_keep_the_head_to_head() -> None:
    t = make_tournament(5, Format.DUPLICATE, rounds=1, cross_tables=True)
    t.start()
    played = [m for m in t.current.matches if not m.is_bye]  # type: ignore[union-attr]
    t.forfeit(played[0].a)
    t.record(played[1].match_id, deals_result([(6, 3)]))
    t.draw_next()
    other = t.match(played[1].match_id)
    assert other.games[0].how == "big_points" and other.games[0].score == (6, 3)  # nobody else held its cards
    assert t.match(played[0].match_id).decided_by == "forfeit"


def test_a_restart_mid_round_gives_the_same_scores() -> None:
    t = make_tournament(4, Format.DUPLICATE, rounds=1, cross_tables=True)
    t.start()
    first, second = t.current.matches  # type: ignore[union-attr]
    t.record(first.match_id, deals_result([(6, 3), (4, 4)]))
    again = Tournament.from_json(t.to_json())  # stored, then loaded by a fresh service
    for x in (t, again):
        x.record(second.match_id, deals_result([(3, 6), (4, 4)]))
        x.draw_next()
    assert again.to_json() == t.to_json()
    assert again.match(first.match_id).games[0].deals == ((6, 3), (4, 4))


def test_the_log_line_and_the_report_show_it() -> None:
    t = make_tournament(4, Format.DUPLICATE, rounds=1, cross_tables=True)
    t.start()
    play_round(t, [[(6, 3), (4, 4)], [(3, 6), (4, 4)]])
    t.draw_next()
    note = cross_announcement(t, 1, "en")
    assert note is not None and note.params["lines"].startswith("Team")
    assert "+3 (10 big points at its table)" in note.params["lines"]
    assert "-3" in cross_announcement(t, 1, "zh-CN").params["lines"]  # type: ignore[union-attr]
    games = [g for r in report(t)["schedule"] for m in r["matches"] for g in m["games"]]
    assert all(g["how"] == "cross" and g["deals"] for g in games)
    assert report(t)["cross_tables"] is True


def test_cross_tables_is_a_duplicate_option() -> None:
    with pytest.raises(NotAllowed):
        Config(format=Format.SWISS, cross_tables=True)


async def test_on_real_tables_through_a_restart(tmp_path: Path) -> None:
    """Four teams, one duplicate round on two real tables; the service is stopped after one table finished and a
    fresh one takes the round to its end: both games are scored across tables from their stored deals."""
    path = tmp_path / "t.sqlite3"
    clock = StepClock()
    service, db, _ = await make(path, clock)
    t = await signed_up(service, 4, format=Format.DUPLICATE, rounds=1, cross_tables=True)
    await service.start(t.tournament_id, ORG)
    while not any(m.decided for m in t.current.matches):  # type: ignore[union-attr]
        assert await service.game.run_until_idle(1)
    await service.game.close()
    await db.close()

    service, db, presenter = await make(path, clock)
    await service.game.restore_all()
    await service.restore()
    again = service.get(t.tournament_id)
    await run(service, again)
    assert again.status is TStatus.FINISHED
    games = [m.games[0] for m in again.rounds[0].matches]
    assert [g.how for g in games] == ["cross", "cross"] and all(len(g.deals) == 16 for g in games)
    for m in again.rounds[0].matches:
        assert m.games[0].score == cross_scores(again.rounds[0], m)
    told = [n.key for u in presenter.updates for n in u.announcements]
    assert "tournament.cross_round" in told
    await db.close()


def test_the_option_is_shown_in_both_locales() -> None:
    from runtime.tournament.views import config_lines

    t = make_tournament(0, Format.DUPLICATE, cross_tables=True, unit_limit=2, units_apart=True)
    for locale, word in (("en", "across tables"), ("zh-CN", "复式比较")):
        lines = config_lines(t, locale)
        assert len(lines) == 3 and word in lines[-1] and "2" in lines[0]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(min_value=2, max_value=33), seed=st.integers(min_value=0, max_value=2**32))
def test_cross_scores_balance_and_the_report_check_passes(n: int, seed: int) -> None:
    """Over 2–33 teams with forfeits: per round and side, the cross scores of the compared tables add up to about
    0 (each deal's differences to the others' average cancel; only the rounding is left), every decided match's
    winner is the higher score, and the outside check of the report passes."""
    import random

    from tests.helpers.tournament_checks import check_report

    rng = random.Random(seed)
    t = make_tournament(n, Format.DUPLICATE, seed=seed, rounds=2, cross_tables=True)
    t.start()
    while t.status is TStatus.RUNNING:
        for m in t.current.matches:  # type: ignore[union-attr]
            if t.match(m.match_id).decided:
                continue
            if rng.random() < 0.1:
                t.forfeit(m.a)
            else:
                t.record(m.match_id, deals_result([(rng.choice((2, 3, 4, 6, 8, 10)), rng.choice((2, 3, 4, 6, 8, 10)))
                                                   for _ in range(rng.randint(1, 4))]))
        t.draw_next()
    for rnd in t.rounds:
        crossed = [m for m in rnd.matches if m.games and m.games[0].how == "cross"]
        for side in (0, 1):
            assert abs(sum(m.games[0].score[side] for m in crossed)) <= len(crossed)
        for m in crossed:
            a, b = m.games[0].score
            assert m.winner == (None if a == b else m.a if a > b else m.b)
    check_report(report(t))
