"""Versioned schema migrations: ``data/migrations/NNNN_name.sql`` applied in order, each in one transaction.

One version sequence serves both backends: a migration is written in the portable convention of
``data.dialect`` (translated for PostgreSQL), or ships ``NNNN_name.postgresql.sql`` beside it when
PostgreSQL needs other text. ``schema_version`` holds one row per applied migration. A database whose
version is newer than the newest migration this code knows is refused (``DataError("data.schema_too_new")``),
never touched. Each step re-reads the version inside its own serialized transaction, so several bot
processes starting at once on one PostgreSQL database apply every migration exactly once.
"""

from __future__ import annotations

import logging
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from data.connection import Driver, Tx
from data.dialect import DIALECTS, POSTGRESQL, SQLITE, postgres_ddl
from data.errors import DataError

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)(?:\.([a-z]+))?\.sql$")
_VERSION_TABLE = ("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                  " applied_at REAL NOT NULL)")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    variants: dict[str, str] = field(default_factory=dict, compare=False)  # dialect -> its own text

    def statements(self, dialect: str = SQLITE) -> list[str]:
        """The script for ``dialect`` split into complete SQL statements (triggers included)."""
        out: list[str] = []
        buf = ""
        for line in self.variants.get(dialect, self.sql).splitlines(keepends=True):
            if not buf and (not line.strip() or line.lstrip().startswith("--")):
                continue
            buf += line
            if sqlite3.complete_statement(buf):
                out.append(buf.strip())
                buf = ""
        if buf.strip():
            out.append(buf.strip())
        if dialect == POSTGRESQL and dialect not in self.variants:
            return [postgres_ddl(s) for s in out]
        return out


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration file, sorted by version; versions must be 1, 2, 3, … without gaps."""
    found: list[Migration] = []
    variants: dict[int, dict[str, str]] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match or (match.group(3) is not None and match.group(3) not in DIALECTS):
            raise DataError("data.bad_migration_name", name=path.name)
        version, name, dialect = int(match.group(1)), match.group(2), match.group(3)
        text = path.read_text(encoding="utf-8")
        if dialect is None:
            found.append(Migration(version, name, text, variants.setdefault(version, {})))
        else:
            variants.setdefault(version, {})[dialect] = text
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise DataError("data.bad_migration_name", name=f"{migration.version:04d}_{migration.name}.sql")
    if set(variants) - {m.version for m in found}:
        orphan = min(set(variants) - {m.version for m in found})
        raise DataError("data.bad_migration_name", name=f"{orphan:04d} (a dialect file without its migration)")
    return found


async def current_version(tx: Tx, dialect: str = SQLITE) -> int:
    """The schema version of an open database (0 when empty)."""
    await tx.script(postgres_ddl(_VERSION_TABLE) if dialect == POSTGRESQL else _VERSION_TABLE)
    row = await tx.fetchone("SELECT MAX(version) FROM schema_version")
    return int(row[0] or 0) if row is not None else 0


async def applied_version(driver: Driver) -> int:
    """``current_version`` in a transaction of its own."""
    async with driver.transaction() as tx:
        return await current_version(tx, driver.dialect)


async def migrate(driver: Driver, target: int | None = None, migrations: list[Migration] | None = None) -> int:
    """Bring the schema up to ``target`` (default: the newest); the resulting version.

    Each migration and its ``schema_version`` row commit together."""
    migrations = load_migrations() if migrations is None else migrations
    known = migrations[-1].version if migrations else 0
    target = known if target is None else target
    version = await applied_version(driver)
    if version > known:
        raise DataError("data.schema_too_new", found=version, known=known)
    for migration in migrations:
        if migration.version <= version or migration.version > target:
            continue
        try:
            async with driver.transaction() as tx:
                version = await current_version(tx, driver.dialect)
                if migration.version <= version:  # another process applied it meanwhile
                    continue
                for statement in migration.statements(driver.dialect):
                    await tx.script(statement)
                await tx.execute("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                                 (migration.version, migration.name, time.time()))
        except driver.errors as exc:
            raise DataError("data.migration_failed", version=migration.version, name=migration.name,
                            error=str(exc)) from exc
        log.info("applied migration %04d_%s (%s)", migration.version, migration.name, driver.dialect)
        version = migration.version
    return version
