"""Looking at a database without changing it (``python bot.py check``, the Docker HEALTHCHECK).

SQLite: is its folder there and writable, does the file exist, is it still the file a running bot writes to (a
file deleted or replaced under a running bot: that bot writes to a file nobody will ever open again), does it
pass SQLite's quick integrity check (``PRAGMA quick_check``: every page readable, every b-tree well formed; an
index-to-table cross check is left out), can this user write it and the ``-wal``/``-shm`` an earlier run left
(every start checks both the same way: ``data.sqlitefile``), at which schema version, and how many migrations the
next start would apply. PostgreSQL: can the server be reached and logged into, at which schema version."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from data.errors import DataError
from data.migrate import load_migrations
from data.sqlitefile import check_writable, is_corruption, quick_check
from data.targets import mask_secrets

log = logging.getLogger(__name__)

PROBE_TIMEOUT_S = 5.0  # a PostgreSQL server that does not answer within this is reported unreachable
COMPANIONS = ("-wal", "-shm")


@dataclass(frozen=True)
class DatabaseHealth:
    """What ``inspect_database`` found; ``version`` 0 when the file does not exist yet. ``path`` is the SQLite
    file, or the PostgreSQL URL with its password masked; ``server`` the PostgreSQL server's version."""

    path: Path | str
    exists: bool
    version: int
    known: int
    server: str = ""

    @property
    def pending(self) -> int:
        """Migrations the next start applies."""
        return self.known - self.version


async def inspect_database(target: str | Path) -> DatabaseHealth:
    """Read-only look at the database ``target`` (a SQLite file or a ``postgresql://`` URL); raises ``DataError``
    for what would stop the bot from starting or what loses moves while it runs (see the module doc)."""
    from data.dialect import is_postgres_url

    if is_postgres_url(target):
        return await inspect_postgres(str(target))
    return await inspect_sqlite(Path(target))


async def inspect_sqlite(path: Path) -> DatabaseHealth:
    known = load_migrations()[-1].version
    folder = path.parent
    if not folder.is_dir():
        raise DataError("data.no_folder", folder=str(folder.absolute()))
    if not os.access(folder, os.W_OK | os.X_OK):  # WAL keeps its -wal and -shm files beside the database
        raise DataError("data.cannot_open", path=str(path), error=f"folder {folder.absolute()} is not writable")
    holders = deleted_holders(path)
    if not path.exists():
        if holders:
            raise DataError("data.file_deleted", path=str(path.absolute()), pids=_pids(holders))
        leftovers = [path.name + s for s in COMPANIONS if path.with_name(path.name + s).exists()]
        if leftovers:
            raise DataError("data.file_missing", path=str(path.absolute()), leftovers=", ".join(leftovers))
        return DatabaseHealth(path, False, 0, known)
    if holders:
        raise DataError("data.file_replaced", path=str(path.absolute()), pids=_pids(holders))
    check_writable(path)  # the file and the -wal/-shm an earlier run left, as a start looks at them
    version = await _sqlite_version(path)
    if version > known:
        raise DataError("data.schema_too_new", found=version, known=known)
    return DatabaseHealth(path, True, version, known)


def deleted_holders(path: Path) -> list[int]:
    """Processes (other than this one) holding ``path`` open although it was deleted or replaced since: Linux
    shows such an open file as ``<path> (deleted)`` in ``/proc/<pid>/fd`` (only processes this user may inspect)."""
    wanted = f"{Path(os.path.realpath(path.parent)) / path.name} (deleted)"
    found: list[int] = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            links = [os.readlink(fd) for fd in (entry / "fd").iterdir()]
        except OSError:  # gone, or another user's
            continue
        if wanted in links:
            found.append(int(entry.name))
    return sorted(found)


def _pids(pids: list[int]) -> str:
    return ", ".join(str(p) for p in pids)


async def _sqlite_version(path: Path) -> int:
    """The schema version, after the quick check a start runs (``data.sqlitefile.quick_check``)."""
    await asyncio.to_thread(quick_check, path)
    try:
        async with aiosqlite.connect(f"file:{path.absolute()}?mode=ro", uri=True) as conn:
            rows = await conn.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
            if not list(rows):
                return 0
            rows = await conn.execute_fetchall("SELECT MAX(version) FROM schema_version")
            return int(next(iter(rows))[0] or 0)
    except sqlite3.DatabaseError as exc:
        if is_corruption(exc):
            raise DataError("data.corrupt", path=str(path.absolute()), detail=str(exc)) from exc
        raise DataError("data.cannot_open", path=str(path), error=str(exc)) from exc


async def inspect_postgres(url: str) -> DatabaseHealth:
    """Connect once (``PROBE_TIMEOUT_S``) and read the schema version; ``data.pg_unreachable`` in one line when
    the server cannot be reached or refuses the login."""
    import asyncpg

    from data.postgres import short_error

    known = load_migrations()[-1].version
    shown = mask_secrets(url)
    try:
        conn = await asyncpg.connect(url, timeout=PROBE_TIMEOUT_S)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise DataError("data.pg_unreachable", url=shown, error=short_error(exc)) from exc
    try:
        server = str(conn.get_server_version().major)
        exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        version = int(await conn.fetchval("SELECT MAX(version) FROM schema_version") or 0) if exists else 0
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise DataError("data.pg_unreachable", url=shown, error=short_error(exc)) from exc
    finally:
        await conn.close()
    if version > known:
        raise DataError("data.schema_too_new", found=version, known=known)
    return DatabaseHealth(shown, True, version, known, server=server)
