"""The offline main job plays a whole short match of four AI players end to end through the service,
storage and renderer, and writes the trick, hand, match and ladder pictures and the log."""

from __future__ import annotations

from pathlib import Path

from cli.offline.job import run_offline_match
from data import Database

PNG = b"\x89PNG\r\n\x1a\n"


async def test_offline_match_writes_pictures_and_ladder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    db_path = tmp_path / "offline.sqlite3"
    report = await run_offline_match(out, seed=3, preset="standard", ai_level="basic", db_path=db_path,
                                     end_level="3", echo=False)
    assert report.winner in (0, 1) and report.hands >= 1
    names = {p.name for p in out.iterdir()}
    for n in range(1, report.hands + 1):
        assert f"hand{n:02d}_summary.png" in names
        assert f"hand{n:02d}_trick01.png" in names
    assert {"match_summary.png", "ladder.png", "match_log.txt"} <= names
    assert all((out / n).read_bytes().startswith(PNG) for n in names if n.endswith(".png"))
    assert set(report.files) == {out / n for n in names if n.endswith(".png")}
    log = (out / "match_log.txt").read_text(encoding="utf-8")
    assert "Match over" in log and "Offline match" in log
    db = await Database.open(db_path)
    board = await db.leaderboard(0)
    assert {p.user_id for p in board} == {1, 2, 3, 4}
    assert sum(p.matches_won for p in board) == 2 and sum(p.matches_lost for p in board) == 2
    assert (await db.get_table(report.table_id)).status == "finished"
    assert await db.last_seq(report.table_id) == report.actions
    await db.close()


async def test_offline_hand_limit_still_draws_the_summary(tmp_path: Path) -> None:
    report = await run_offline_match(tmp_path, seed=4, preset="standard", ai_level="random", db_path=None,
                                     end_level="A", max_hands=1, echo=False, locale="zh-CN")
    assert report.hands == 1 and report.winner is None
    assert (tmp_path / "match_summary.png").exists() and (tmp_path / "ladder.png").exists()
    assert "离线比赛" in (tmp_path / "match_log.txt").read_text(encoding="utf-8")


def test_report_describes_itself_briefly(tmp_path: Path) -> None:
    from cli.offline.job import OfflineReport

    report = OfflineReport(table_id=3, winner=1, hands=4, actions=300, levels=("3", "5"),
                           files=(tmp_path / "a.png", tmp_path / "b.png"), seconds=2.25)
    lines = report.describe()
    assert len(lines) == 2 and "4 hands" in lines[0] and "winners East & West" in lines[0]  # names, not "team 1"
    assert lines[1] == f"2 pictures in {tmp_path} (2.2 s)"


async def test_offline_log_names_the_chosen_tuoguan(tmp_path: Path) -> None:
    await run_offline_match(tmp_path, seed=6, ai_level="random", end_level="A", max_hands=1, echo=False)
    log = (tmp_path / "match_log.txt").read_text(encoding="utf-8").splitlines()
    away = [f"{name} hands their seat to the AI (托管)." for name in ("South", "East", "North", "West")]
    start = log.index(away[0])
    assert log[start:start + 4] == away


async def test_the_match_log_reads_as_a_story(tmp_path: Path) -> None:
    """Teams named one way, each hand's level and dealer, declarations, the kitty and why the levels changed."""
    report = await run_offline_match(tmp_path, seed=3, end_level="4", echo=False)
    log = (tmp_path / "match_log.txt").read_text(encoding="utf-8").splitlines()
    hands = [line for line in log if line.startswith("Hand ") and "played at level" in line]
    assert len(hands) == report.hands and hands[0].startswith("Hand 1 — played at level 2")
    assert sum(" declares " in line or " overcalls " in line for line in log) >= report.hands
    assert sum(line.strip().startswith("Kitty ") for line in log) == report.hands
    assert sum(line.strip().startswith("Why: ") for line in log) == report.hands
    teams = {"Team A (South & North)", "Team B (East & West)"}
    assert all(any(team in line for team in teams) for line in log if line.strip().startswith(("Why", "Team ")))
    assert sum(line.strip().startswith(tuple(teams)) for line in log) == 2 * report.hands
    settled = [line for line in log if "settled" in line]
    assert settled and all("kitty bonus +" in line or "kitty bonus -" in line for line in settled)  # signed once
