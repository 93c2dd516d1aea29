"""The SQLite backend (aiosqlite): one connection, pragmas, one lock for every statement.

The connection runs in autocommit mode (``isolation_level=None``): a lone write is its own transaction
and is committed when its statement returns, in one round trip to the SQLite thread. Several writes
that belong together go through ``transaction()`` (``BEGIN IMMEDIATE`` … ``COMMIT``). Every statement
takes ``_lock`` so one coroutine's transaction never swallows another coroutine's write. The lock serves an
interaction's statements (a click, a command) before background work's (``data.priority.PriorityLock``): a burst
of timers' statements never queues in front of a click.

Durability (documented choice): WAL with ``synchronous=NORMAL``. A committed transaction is in the
WAL file (the OS page cache) when ``COMMIT`` returns, so it survives the bot process being killed
(SIGKILL, OOM, crash). A power loss or kernel panic may lose the last few commits (never corrupt the
database). Pass ``synchronous="FULL"`` to ``Database.open`` to fsync on every commit and survive power
loss too, at a cost of a disk flush per acknowledged action. The WAL is checkpointed on a thread of its own
(``data.checkpoint``), not inside a commit of the bot's connection.

The file removed or replaced under a running bot: the open connection would go on writing to the unlinked file
and every move would be lost at the next start. Every write first checks that the path still names the file
opened (device and inode, one ``stat``); if not, it logs one line and refuses with ``faults.db_gone``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from data.checkpoint import BACKSTOP_PAGES, Checkpointer
from data.connection import Driver, Params, Row, Tx
from data.dialect import SQLITE
from data.errors import DataError, IntegrityViolation
from data.filemodes import secure_database_file
from data.priority import PriorityLock
from data.sqlitefile import check_before_opening

log = logging.getLogger(__name__)

SYNCHRONOUS_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")


def _violation(exc: sqlite3.IntegrityError) -> IntegrityViolation:
    return IntegrityViolation(str(exc), foreign_key="FOREIGN KEY" in str(exc))


async def _probe_write(conn: aiosqlite.Connection) -> None:
    """A write rolled back at once: a file SQLite could open only for reading (read-only or immutable, even for
    root) fails here with "attempt to write a readonly database", not at the first move."""
    version = next(iter(await conn.execute_fetchall("PRAGMA user_version")))[0]
    await conn.execute(f"PRAGMA user_version={int(version)}")


class SqliteTx(Tx):
    """Statements on the connection (the caller already holds the connection lock). The SQL goes to SQLite
    as written (the portable convention is SQLite's own syntax: no translation on this path), and each
    statement is one round trip to the connection's thread, as plain aiosqlite calls are."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            cursor = await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise _violation(exc) from exc
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise _violation(exc) from exc

    async def insert(self, sql: str, params: Params = ()) -> int:
        try:
            row = await self._conn.execute_insert(sql, params)
        except sqlite3.IntegrityError as exc:
            raise _violation(exc) from exc
        return int(row[0]) if row is not None else 0

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return next(iter(await self._conn.execute_fetchall(sql, params)), None)

    async def script(self, sql: str) -> None:
        await self._conn.execute(sql)


class SqliteDriver(Driver):
    """One aiosqlite connection shared by the whole bot; every call is serialized by one lock (interactions first)."""

    dialect = SQLITE
    errors = (sqlite3.Error,)

    def __init__(self, conn: aiosqlite.Connection, path: str, checkpointer: Checkpointer | None = None) -> None:
        self._conn: aiosqlite.Connection | None = conn
        self._tx = SqliteTx(conn)
        self._lock = PriorityLock()
        self.path = path
        self.checkpointer = checkpointer  # None: no WAL (``:memory:``)
        self._identity = _identity(path)  # (device, inode) of the file opened; None for ``:memory:``
        self._gone = False

    @classmethod
    async def connect(cls, path: str | Path, synchronous: str = "NORMAL") -> SqliteDriver:
        """Open ``path`` (created on first use; ``":memory:"`` allowed) with WAL, foreign keys, busy timeout."""
        if synchronous.upper() not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}")
        if str(path) != ":memory:" and not Path(path).parent.is_dir():
            raise DataError("data.no_folder", folder=str(Path(path).parent.absolute()))  # never created silently
        if str(path) != ":memory:":  # refused before anything is changed: read-only, or damaged (data.sqlitefile)
            await asyncio.to_thread(check_before_opening, Path(path))
        try:  # probed first: a failed aiosqlite.connect leaves its thread calling back into the loop later
            if str(path) != ":memory:":
                secure_database_file(Path(path))  # 0600: it holds every deal and kitty (data.filemodes)
            await asyncio.to_thread(lambda: sqlite3.connect(str(path)).close())
        except OSError as exc:
            raise DataError("data.cannot_open", path=str(path), error=exc.strerror or str(exc)) from exc
        except sqlite3.Error as exc:
            raise DataError("data.cannot_open", path=str(path), error=str(exc)) from exc
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            mode = await conn.execute_fetchall("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
            await conn.execute(f"PRAGMA synchronous={synchronous.upper()}")  # validated above; pragmas take no params
            await conn.execute("BEGIN IMMEDIATE")  # a read-only file or folder fails here, not at the first move
            await _probe_write(conn)
            await conn.execute("ROLLBACK")
            wal = next(iter(mode))[0].lower() == "wal"
            if wal:  # checkpoints on their own thread (data.checkpoint); this connection's only as a backstop
                await conn.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")
        except sqlite3.Error as exc:
            await conn.close()
            raise DataError("data.cannot_open", path=str(path), error=str(exc)) from exc
        log.info("opened %s (journal_mode=%s, synchronous=%s)", path, next(iter(mode))[0], synchronous.upper())
        return cls(conn, str(path), Checkpointer(str(path), synchronous.upper()).start() if wal else None)

    @property
    def raw(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise DataError("data.closed")
        return self._conn

    @property
    def closed(self) -> bool:
        return self._conn is None

    async def close(self) -> None:
        """Waits for the statement in flight (SQLite checkpoints the WAL as its last connection closes)."""
        if self._conn is None:
            return
        if self.checkpointer is not None:
            await asyncio.to_thread(self.checkpointer.stop)
        async with self._lock:
            conn, self._conn = self._conn, None
            await conn.close()

    def check_file(self) -> None:
        """Raise ``faults.db_gone`` if the path no longer names the file opened (removed or replaced)."""
        if self._identity is None:
            return
        if not self._gone and _identity(self.path) != self._identity:
            self._gone = True
            log.error("the database file %s was removed or replaced while the bot runs: every move is refused "
                      "until the bot is restarted (see docs/DEPLOY.md, storage faults)", self.path)
        if self._gone:
            raise DataError("faults.db_gone")

    async def probe(self) -> None:
        self.check_file()
        await self.fetchone("SELECT 1")

    async def execute(self, sql: str, params: Params = ()) -> int:
        self.check_file()
        async with self._lock:
            self.raw  # noqa: B018 - raises when closed
            return await self._tx.execute(sql, params)

    async def insert(self, sql: str, params: Params = ()) -> int:
        self.check_file()
        async with self._lock:
            self.raw  # noqa: B018
            return await self._tx.insert(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self._lock:
            self.raw  # noqa: B018
            return await self._tx.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self._lock:
            self.raw  # noqa: B018
            return await self._tx.fetchone(sql, params)

    @asynccontextmanager
    async def transaction(self, *, readonly: bool = False, serialize: bool = True) -> AsyncIterator[Tx]:
        """``BEGIN IMMEDIATE`` (``BEGIN`` for a read) … ``COMMIT``; every transaction is serialized here anyway."""
        if not readonly:
            self.check_file()
        async with self._lock:
            conn = self.raw
            await conn.execute("BEGIN" if readonly else "BEGIN IMMEDIATE")
            try:
                yield self._tx
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    try:
                        await conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        log.exception("rollback failed")
                raise


def _identity(path: str) -> tuple[int, int] | None:
    """``(device, inode)`` of the file at ``path`` (``None`` for ``:memory:``, ``(0, 0)`` when it is gone)."""
    if path == ":memory:" or path.startswith("file:"):
        return None
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0)
    return (st.st_dev, st.st_ino)
