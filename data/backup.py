"""A consistent copy of a live SQLite database through SQLite's online backup (safe while the bot writes:
the copy is one snapshot, taken under a read transaction that never blocks the bot in WAL mode).

The copy is written beside the target as ``<name>.part``, checked (``PRAGMA integrity_check``) and only then
renamed onto the target (mode 0600, ``data.filemodes``), so a failed or interrupted backup never leaves a
half-written file under that name."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from data.errors import DataError
from data.filemodes import create_private

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BackupReport:
    """What ``backup_database`` wrote."""

    target: Path
    size: int  # bytes
    version: int  # schema version of the copy
    tables: int  # stored game tables (牌桌) in the copy


async def backup_database(source: str | Path, target: str | Path, *, overwrite: bool = False) -> BackupReport:
    """Copy the database at ``source`` to ``target``; refuses a missing source, a missing target folder and,
    unless ``overwrite``, an existing target."""
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise DataError("data.backup_no_source", path=str(source))
    if not target.parent.is_dir():
        raise DataError("data.backup_no_folder", folder=str(target.parent.absolute()))
    if target.exists() and not overwrite:
        raise DataError("data.backup_exists", path=str(target))
    if target.exists() and target.resolve() == source.resolve():
        raise DataError("data.backup_exists", path=str(target))
    return await asyncio.to_thread(_copy, source, target)


def _copy(source: Path, target: Path) -> BackupReport:
    part = target.with_name(target.name + ".part")
    part.unlink(missing_ok=True)
    try:
        create_private(part)  # 0600 before a byte is copied: the copy holds every deal and kitty
        src = sqlite3.connect(f"file:{source.absolute()}?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(part)
            try:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
                check = dst.execute("PRAGMA integrity_check").fetchone()[0]
                if check != "ok":
                    raise DataError("data.backup_failed", error=str(check))
                version = _scalar(dst, "SELECT MAX(version) FROM schema_version")
                tables = _scalar(dst, "SELECT COUNT(*) FROM game_tables")
            finally:
                dst.close()
        finally:
            src.close()
        os.replace(part, target)
    except (sqlite3.Error, OSError) as exc:
        raise DataError("data.backup_failed", error=str(exc)) from exc
    finally:
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
    log.info("backed up %s to %s (schema %d, %d tables)", source, target, version, tables)
    return BackupReport(target, target.stat().st_size, version, tables)


def _scalar(conn: sqlite3.Connection, sql: str) -> int:
    try:
        return int(conn.execute(sql).fetchone()[0] or 0)
    except sqlite3.Error:  # an empty or foreign database: no such table
        return 0
