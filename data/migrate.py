"""Versioned schema migrations: ``data/migrations/NNNN_name.sql`` applied in order, each in one transaction.

``schema_version`` holds one row per applied migration. A database whose version is newer than the
newest migration this code knows is refused (``DataError("data.schema_too_new")``), never touched.
"""

from __future__ import annotations

import logging
import re
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from data.errors import DataError

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The script split into complete SQL statements (triggers included)."""
        out: list[str] = []
        buf = ""
        for line in self.sql.splitlines(keepends=True):
            if not buf and (not line.strip() or line.lstrip().startswith("--")):
                continue
            buf += line
            if sqlite3.complete_statement(buf):
                out.append(buf.strip())
                buf = ""
        if buf.strip():
            out.append(buf.strip())
        return out


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration file, sorted by version; versions must be 1, 2, 3, … without gaps."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise DataError("data.bad_migration_name", name=path.name)
        found.append(Migration(int(match.group(1)), match.group(2), path.read_text(encoding="utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise DataError("data.bad_migration_name", name=f"{migration.version:04d}_{migration.name}.sql")
    return found


async def current_version(conn: aiosqlite.Connection) -> int:
    """The schema version of an open database (0 when empty)."""
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at REAL NOT NULL)"
    )
    rows = await conn.execute_fetchall("SELECT MAX(version) FROM schema_version")
    value = next(iter(rows))[0]
    return int(value or 0)


async def migrate(conn: aiosqlite.Connection, target: int | None = None,
                  migrations: list[Migration] | None = None) -> int:
    """Bring the schema up to ``target`` (default: the newest); the resulting version.

    ``conn`` must be in autocommit mode. Each migration and its ``schema_version`` row commit together."""
    migrations = load_migrations() if migrations is None else migrations
    known = migrations[-1].version if migrations else 0
    target = known if target is None else target
    version = await current_version(conn)
    if version > known:
        raise DataError("data.schema_too_new", found=version, known=known)
    for migration in migrations:
        if migration.version <= version or migration.version > target:
            continue
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in migration.statements():
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, time.time()),
            )
            await conn.execute("COMMIT")
        except sqlite3.Error as exc:
            await conn.execute("ROLLBACK")
            raise DataError("data.migration_failed", version=migration.version, name=migration.name,
                            error=str(exc)) from exc
        log.info("applied migration %04d_%s", migration.version, migration.name)
        version = migration.version
    return version
