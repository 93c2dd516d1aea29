"""``python bot.py tournament …``: a whole tournament of AI teams offline, ending with one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cli.offline.tournament import main
from tests.helpers.tournament_checks import check_report

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"format", "teams", "rounds", "matches", "champion", "champion_by_lot", "matches_by_lot", "standings", "report"}


def test_bot_py_runs_a_nine_team_knockout(tmp_path: Path) -> None:
    out = tmp_path / "ko"
    done = subprocess.run([sys.executable, "bot.py", "tournament", "--teams", "9", "--format", "knockout",
                           "--seed", "1", "--end-level", "3", "--json", "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=240, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(result) == KEYS
    assert (result["format"], result["teams"], result["rounds"], result["matches"]) == ("knockout", 9, 4, 8)
    assert result["champion"] == result["standings"][0]["team"]
    assert [s["rank"] for s in result["standings"]] == list(range(1, 10))
    check_report(result["report"])
    labels = [r["label"] for r in result["report"]["schedule"]]
    assert labels == ["round", "quarter", "semi", "final"]
    assert all(m["how"] for r in result["report"]["schedule"] for m in r["matches"])
    assert {p.name for p in out.iterdir()} >= {"tournament1_bracket.png", "tournament1_standings.png",
                                              "tournament_log.txt"}


def test_swiss_three_rounds(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--teams", "4", "--format", "swiss", "--rounds", "3", "--end-level", "3", "--json",
                 "--out", str(tmp_path), "--locale", "zh-CN"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (result["rounds"], result["matches"]) == (3, 6)
    assert sum(s["points"] for s in result["standings"]) == 6  # one point per match (a draw: two halves)


def test_bad_team_count_is_refused(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--teams", "1", "--out", str(tmp_path)]) == 2
    assert "--teams" in capsys.readouterr().err


def test_swiss_bye_goes_to_the_lowest_ranked(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue #26: five teams, seed 2 gave round 2's bye to a team that had won round 1 (a leader)."""
    assert main(["--teams", "5", "--format", "swiss", "--end-level", "3", "--json", "--seed", "2",
                 "--out", str(tmp_path)]) == 0
    rep = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["report"]
    check_report(rep)
    second = rep["schedule"][1]
    assert second["byes"] == [second["ranking"][-1]]


def test_groups_then_knockout(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Five teams: one group of five (not 3 + 2, where both teams of the two go through whatever they do) plays
    a round-robin, its top two play the final."""
    assert main(["--teams", "5", "--format", "groups", "--end-level", "3", "--json", "--seed", "2",
                 "--out", str(tmp_path)]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(result) == KEYS and (result["format"], result["teams"]) == ("groups", 5)
    assert result["matches"] == 10 + 1  # a round-robin of five teams, then the final
    check_report(result["report"])
    assert result["report"]["groups"] and len(result["report"]["groups"]) == 1
    assert result["champion"] == result["standings"][0]["team"]
    assert sorted(s["rank"] for s in result["standings"]) == [1, 2, 3, 4, 5]
    assert (tmp_path / "tournament1_bracket.png").exists()


def test_units_kept_apart_and_the_unit_limit(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Entry by unit offline: team i enters for unit i % 2 + 1; round 1 pairs across units; a third team of a unit
    limited to two is refused with the localized message (exit 2)."""
    assert main(["--teams", "4", "--format", "knockout", "--end-level", "3", "--units", "2", "--units-apart",
                 "--unit-limit", "2", "--json", "--out", str(tmp_path)]) == 0
    rep = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["report"]
    check_report(rep)
    unit = {x["team_id"]: x["unit"] for x in rep["teams"]}
    assert sorted(unit.values()) == [1, 1, 2, 2] and rep["units_apart"] and rep["unit_limit"] == 2
    assert all(unit[m["a"]] != unit[m["b"]] for m in rep["schedule"][0]["matches"])
    assert main(["--teams", "5", "--units", "2", "--unit-limit", "2", "--out", str(tmp_path)]) == 2
    assert "Unit 1 already has 2 teams" in capsys.readouterr().err


def test_duplicate_across_tables_is_decided_by_play(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue #55, item 9: the tables of a duplicate round share their deals, not their AI (each table's AI is seeded
    from the tournament's seed and the table); the same AI everywhere played every table alike, so every match
    across tables was drawn and the champion came from the lot, said nowhere."""
    assert main(["--teams", "4", "--format", "duplicate", "--cross-tables", "--rounds", "2", "--json",
                 "--out", str(tmp_path)]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    check_report(result["report"])
    for rnd in result["report"]["schedule"]:
        deals = [m["games"][0]["deals"] for m in rnd["matches"] if m["games"]]
        assert len(deals) == 2 and deals[0] != deals[1]  # the same cards, played differently
    matches = [m for r in result["report"]["schedule"] for m in r["matches"]]
    assert any(m["winner"] is not None for m in matches)
    assert len({s["points"] for s in result["standings"]}) > 1
    assert result["champion_by_lot"] == result["standings"][0]["by_lot"]
    log = (tmp_path / "tournament_log.txt").read_text(encoding="utf-8")
    assert ("decided by lot" in log) == any(s["by_lot"] for s in result["standings"])


def test_more_rounds_than_the_byes_allow_refused_before_play(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue #55, items 10 and 11: ``--teams 5 --rounds 5`` gave the leader a bye in round 5; refused before any
    game with the numbers, and the refused run leaves no empty output folder."""
    out = tmp_path / "offline_tournament"
    assert main(["--teams", "5", "--format", "swiss", "--rounds", "5", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "5 Swiss rounds" in err and "5 teams" in err and "at most 4" in err
    assert not out.exists()
