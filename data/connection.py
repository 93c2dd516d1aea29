"""The single SQLite connection (aiosqlite): pragmas, one lock for every statement, explicit transactions.

The connection runs in autocommit mode (``isolation_level=None``): a lone write is its own transaction
and is committed when its statement returns, in one round trip to the SQLite thread. Several writes
that belong together go through ``transaction()`` (``BEGIN IMMEDIATE`` … ``COMMIT``). Every statement
takes ``_lock`` so one coroutine's transaction never swallows another coroutine's write.

Durability (documented choice): WAL with ``synchronous=NORMAL``. A committed transaction is in the
WAL file (the OS page cache) when ``COMMIT`` returns, so it survives the bot process being killed
(SIGKILL, OOM, crash). A power loss or kernel panic may lose the last few commits (never corrupt the
database). Pass ``synchronous="FULL"`` to ``Database.open`` to fsync on every commit and survive power
loss too, at a cost of a disk flush per acknowledged action.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from data.errors import DataError

log = logging.getLogger(__name__)

Params = Sequence[Any] | dict[str, Any]
SYNCHRONOUS_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")


class Tx:
    """Statements inside one open transaction (the caller already holds the connection lock)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        cursor = await self._conn.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run an INSERT; the new row id."""
        row = await self._conn.execute_insert(sql, params)
        return int(row[0]) if row is not None else 0

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        rows = await self._conn.execute_fetchall(sql, params)
        return next(iter(rows), None)


class Connection:
    """One aiosqlite connection shared by the whole bot; every call is serialized by one asyncio lock."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn: aiosqlite.Connection | None = conn
        self._tx = Tx(conn)
        self._lock = asyncio.Lock()
        self.path = path

    @staticmethod
    async def _connect(path: str | Path, synchronous: str = "NORMAL") -> aiosqlite.Connection:
        """Open ``path`` (created on first use; ``":memory:"`` allowed) with WAL, foreign keys, busy timeout."""
        if synchronous.upper() not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}")
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        mode = await conn.execute_fetchall("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        await conn.execute(f"PRAGMA synchronous={synchronous.upper()}")  # validated above; pragmas take no params
        log.info("opened %s (journal_mode=%s, synchronous=%s)", path, next(iter(mode))[0], synchronous.upper())
        return conn

    @property
    def raw(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise DataError("data.closed")
        return self._conn

    async def close(self) -> None:
        """Checkpoint-free close; waits for the statement in flight."""
        if self._conn is None:
            return
        async with self._lock:
            conn, self._conn = self._conn, None
            await conn.close()
        log.info("closed %s", self.path)

    @property
    def closed(self) -> bool:
        return self._conn is None

    # -- single statements (each its own transaction) -------------------------------------------
    async def execute(self, sql: str, params: Params = ()) -> int:
        async with self._lock:
            self.raw  # noqa: B018 - raises when closed
            return await self._tx.execute(sql, params)

    async def insert(self, sql: str, params: Params = ()) -> int:
        async with self._lock:
            self.raw  # noqa: B018
            return await self._tx.insert(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        async with self._lock:
            self.raw  # noqa: B018
            return await self._tx.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        async with self._lock:
            self.raw  # noqa: B018
            return await self._tx.fetchone(sql, params)

    # -- transactions -----------------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """``async with db.transaction() as tx:`` — all of ``tx``'s statements commit together or not at all.

        Inside, use only ``tx`` (calling ``db`` methods would wait for the lock this block holds)."""
        async with self._lock:
            conn = self.raw
            await conn.execute("BEGIN IMMEDIATE")
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
