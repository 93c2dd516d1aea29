"""``Database``: the bot's one storage object — connection, migrations, per-table locks and every store."""

from __future__ import annotations

import asyncio
import logging
import weakref
from pathlib import Path

from data.connection import Connection
from data.games import GamesMixin
from data.guilds import GuildsMixin
from data.history import HistoryMixin
from data.ladder import LadderMixin
from data.migrate import current_version, migrate
from data.queued import QueuedMixin
from data.tables import TablesMixin
from data.timers import TimersMixin

log = logging.getLogger(__name__)


class Database(TablesMixin, GamesMixin, TimersMixin, QueuedMixin, GuildsMixin, LadderMixin, HistoryMixin,
               Connection):
    """Open with ``await Database.open(path)``; close with ``await db.close()`` (or ``async with``)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._table_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "NORMAL", migrate_to: int | None = None) -> Database:
        """Open (creating on first run) and migrate the database at ``path`` (``":memory:"`` for tests).

        Raises ``DataError("data.schema_too_new")`` if the file was written by a newer version of the bot."""
        conn = await cls._connect(path, synchronous)
        try:
            version = await migrate(conn, target=migrate_to)
        except BaseException:
            await conn.close()
            raise
        log.info("database %s at schema version %d", path, version)
        return cls(conn, str(path))

    async def schema_version(self) -> int:
        async with self._lock:
            return await current_version(self.raw)

    def table_lock(self, table_id: int) -> asyncio.Lock:
        """The lock serializing moves on one table: ``async with db.table_lock(tid): apply + append_action``.

        Different tables have different locks, so they never wait for each other."""
        lock = self._table_locks.get(table_id)
        if lock is None:
            lock = asyncio.Lock()
            self._table_locks[table_id] = lock
        return lock

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
