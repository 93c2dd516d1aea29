"""A SQLite database file every start looks at before writing to it (``data.sqlitefile``): a
damaged file, a read-only one, and a read-only ``-wal``/``-shm`` left beside it are refused by ``run``, ``offline``
and ``tournament`` in one line, with nothing changed (no byte, no mode, no side file, no picture), and ``check``
says the same; once the operator fixes what the line names, ``check`` is right that the next start works.

Real files: a page overwritten, ``chattr +i`` (root ignores modes) or ``chmod 0444`` (another user), the side files
of a writer killed before it closed."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

from tests.cli.test_commands import TOKEN, bot, one_error_line
from tests.faults.test_operator_faults import QUIET, SHORT, damage, read_only

STARTS = (("offline", *SHORT), ("tournament", "--teams", "2"), ("run",))


def files(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and mode."""
    return {str(p.relative_to(folder)): (p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
            for p in sorted(folder.rglob("*")) if p.is_file()}


def start(args: tuple[str, ...], folder: Path) -> subprocess.CompletedProcess[str]:
    """``bot.py args`` on ``folder/bot.sqlite3``; ``run`` logs in to a fake Discord that refuses the token (were the
    database accepted, the line would say so)."""
    env = {"TRACTOR_DB": "bot.sqlite3", **QUIET}
    if args == ("run",):
        return bot(cwd=folder, env={**env, "DISCORD_TOKEN": TOKEN}, fake="refuse")
    return bot(*args, cwd=folder, env=env)


def played(folder: Path) -> None:
    """An offline match stored in ``folder/bot.sqlite3``, its pictures in ``folder/offline_match``."""
    done = bot("offline", *SHORT, cwd=folder, env={"TRACTOR_DB": "bot.sqlite3", **QUIET})
    assert done.returncode == 0, done.stderr
    assert any(p.suffix == ".png" for p in (folder / "offline_match").iterdir())


def refused(done: subprocess.CompletedProcess[str]) -> str:
    """``one_error_line``, the start-up's note of a stale compiled build aside (a checkout whose engine changed
    since ``pip install .``: it runs as plain Python and says so)."""
    stale = [line for line in done.stderr.splitlines() if " cli.compiled: " in line]
    return one_error_line(subprocess.CompletedProcess(done.args, done.returncode, done.stdout,
                                                      "".join(f"{line}\n" for line in done.stderr.splitlines()
                                                              if line not in stale)))


def refused_by_every_start(folder: Path, *words: str) -> None:
    before = files(folder)
    for args in STARTS:
        done = start(args, folder)
        assert files(folder) == before, args  # not a byte, a mode, a side file or a picture changed
        line = refused(done)
        assert all(w in line for w in words), (args, line)


def check_fails(folder: Path, *words: str) -> None:
    done = bot("check", cwd=folder, env={"TRACTOR_DB": "bot.sqlite3"})
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
    assert len(failures) == 1 and all(w in failures[0] for w in words), done.stdout


def ready(folder: Path) -> None:
    """``check`` says ready, and the next start indeed works."""
    done = bot("check", cwd=folder, env={"TRACTOR_DB": "bot.sqlite3"})
    assert done.returncode == 0 and "FAIL" not in done.stdout, done.stdout
    played(folder)


# -- 9: a damaged file ---------------------------------------------------------------------------------------------
def test_a_damaged_file_is_refused_by_every_start_before_anything_is_written(tmp_path: Path) -> None:
    played(tmp_path)
    damage(tmp_path / "bot.sqlite3", "dm_notify")  # a table no start reads before it writes
    check_fails(tmp_path, "damaged", "backup")
    refused_by_every_start(tmp_path, "damaged", "backup")


# -- 10: a read-only file, a read-only side file ---------------------------------------------------------------------
def test_a_read_only_database_is_refused_with_nothing_touched_and_the_fix_is_the_whole_fix(tmp_path: Path) -> None:
    played(tmp_path)
    path = tmp_path / "bot.sqlite3"
    path.chmod(0o644)  # an older file: were it opened, start would tighten it
    with read_only(path):
        refused_by_every_start(tmp_path, "bot.sqlite3", "read-only")
        check_fails(tmp_path, "bot.sqlite3", "read-only")
        assert sorted(p.name for p in tmp_path.glob("bot.sqlite3*")) == ["bot.sqlite3"]  # no -wal/-shm made
    ready(tmp_path)


def killed_writer(path: Path) -> None:
    """A process that wrote a row in WAL mode and died before closing: its ``-wal`` (holding the row) and ``-shm``
    stay beside the file."""
    code = ("import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA journal_mode=WAL'); "
            "c.execute(\"INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (7, '{}', 0)\"); "
            "c.commit(); os._exit(0)")
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, timeout=60)


def test_a_read_only_side_file_is_refused_by_check_and_every_start_and_its_rows_are_kept(tmp_path: Path) -> None:
    played(tmp_path)
    path = tmp_path / "bot.sqlite3"
    killed_writer(path)
    shm = path.with_name("bot.sqlite3-shm")
    assert shm.exists() and path.with_name("bot.sqlite3-wal").stat().st_size > 0
    with read_only(shm):  # as a start on a read-only database used to leave it (mode 0400)
        check_fails(tmp_path, "bot.sqlite3-shm", "read-only")
        refused_by_every_start(tmp_path, "bot.sqlite3-shm", "read-only")
    ready(tmp_path)
    with sqlite3.connect(path) as conn:  # the killed writer's row, kept in its -wal all along
        assert conn.execute("SELECT COUNT(*) FROM guild_settings WHERE guild_id = 7").fetchone()[0] == 1
    conn.close()
    assert os.access(path, os.W_OK)
