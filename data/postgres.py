"""The PostgreSQL backend (asyncpg): a connection pool, so statements of different tables run at once.

Chosen by ``TRACTOR_DB=postgresql://user@host/db`` (``Database.open(url)``). Stores write portable SQL
(``data.dialect``); this driver numbers the ``?`` parameters and appends ``RETURNING id`` to inserts.

- Two pools: interactions (a click, a command) take connections from a small pool of their own
  (``priority_pool_size``; a free connection of the main pool too when their own has none); background work
  (``data.priority.in_background()``: timers, AI moves, dealing) only from the main pool (``pool_size``).
  Under load hundreds of timer handlers queue for the main pool; a click queues only behind other clicks.
  ``priority_pool_size=0``: one pool for all, as before. Both pools are opened whole at start-up: opening
  connections during a burst (a server process forked, every statement prepared anew) made clicks wait for
  a connection for up to 0.4 s.
- A lone statement takes any pooled connection and commits when it returns. Durability mirrors the SQLite
  choice (``Database.open(…, synchronous=)``): ``NORMAL`` (default) sets ``synchronous_commit=off`` on the
  bot's sessions — a commit is acknowledged once it is in the server's WAL buffers, so killing the *bot*
  loses nothing and a crash of the database server or its machine may lose the last fraction of a second
  of moves (never corrupting anything), as a power loss may with SQLite's ``NORMAL``; ``FULL`` keeps the
  server's default (``on``: flushed to disk before the move is acknowledged, ~1-15 ms on a shared VM disk).
- A connection goes back to its pool without asyncpg's reset query (``pg_advisory_unlock_all(); CLOSE ALL;
  UNLISTEN *; RESET ALL``, one more round trip per statement or transaction): the bot keeps no session state
  (advisory locks are transaction-scoped, no cursors, no ``LISTEN``, no ``SET``); an open transaction is
  still rolled back on release.
- ``transaction(serialize=True)`` (the default) first takes one transaction-scoped advisory lock, so
  such transactions run one at a time in the whole database — across every bot process — as SQLite's
  ``BEGIN IMMEDIATE`` does; read-modify-write of shared rows (ladders, seats, settings) stays correct.
  ``serialize=False`` skips it (rows its caller already serializes), ``readonly=True`` gives a
  ``REPEATABLE READ`` snapshot.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import asyncpg

from data.connection import Driver, Params, Row, Tx
from data.dialect import POSTGRESQL, numbered_params
from data.errors import DataError, IntegrityViolation
from data.priority import is_background
from data.targets import mask_secrets

log = logging.getLogger(__name__)

SERIALIZE_KEY = 0x7472_6163  # "trac": the advisory lock of serialized transactions
SYNCHRONOUS_COMMIT = {"OFF": "off", "NORMAL": "off", "FULL": "on", "EXTRA": "on"}  # SQLite's names -> PostgreSQL


@contextmanager
def _integrity() -> Iterator[None]:
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise IntegrityViolation(str(exc), foreign_key=isinstance(exc, asyncpg.ForeignKeyViolationError)) from exc


def _rowcount(status: str) -> int:
    """Rows changed, from a command tag such as ``INSERT 0 1`` / ``UPDATE 3`` / ``DELETE 0``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _returning(sql: str) -> str:
    return sql if " RETURNING " in sql.upper() else f"{sql} RETURNING id"


def public_url(url: str) -> str:
    """``url`` without its passwords (for logs): ``data.targets.mask_secrets``."""
    return mask_secrets(url)


CONNECT_TIMEOUT_S = 10.0  # an unreachable server is a one-line refusal after this long, not a minute's wait


async def _create_pool(url: str, size: int, settings: dict[str, str]) -> asyncpg.Pool:
    """A pool of ``size`` connections; a server that cannot be reached or refuses the login is
    ``DataError("data.pg_unreachable")`` (one line, password masked), never the driver's traceback."""
    try:
        return await asyncpg.create_pool(url, min_size=size, max_size=size, server_settings=settings,
                                         connection_class=BotConnection, timeout=CONNECT_TIMEOUT_S)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise DataError("data.pg_unreachable", url=public_url(url), error=short_error(exc)) from exc


