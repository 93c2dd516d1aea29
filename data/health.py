"""Looking at a database without changing it (``python bot.py check``): is its folder there and writable, does
the file exist, at which schema version, and how many migrations the next start would apply."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from data.errors import DataError
from data.migrate import load_migrations


@dataclass(frozen=True)
class DatabaseHealth:
    """What ``inspect_database`` found; ``version`` 0 when the file does not exist yet."""

    path: Path
    exists: bool
    version: int
    known: int

    @property
    def pending(self) -> int:
        """Migrations the next start applies."""
        return self.known - self.version


async def inspect_database(path: str | Path) -> DatabaseHealth:
    """Read-only look at the SQLite file at ``path``; raises ``DataError`` for what would stop the bot from
    starting (missing or read-only folder, unreadable or read-only file, newer schema)."""
    path = Path(path)
    known = load_migrations()[-1].version
    folder = path.parent
    if not folder.is_dir():
        raise DataError("data.no_folder", folder=str(folder.absolute()))
    if not os.access(folder, os.W_OK | os.X_OK):  # WAL keeps its -wal and -shm files beside the database
        raise DataError("data.cannot_open", path=str(path), error=f"folder {folder.absolute()} is not writable")
    if not path.exists():
        return DatabaseHealth(path, False, 0, known)
    if not path.is_file() or not os.access(path, os.R_OK | os.W_OK):
        raise DataError("data.cannot_open", path=str(path), error="not a writable file")
    version = await _schema_version(path)
    if version > known:
        raise DataError("data.schema_too_new", found=version, known=known)
    return DatabaseHealth(path, True, version, known)


async def _schema_version(path: Path) -> int:
    try:
        async with aiosqlite.connect(f"file:{path.absolute()}?mode=ro", uri=True) as conn:
            rows = await conn.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
            if not list(rows):
                return 0
            rows = await conn.execute_fetchall("SELECT MAX(version) FROM schema_version")
            return int(next(iter(rows))[0] or 0)
    except sqlite3.Error as exc:
        raise DataError("data.cannot_open", path=str(path), error=str(exc)) from exc
