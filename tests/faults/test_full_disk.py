"""A full disk (issue #51, 8), on a real small filesystem (a 1 MB tmpfs filled up): the database's disk full
mid-match or at the start, and the output folder's. Each is one line, a non-zero exit, and nothing lost (the
database passes its integrity check with everything stored before, the previous run's pictures stay); the job
exits instead of hanging with a traceback every 0.5 s; ``check`` measures the free space."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.cli.test_commands import bot
from tests.helpers.mounts import fill, tmpfs

SHORT = ("--end-level", "3", "--ai", "random")


def leave_free(folder: Path, kilobytes: int) -> None:
    """Fill ``folder``'s filesystem, then give back ``kilobytes``."""
    written = fill(folder)
    os.truncate(folder / "filler", max(0, written - kilobytes * 1024))


def offline(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    try:
        return bot("offline", *SHORT, cwd=tmp_path, env={"LOG_LEVEL": "INFO", **env}, timeout=180)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the job hung on a full disk instead of exiting: {str(exc.stderr)[-2000:]}")


def one_line(done: subprocess.CompletedProcess[str], start: str) -> str:
    """Exit 1, no traceback, and exactly one line that is not an INFO log record: the refusal."""
    assert done.returncode == 1, done.stdout + done.stderr[-3000:]
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-3000:]
    lines = [line for line in done.stderr.splitlines() if line.strip() and " INFO " not in line]
    assert len(lines) == 1, lines
    assert lines[0].startswith(start), lines[0]
    return lines[0]


def finished_matches(path: Path) -> int:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return int(conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0])


@pytest.mark.parametrize("free_kb", [0, 60, 150])
def test_the_database_on_a_full_disk_is_one_line_and_nothing_lost(tmp_path: Path, free_kb: int) -> None:
    """0 kB: refused at the start; 60 and 150 kB: the disk fills during the match (its first writes fit)."""
    seed_db = tmp_path / "seed.sqlite3"
    done = bot("offline", *SHORT, cwd=tmp_path, env={"TRACTOR_DB": str(seed_db), "TRACTOR_OUT": str(tmp_path / "o1"),
                                                      "LOG_LEVEL": "WARNING"})
    assert done.returncode == 0, done.stderr
    before = finished_matches(seed_db)
    pictures = sorted(p.name for p in (tmp_path / "o1").iterdir())
    with tmpfs(tmp_path / "disk") as disk:
        shutil.copy(seed_db, disk / "bot.sqlite3")
        leave_free(disk, free_kb)
        done = offline(tmp_path, {"TRACTOR_DB": str(disk / "bot.sqlite3"), "TRACTOR_OUT": str(tmp_path / "o1")})
        line = one_line(done, f"bot.py: error: The disk holding {disk / 'bot.sqlite3'} is full (")
        assert "what was stored before it is intact" in line
        assert sorted(p.name for p in (tmp_path / "o1").iterdir()) == pictures  # the previous run's pictures
        check = bot("check", cwd=tmp_path, env={"TRACTOR_DB": str(disk / "bot.sqlite3"), "LOG_LEVEL": "WARNING"})
        assert check.returncode == 1, check.stdout
        assert "FAIL  disk space: only " in check.stdout and f"free in {disk} (at least 64.0 MB wanted)" in check.stdout
        (disk / "filler").unlink()  # space freed, as the line says: the database is whole, with all it had
        assert finished_matches(disk / "bot.sqlite3") == before


def test_the_output_folder_on_a_full_disk_is_one_line_and_keeps_the_previous_pictures(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "disk") as disk:
        out = disk / "out"
        out.mkdir()
        (out / "ladder.png").write_bytes(b"the previous run's ladder")
        (out / "match_log.txt").write_text("the previous run's log\n")
        leave_free(disk, 100)
        done = offline(tmp_path, {"TRACTOR_DB": str(tmp_path / "bot.sqlite3"), "TRACTOR_OUT": str(out)})
        one_line(done, f"bot.py: error: Cannot write the pictures into {out}: the disk is full (")
        assert (out / "ladder.png").read_bytes() == b"the previous run's ladder"
        assert sorted(p.name for p in out.iterdir()) == ["ladder.png", "match_log.txt"]
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "out"]  # no half-written folder left
        check = bot("check", cwd=tmp_path, env={"TRACTOR_DB": str(tmp_path / "bot.sqlite3"), "TRACTOR_OUT": str(out)})
        assert check.returncode == 1 and "FAIL  disk space: only " in check.stdout and str(disk) in check.stdout
    with sqlite3.connect(tmp_path / "bot.sqlite3") as conn:  # the interrupted match left no open table
        assert conn.execute("SELECT COUNT(*) FROM game_tables WHERE status IN ('lobby', 'playing')").fetchone()[0] == 0


def test_check_measures_the_free_space(tmp_path: Path) -> None:
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": str(tmp_path / "bot.sqlite3"), "LOG_LEVEL": "WARNING"})
    line = next(line for line in done.stdout.splitlines() if "disk space" in line)
    assert line.startswith("ok    disk space: ") and f"for the database ({tmp_path})" in line


def test_the_tournaments_output_folder_on_a_full_disk_is_one_line(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "disk") as disk:
        leave_free(disk, 0)
        try:
            done = bot("tournament", "--teams", "4", "--out", str(disk / "out"), cwd=tmp_path,
                       env={"LOG_LEVEL": "INFO"}, timeout=180)
        except subprocess.TimeoutExpired:
            pytest.fail("the tournament hung on a full disk")
        one_line(done, f"bot.py: error: Cannot write the pictures into {disk / 'out'}: the disk is full (")