def short_error(exc: BaseException) -> str:
    """The driver's message on one line (at most 200 characters, passwords masked)."""
    text = mask_secrets(" ".join(str(exc).split())) or type(exc).__name__
    return text if len(text) <= 200 else text[:199] + "…"


def _free(pool: asyncpg.Pool) -> int:
    """Connections ``pool`` can hand out now: idle ones and those it may still open."""
    return pool.get_idle_size() + pool.get_max_size() - pool.get_size()


class BotConnection(asyncpg.Connection):
    """A pooled connection released without a reset query (the bot keeps no session state)."""

    def get_reset_query(self) -> str:
        return ""


class PostgresTx(Tx):
    """Statements on one pooled connection inside a transaction."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        with _integrity():
            return _rowcount(await self._conn.execute(numbered_params(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        with _integrity():
            await self._conn.executemany(numbered_params(sql), [tuple(r) for r in rows])

    async def insert(self, sql: str, params: Params = ()) -> int:
        with _integrity():
            return int(await self._conn.fetchval(_returning(numbered_params(sql)), *params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self._conn.fetch(numbered_params(sql), *params))

    async def script(self, sql: str) -> None:
        await self._conn.execute(sql)


class PostgresDriver(Driver):
    """An asyncpg pool of ``pool_size`` connections for background work, one of ``priority_pool_size`` for
    interactions (``None``: the main pool serves both)."""

    dialect = POSTGRESQL
    errors = (asyncpg.PostgresError,)

    def __init__(self, pool: asyncpg.Pool, url: str, priority: asyncpg.Pool | None = None) -> None:
        self._pool: asyncpg.Pool | None = pool
        self._priority = priority
        self.path = public_url(url)

    @classmethod
    async def connect(cls, url: str, pool_size: int = 10, synchronous: str = "NORMAL",
                      priority_pool_size: int = 4) -> PostgresDriver:
        if synchronous.upper() not in SYNCHRONOUS_COMMIT:
            raise ValueError(f"synchronous must be one of {tuple(SYNCHRONOUS_COMMIT)}")
        if pool_size < 1 or priority_pool_size < 0:
            raise ValueError("pool_size must be at least 1, priority_pool_size at least 0")
        settings = {"synchronous_commit": SYNCHRONOUS_COMMIT[synchronous.upper()]}
        pool = await _create_pool(url, pool_size, settings)
        priority = None
        if priority_pool_size:
            try:
                priority = await _create_pool(url, priority_pool_size, settings)
            except BaseException:
                await pool.close()
                raise
        driver = cls(pool, url, priority)
        log.info("opened %s (pool of %d + %d for interactions, synchronous_commit=%s)", driver.path, pool_size,
                 priority_pool_size, settings["synchronous_commit"])
        return driver

    @property
    def raw(self) -> asyncpg.Pool:
        """The pool this task's work takes its connections from: the main pool ``in_background()``; for an
        interaction its own pool, or the main one when that has a free connection and its own has none."""
        if self._pool is None:
            raise DataError("data.closed")
        if self._priority is None or is_background():
            return self._pool
        if _free(self._priority) == 0 and _free(self._pool) > 0:
            return self._pool
        return self._priority

    @property
    def closed(self) -> bool:
        return self._pool is None

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        priority, self._priority = self._priority, None
        for each in (priority, pool):
            if each is not None:
                await each.close()

    async def execute(self, sql: str, params: Params = ()) -> int:
        with _integrity():
            return _rowcount(await self.raw.execute(numbered_params(sql), *params))

    async def insert(self, sql: str, params: Params = ()) -> int:
        with _integrity():
            return int(await self.raw.fetchval(_returning(numbered_params(sql)), *params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self.raw.fetch(numbered_params(sql), *params))

    @asynccontextmanager
    async def transaction(self, *, readonly: bool = False, serialize: bool = True) -> AsyncIterator[Tx]:
        async with self.raw.acquire() as conn:
            isolation = "repeatable_read" if readonly else "read_committed"
            async with conn.transaction(isolation=isolation, readonly=readonly):
                if serialize and not readonly:
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", SERIALIZE_KEY)
                yield PostgresTx(conn)
