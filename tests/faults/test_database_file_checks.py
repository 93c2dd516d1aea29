"""A SQLite database file every start looks at before writing to it (issue 51 #9; ``data.sqlitefile``): a damaged
file is refused by ``run``, ``offline`` and ``tournament`` in one line, with nothing changed (no byte, no mode, no
side file, no picture), as ``check`` says. Real files: a page overwritten."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

from tests.cli.test_commands import TOKEN, bot, one_error_line
from tests.faults.test_operator_faults import QUIET, SHORT, damage

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
