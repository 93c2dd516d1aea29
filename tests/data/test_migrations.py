"""Schema migrations: from empty, from every earlier version (data kept), refusing a newer schema."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from data.connection import Driver
from data.database import Database
from data.errors import DataError
from data.migrate import Migration, applied_version, load_migrations, migrate
from data.postgres import PostgresDriver
from data.sqlite import SqliteDriver
from engine.cards import parse_cards
from tests.helpers.records import new_record

LATEST = load_migrations()[-1].version


async def tables_of(target: str) -> set[str]:
    """Names of the tables and indexes in the database at ``target`` (either backend), read without migrating."""
    if target.startswith("postgresql://"):
        driver: Driver = await PostgresDriver.connect(target, pool_size=1)
        sql = ("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
               " UNION SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")
    else:
        driver = await SqliteDriver.connect(target)
        sql = "SELECT name FROM sqlite_master WHERE type IN ('table', 'index')"
    try:
        return {r[0] for r in await driver.fetchall(sql)}
    finally:
        await driver.close()


def test_migration_files_are_numbered_without_gaps() -> None:
    versions = [m.version for m in load_migrations()]
    assert versions == list(range(1, len(versions) + 1))
    assert len(versions) >= 2


async def test_fresh_database_gets_latest_schema_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "bot.sqlite3"
    with pytest.raises(DataError) as refused:  # a missing folder is refused, never created silently
        await Database.open(path)
    assert refused.value.key == "data.no_folder" and not path.parent.exists()
    path.parent.mkdir()
    db = await Database.open(path)
    assert await db.schema_version() == LATEST
    mode = await db.fetchone("PRAGMA journal_mode")
    fks = await db.fetchone("PRAGMA foreign_keys")
    await db.close()
    assert mode is not None and mode[0] == "wal"
    assert fks is not None and fks[0] == 1
    names = await tables_of(str(path))
    assert {"game_tables", "actions", "snapshots", "timers", "ladder", "seasons", "matches", "queued_plays"} <= names
    assert "ladder_rating" in names


@pytest.mark.parametrize("start", range(1, LATEST))
async def test_upgrade_from_each_earlier_version_keeps_data(db_target: str, start: int) -> None:
    path = db_target
    old = await Database.open(path, migrate_to=start)
    assert await old.schema_version() == start
    table = await old.create_table(new_record(10, 20, 30, "standard", seed=5, mode="async"))
    await old.append_action(table.table_id, 1, {"type": "deal_all"})
    await old.add_timer("reminder", table.table_id, 123.0, {"seat": 1})
    await old.close()
    if start < 2:
        assert "ladder" not in await tables_of(path)
    if start < 5:
        assert "queued_plays" not in await tables_of(path)

    db = await Database.open(path)
    assert await db.schema_version() == LATEST
    assert (await db.get_table(table.table_id)).mode == "async"
    assert (await db.load_game(table.table_id)).actions == [{"type": "deal_all"}]
    assert (await db.next_timer()) is not None
    await db.set_queued_play(table.table_id, 2, parse_cards("10H 10H"), 1)  # the newest tables work too
    assert (await db.queued_plays(table.table_id))[2].cards == parse_cards("10H 10H")
    rows = await db.fetchall("SELECT version FROM schema_version ORDER BY version")
    assert [r[0] for r in rows] == list(range(1, LATEST + 1))
    await db.close()


async def test_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    db = await Database.open(path)
    await db.execute("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                     (LATEST + 1, "from_the_future", 0.0))
    await db.close()
    with pytest.raises(DataError) as err:
        await Database.open(path)
    assert err.value.key == "data.schema_too_new"
    assert err.value.params == {"found": LATEST + 1, "known": LATEST}
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == LATEST + 1


async def test_failed_migration_rolls_back_whole_step(db_target: str) -> None:
    driver: Driver = (await PostgresDriver.connect(db_target) if db_target.startswith("postgresql://")
                      else await SqliteDriver.connect(db_target))
    steps = [Migration(1, "ok", "CREATE TABLE a (x INTEGER);"),
             Migration(2, "broken", "CREATE TABLE b (y INTEGER);\nINSERT INTO nowhere VALUES (1);")]
    with pytest.raises(DataError) as err:
        await migrate(driver, migrations=steps)
    assert err.value.key == "data.migration_failed"
    assert await applied_version(driver) == 1
    await driver.close()
    names = await tables_of(db_target)
    assert "a" in names and "b" not in names


def test_statement_splitter_keeps_triggers_whole() -> None:
    sql = ("-- comment\nCREATE TABLE t (x);\n\nCREATE TRIGGER tr AFTER INSERT ON t BEGIN\n"
           "  UPDATE t SET x = 1;\n  UPDATE t SET x = 2;\nEND;\nCREATE INDEX i ON t (x);\n")
    parts = Migration(1, "t", sql).statements()
    assert len(parts) == 3
    assert parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")


def test_bad_migration_names_are_rejected(tmp_path: Path) -> None:
    (tmp_path / "0001_first.sql").write_text("SELECT 1;")
    (tmp_path / "0003_gap.sql").write_text("SELECT 1;")
    with pytest.raises(DataError):
        load_migrations(tmp_path)
    (tmp_path / "0003_gap.sql").unlink()
    (tmp_path / "two.sql").write_text("SELECT 1;")
    with pytest.raises(DataError) as err:
        load_migrations(tmp_path)
    assert err.value.key == "data.bad_migration_name"


async def test_memory_database_and_closed_errors() -> None:
    db = await Database.open(":memory:")
    assert await db.schema_version() == LATEST
    await db.close()
    assert db.closed
    with pytest.raises(DataError) as err:
        await db.get_table(1)
    assert err.value.key == "data.closed"
    await db.close()  # idempotent


async def test_aiosqlite_is_the_driver() -> None:
    db = await Database.open(":memory:")
    assert isinstance(db.raw, aiosqlite.Connection)
    await db.close()


async def test_synchronous_mode_is_configurable(tmp_path: Path) -> None:
    for mode, value in (("NORMAL", 1), ("FULL", 2)):
        db = await Database.open(tmp_path / f"{mode}.sqlite3", synchronous=mode)
        row = await db.fetchone("PRAGMA synchronous")
        await db.close()
        assert row is not None and row[0] == value
    with pytest.raises(ValueError):
        await Database.open(tmp_path / "bad.sqlite3", synchronous="SOMETIMES")
