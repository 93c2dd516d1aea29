"""The nightly backup of deploy/tractor-backup.cron (and docs/DEPLOY.md's copy of its line), run as cron runs it:
``%`` unescaped, cron's bare environment (no ``TRACTOR_DB`` from the unit or its env file), the paths of the unit
moved into a temporary folder. It copies the unit's database, as the unit's user; fourteen days give fourteen
copies (two weeks) and the fifteenth replaces the first; a missing backup folder is one line and exit 1."""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

from data import Database
from tests.project.test_deploy import ROOT, assignments, unit

CRON = ROOT / "deploy" / "tractor-backup.cron"
DAY = 86400


def job() -> tuple[str, str]:
    """The cron file's one job: (user, command) — ``m h dom mon dow user command``."""
    lines = [line for line in CRON.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#") and not re.match(r"^\w+=", line)]
    assert len(lines) == 1, lines
    fields = lines[0].split(None, 6)
    assert fields[:5] == ["15", "4", "*", "*", "*"], fields
    return fields[5], fields[6]


def as_cron_runs_it(command: str) -> str:
    """cron's reading of the command: ``\\%`` is a ``%``; a bare ``%`` would end the command (stdin follows)."""
    assert not re.search(r"(?<!\\)%", command), "a bare % in a cron command cuts it short"
    return command.replace("\\%", "%")


def test_the_job_runs_as_the_units_user_on_the_units_database() -> None:
    user, command = job()
    service = unit()["Service"]
    assert user == service["User"]
    words = shlex.split(as_cron_runs_it(command).split("&&")[1])
    assert assignments(words[0])["TRACTOR_DB"] == assignments(service["Environment"])["TRACTOR_DB"]
    assert command.startswith(f"cd {service['WorkingDirectory']} && ")
    assert f"15 4 * * * {user} {command}" in (ROOT / "docs" / "DEPLOY.md").read_text(encoding="utf-8")


def run_job(command: str, tmp_path: Path, day: int) -> subprocess.CompletedProcess[str]:
    """The job's command through /bin/sh with cron's environment, on day number ``day`` (``date +%s``)."""
    shim = tmp_path / "bin"
    shim.mkdir(exist_ok=True)
    (shim / "date").write_text('#!/bin/sh\n'  # the night's clock; every other use of date is the real one
                               'if [ "$1" = "+%s" ]; then echo "$FAKE_EPOCH"; else exec /bin/date "$@"; fi\n')
    (shim / "date").chmod(0o755)
    python = ".venv/bin/python" if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
    moved = (as_cron_runs_it(command).replace("/opt/tractor-bot", str(ROOT))
             .replace("/var/lib/tractor-bot", str(tmp_path / "state"))
             .replace("/var/backups/tractor", str(tmp_path / "backups")).replace(".venv/bin/python", python))
    env = {"SHELL": "/bin/sh", "PATH": f"{shim}:/usr/bin:/bin", "HOME": str(tmp_path), "LOGNAME": "tractor",
           "FAKE_EPOCH": str(day * DAY + 4 * 3600 + 900), "LOG_LEVEL": "WARNING"}
    return subprocess.run(["/bin/sh", "-c", moved], env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def test_fourteen_nights_keep_fourteen_copies_of_the_units_database(tmp_path: Path) -> None:
    (tmp_path / "state").mkdir()
    db_file = tmp_path / "state" / "tractor.sqlite3"

    async def create() -> None:
        db = await Database.open(db_file)
        await db.close()

    asyncio.run(create())
    _, command = job()
    done = run_job(command, tmp_path, 20_000)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "does not exist" in done.stderr  # the folder must exist
    (tmp_path / "backups").mkdir()
    for day in range(20_000, 20_015):
        done = run_job(command, tmp_path, day)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.startswith("backup written to ")
    copies = sorted((tmp_path / "backups").iterdir())
    assert len(copies) == 14, copies
    for copy in copies:
        with sqlite3.connect(copy) as conn:
            assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] >= 1
    newest = max(copies, key=lambda p: p.stat().st_mtime_ns)
    assert newest.name == f"tractor-{20_014 % 14}.sqlite3"
    assert os.stat(newest).st_mode & 0o077 == 0
