"""``python bot.py backup FILE``: a consistent copy of a database that is being written to, refusals as one
line, and PostgreSQL left to pg_dump."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from data import Database
from data.backup import backup_database
from data.errors import DataError
from tests.cli.test_commands import bot
from tests.helpers.records import new_record


async def test_backup_while_the_bot_writes_is_one_consistent_snapshot(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "live.sqlite3")
    stop = asyncio.Event()
    written = 0

    async def writer() -> None:
        nonlocal written
        while not stop.is_set():
            await db.create_table(new_record(1, 2, written + 1, "standard", seed=written))
            written += 1
            await asyncio.sleep(0)

    task = asyncio.create_task(writer())
    while written < 20 and not task.done():
        await asyncio.sleep(0.01)
    assert not task.done(), task
    before = written
    report = await backup_database(tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3")
    after = written
    stop.set()
    await task
    await db.close()
    assert before <= report.tables <= after + 1
    with sqlite3.connect(tmp_path / "copy.sqlite3") as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file
        hosts = [row[0] for row in copy.execute("SELECT host_id FROM game_tables ORDER BY id")]
    assert hosts == list(range(1, report.tables + 1))  # a prefix of the writes: nothing torn
    assert not (tmp_path / "copy.sqlite3.part").exists()
    restored = await Database.open(tmp_path / "copy.sqlite3")  # a backup is a database the bot starts on
    assert len(await restored.list_tables()) == report.tables
    await restored.close()


async def test_backup_refusals(tmp_path: Path) -> None:
    with pytest.raises(DataError) as no_source:
        await backup_database(tmp_path / "absent.sqlite3", tmp_path / "copy.sqlite3")
    assert no_source.value.key == "data.backup_no_source"
    db = await Database.open(tmp_path / "live.sqlite3")
    await db.close()
    with pytest.raises(DataError) as no_folder:
        await backup_database(tmp_path / "live.sqlite3", tmp_path / "missing" / "copy.sqlite3")
    assert no_folder.value.key == "data.backup_no_folder"  # the backup's folder, not the database's (issue #55)
    (tmp_path / "copy.sqlite3").write_bytes(b"keep me")
    with pytest.raises(DataError) as exists:
        await backup_database(tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3")
    assert exists.value.key == "data.backup_exists" and (tmp_path / "copy.sqlite3").read_bytes() == b"keep me"
    report = await backup_database(tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3", overwrite=True)
    assert report.version >= 5 and report.tables == 0


def test_backup_command(tmp_path: Path) -> None:
    done = bot("backup", "copy.sqlite3", cwd=tmp_path, env={"TRACTOR_DB": "live.sqlite3"})
    assert done.returncode == 1
    assert done.stderr.strip() == "bot.py: error: There is no database at live.sqlite3 to back up."
    with sqlite3.connect(tmp_path / "live.sqlite3") as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT, applied_at REAL)")
        conn.execute("INSERT INTO schema_version VALUES (1, 'initial', 0)")
    done = bot("backup", "copy.sqlite3", cwd=tmp_path, env={"TRACTOR_DB": "live.sqlite3", "LOG_LEVEL": "WARNING"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("backup written to copy.sqlite3 (") and "schema version 1" in done.stdout
    again = bot("backup", "copy.sqlite3", cwd=tmp_path, env={"TRACTOR_DB": "live.sqlite3"})
    assert again.returncode == 1 and "already exists" in again.stderr and "Traceback" not in again.stderr
    forced = bot("backup", "--force", "copy.sqlite3", cwd=tmp_path, env={"TRACTOR_DB": "live.sqlite3"})
    assert forced.returncode == 0


def test_backup_of_postgresql_is_refused_with_a_pointer(tmp_path: Path) -> None:
    done = bot("backup", "copy.sql", cwd=tmp_path, env={"TRACTOR_DB": "postgresql://bot@db.example/tractor"})
    assert done.returncode == 1 and "use pg_dump" in done.stderr and len(done.stderr.strip().splitlines()) == 1
