"""The storage connection every store goes through, whichever backend is behind it (SQLite or PostgreSQL).

A ``Driver`` (``data.sqlite.SqliteDriver`` or ``data.postgres.PostgresDriver``) runs portable SQL
(``data.dialect``): lone statements (each its own transaction, committed when it returns) and explicit
transactions (``async with db.transaction() as tx``: all of ``tx``'s statements commit together or not at
all). ``Connection`` is the face the stores (``data/*.py`` mixins) inherit: it forwards to its driver.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Protocol

from data.errors import DataError

log = logging.getLogger(__name__)

Params = Sequence[Any]


class Row(Protocol):
    """A result row (``sqlite3.Row`` or ``asyncpg.Record``): by column name or position."""

    def __getitem__(self, key: Any, /) -> Any: ...


class Tx(ABC):
    """Statements inside one open transaction."""

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    @abstractmethod
    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run an INSERT into a table with an ``id`` key; the new row's id."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return next(iter(await self.fetchall(sql, params)), None)

    @abstractmethod
    async def script(self, sql: str) -> None:
        """Run one DDL statement as written (migrations: no parameters, no placeholder rewriting)."""


class Driver(ABC):
    """One backend: lone statements, transactions, closing."""

    dialect: str
    path: str  # what to show in logs (a file path, or a URL without its password)
    errors: tuple[type[BaseException], ...]  # the backend's own error classes (a failed migration step)

    @property
    @abstractmethod
    def closed(self) -> bool: ...

    @property
    @abstractmethod
    def raw(self) -> Any:
        """The backend object (aiosqlite connection, asyncpg pool); ``DataError("data.closed")`` when closed."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def transaction(self, *, readonly: bool = False,
                    serialize: bool = True) -> AbstractAsyncContextManager[Tx]:
        """A transaction. ``serialize``: one such transaction at a time in the whole database (read-modify-
        write of shared rows); ``readonly``: a consistent read (no lock)."""

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int: ...

    @abstractmethod
    async def insert(self, sql: str, params: Params = ()) -> int: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return next(iter(await self.fetchall(sql, params)), None)

    async def probe(self) -> None:
        """Raise if storage cannot be used now (the running bot's health signal, ``runtime.service.watchdog``)."""
        await self.fetchone("SELECT 1")


class Connection:
    """What the stores inherit: every call goes to the driver chosen when the database was opened."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    @property
    def path(self) -> str:
        return self.driver.path

    @property
    def dialect(self) -> str:
        return self.driver.dialect

    @property
    def raw(self) -> Any:
        return self.driver.raw

    @property
    def closed(self) -> bool:
        return self.driver.closed

    async def probe(self) -> None:
        """Raise if storage cannot be used now: the server unreachable, the SQLite file removed or replaced."""
        await self._open().probe()

    async def close(self) -> None:
        """Close (idempotent); waits for the statement in flight."""
        if not self.driver.closed:
            await self.driver.close()
            log.info("closed %s", self.driver.path)

    def _open(self) -> Driver:
        if self.driver.closed:
            raise DataError("data.closed")
        return self.driver

    # -- single statements (each its own transaction; a closed driver raises data.closed) --------
    async def execute(self, sql: str, params: Params = ()) -> int:
        return await self.driver.execute(sql, params)

    async def insert(self, sql: str, params: Params = ()) -> int:
        return await self.driver.insert(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.driver.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self.driver.fetchone(sql, params)

    # -- transactions -----------------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self, *, readonly: bool = False, serialize: bool = True) -> AsyncIterator[Tx]:
        """``async with db.transaction() as tx:`` — all of ``tx``'s statements commit together or not at all.

        Inside, use only ``tx`` (on SQLite, calling ``db`` methods would wait for the lock this block holds).
        ``serialize=False`` for a transaction that touches only rows its caller already serializes (one
        table's rows under the runtime's per-table lock, ``Session.lock``); ``readonly=True`` for a consistent read."""
        async with self._open().transaction(readonly=readonly, serialize=serialize) as tx:
            yield tx
