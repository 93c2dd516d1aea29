"""The third-place match (三四名决赛, ``Config.third_place``): the semi-final losers play it alongside the final,
its winner ranks 3rd and its loser 4th, and the bracket, standings, table announcement and ``--json`` report
show it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cli.offline.tournament import run_offline_tournament
from engine.errors import NotAllowed
from engine.tournament import Format, GameResult, Match, Stage, Status, Tournament
from engine.tournament.report import report, stage_label
from runtime import inputs
from runtime.tournament.views import bracket_columns, config_lines, match_stage, standing_lines
from tests.helpers.tournament_checks import check_report
from tests.helpers.tournaments import make, play_out


def win(t: Tournament, match_id: str, team: int, diff: int = 1) -> None:
    m = t.match(match_id)
    side = m.side(team)
    t.record(match_id, GameResult(winner=side, diff=diff if side == 0 else -diff, score=(3, 2) if side == 0
                                  else (2, 3)))


def four_team_semis(third_place: bool = True) -> Tournament:
    t = make(4, Format.KNOCKOUT, seed=5, third_place=third_place)
    t.start()
    return t


def test_semi_final_losers_play_for_third_place_and_rank_third_and_fourth() -> None:
    t = four_team_semis()
    semis = t.current
    assert semis is not None and len(semis.matches) == 2
    losers = []
    for m in semis.matches:
        win(t, m.match_id, m.a, diff=1)
        assert m.b is not None
        losers.append(m.b)
    final_round = t.draw_next()
    assert final_round is not None and stage_label(t, final_round) == "final"
    final, third = final_round.matches
    assert third.place == 3 and final.place is None
    assert [third.a, third.b] == losers
    assert final.best_of == third.best_of == 1
    # the third-place loser had the bigger level difference so far: the match, not the tie-break, places it
    win(t, third.match_id, losers[1], diff=1)
    win(t, final.match_id, final.a)
    assert t.draw_next() is None and t.status is Status.FINISHED
    standings = t.standings()
    assert [s.team_id for s in standings][:4] == [final.a, final.b, losers[1], losers[0]]
    assert [(s.rank, s.place) for s in standings[2:4]] == [(3, 3), (4, 4)]
    assert standings[2].eliminated_in == standings[3].eliminated_in == semis.number  # both went out in the semis
    assert t.champion == final.a
    check_report(report(t))


def test_without_the_option_no_placing_match() -> None:
    t = four_team_semis(third_place=False)
    play_out(t, random.Random(1))
    assert all(m.place is None for r in t.rounds for m in r.matches)
    assert len(t.rounds[-1].matches) == 1
    check_report(report(t))


@pytest.mark.parametrize("n", range(2, 34))
def test_every_team_count_has_a_third_place_match_exactly_after_two_semi_finals(n: int) -> None:
    """Three teams (a semi-final with a bye: one loser) and two teams (a final only) have none."""
    t = make(n, Format.KNOCKOUT, seed=n, third_place=True)
    play_out(t, random.Random(n))
    placing = [m for r in t.rounds for m in r.matches if m.place is not None]
    semis = [m for m in t.rounds[-2].matches if not m.is_bye] if len(t.rounds) > 1 else []
    assert len(placing) == (1 if len(semis) == 2 else 0)
    sizes = [n]
    while sizes[-1] > 1:
        sizes.append((sizes[-1] + 1) // 2)
    assert (len(placing) == 1) == (4 in sizes)  # 9 → 5 → 3 → 2: none; 7 → 4 → 2: one
    check_report(report(t))
    assert Tournament.from_json(t.to_json()).to_json() == t.to_json()


@pytest.mark.parametrize("n", [6, 8, 16])  # 4 or 8 qualifiers (12 teams: 6, then 3 with a bye: none)
def test_groups_knockout_stage_has_the_third_place_match(n: int) -> None:
    t = make(n, Format.GROUPS, seed=n, third_place=True)
    play_out(t, random.Random(n))
    last = t.rounds[-1]
    assert [m.place for m in last.matches] == [None, 3]
    ranks = {s.team_id: s.rank for s in t.standings()}
    third = last.matches[1]
    assert third.winner is not None
    assert ranks[third.winner] == 3 and ranks[third.other(third.winner) or 0] == 4
    check_report(report(t))


def test_a_withdrawn_semi_final_loser_forfeits_the_third_place_match() -> None:
    t = four_team_semis()
    semis = t.current
    assert semis is not None
    for m in semis.matches:
        win(t, m.match_id, m.a)
    loser = semis.matches[0].b
    assert loser is not None
    t.remove_team_of(t.team(loser).players[0] or 0)  # leaves before the final round is drawn: no open match
    rnd = t.draw_next()
    assert rnd is not None
    third = rnd.matches[1]
    assert third.place == 3 and third.decided and third.winner == semis.matches[1].b


def test_the_pictures_and_the_table_announcement_name_the_third_place_match() -> None:
    t = four_team_semis()
    for m in t.current.matches:  # type: ignore[union-attr]
        win(t, m.match_id, m.a)
    t.draw_next()
    third = t.current.matches[1]  # type: ignore[union-attr]
    assert match_stage(t, third, "en") == "Third-place match"
    assert match_stage(t, third, "zh-CN") == "三四名决赛"
    assert match_stage(t, t.current.matches[0], "en") == "Final"  # type: ignore[union-attr]
    win(t, third.match_id, third.a)
    win(t, t.current.matches[0].match_id, t.current.matches[0].a)  # type: ignore[union-attr]
    t.draw_next()
    titles = [c.title for c in bracket_columns(t, "zh-CN")]
    assert titles == ["半决赛", "决赛", "三四名决赛"]
    assert [len(c.boxes) for c in bracket_columns(t, "en")] == [2, 1, 1]
    notes = [line.note for line in standing_lines(t, "zh-CN")]
    assert notes[2:4] == ["季军", "第四名"]
    assert config_lines(t, "en") and config_lines(four_team_semis(False), "en") == []


def test_stored_matches_without_a_place_load_and_store_as_before() -> None:
    old = {"match_id": "r1m1", "round": 1, "a": 1, "b": 2, "stage": "knockout"}
    m = Match.from_json(old)
    assert m.place is None and "place" not in m.to_json()
    placed = Match(match_id="r2m2", round=2, a=1, b=2, stage=Stage.KNOCKOUT, place=3)
    assert Match.from_json(placed.to_json()) == placed


def test_the_create_option_is_checked() -> None:
    assert inputs.tournament_config(format="knockout", third_place=True).third_place is True
    assert inputs.tournament_config(format="knockout").third_place is False


async def test_offline_knockout_with_a_third_place_match(tmp_path: Path) -> None:
    """``bot.py tournament --format knockout --teams 8 --third-place --json``, checked from its report."""
    result = await run_offline_tournament(tmp_path, teams=8, fmt=Format.KNOCKOUT, seed=3, third_place=True)
    summary = json.loads(json.dumps(result.json()))
    rep = summary["report"]
    assert rep["third_place"] is True
    final = rep["schedule"][-1]
    assert final["label"] == "final" and [m["place"] for m in final["matches"]] == [None, 3]
    check_report(rep)
    assert [x["place"] for x in rep["standings"][:4]] == [None, None, 3, 4]
    log = (tmp_path / "tournament_log.txt").read_text(encoding="utf-8")
    assert "Third-place match:" in log


def _swiss_one_round(rank_levels: bool) -> tuple[Tournament, int, int]:
    """Two winners level on points: the first won by 2 levels at level index 5, the second by 1 at index 8."""
    t = make(4, Format.SWISS, seed=2, rounds=1, rank_levels=rank_levels)
    t.start()
    first, second = t.current.matches  # type: ignore[union-attr]
    t.record(first.match_id, GameResult(winner=0, diff=2, score=(5, 3)))
    t.record(second.match_id, GameResult(winner=0, diff=1, score=(8, 7)))
    assert t.draw_next() is None
    return t, first.a, second.a


def test_ranking_by_level_reached_puts_the_higher_winning_level_first() -> None:
    """Seed 000 排位赛: "若出现获胜局数相同，则获胜时级数最大的为一等胜"; without the option the level difference
    decides."""
    t, low, high = _swiss_one_round(rank_levels=True)
    standings = t.standings()
    assert [s.team_id for s in standings[:2]] == [high, low]
    assert [s.reached for s in standings[:2]] == [8, 5]
    check_report(report(t))
    plain, low, high = _swiss_one_round(rank_levels=False)
    assert [s.team_id for s in plain.standings()[:2]] == [low, high]
    check_report(report(plain))
    assert config_lines(t, "zh-CN") == ["按级别排名：积分相同时，获胜时级数最大者列前。"]


def test_ranking_by_level_is_refused_with_duplicate_big_points() -> None:
    with pytest.raises(NotAllowed):
        inputs.tournament_config(format="duplicate", rank_levels=True)
    assert inputs.tournament_config(format="groups", rank_levels=True).rank_levels


@pytest.mark.parametrize("fmt", [Format.SWISS, Format.GROUPS, Format.KNOCKOUT])
def test_ranking_by_level_over_whole_tournaments(fmt: Format) -> None:
    for seed in range(6):
        t = make(9, fmt, seed=seed, rounds=4 if fmt is Format.SWISS else 0, rank_levels=True, third_place=True)
        play_out(t, random.Random(seed))
        check_report(report(t))  # the outside check recomputes the levels reached and the order
