"""``Database``: the bot's one storage object — connection, migrations and every store."""

from __future__ import annotations

import logging
from pathlib import Path

from data.connection import Connection, Driver
from data.dialect import is_postgres_url
from data.games import GamesMixin
from data.guilds import GuildsMixin
from data.history import HistoryMixin
from data.ladder import LadderMixin
from data.migrate import migrate
from data.names import NamesMixin
from data.postgres import PostgresDriver
from data.queued import QueuedMixin
from data.reviews import ReviewsMixin
from data.seasons import SeasonsMixin
from data.sqlite import SqliteDriver
from data.tables import TablesMixin
from data.timers import TimersMixin
from data.tournaments import TournamentsMixin

log = logging.getLogger(__name__)


class Database(TablesMixin, GamesMixin, TimersMixin, QueuedMixin, GuildsMixin, LadderMixin, HistoryMixin,
               TournamentsMixin, ReviewsMixin, NamesMixin, SeasonsMixin, Connection):
    """Open with ``await Database.open(path)``; close with ``await db.close()`` (or ``async with``)."""

    @classmethod
    async def open(cls, target: str | Path, *, synchronous: str = "NORMAL", migrate_to: int | None = None,
                   pool_size: int = 10, priority_pool_size: int = 4) -> Database:
        """Open (creating on first run) and migrate the database at ``target``: a SQLite file path
        (``":memory:"`` for tests) or a ``postgresql://…`` URL (a pool of ``pool_size`` connections for
        background work and one of ``priority_pool_size`` kept for interactions, see ``data.priority``).
        ``synchronous``: ``NORMAL`` survives the bot being killed, ``FULL`` a power loss too (SQLite pragma;
        PostgreSQL ``synchronous_commit`` off/on, see ``data.postgres``).

        Raises ``DataError("data.schema_too_new")`` if the database was written by a newer version of the bot."""
        driver: Driver
        if is_postgres_url(target):
            driver = await PostgresDriver.connect(str(target), pool_size=pool_size, synchronous=synchronous,
                                                  priority_pool_size=priority_pool_size)
        else:
            driver = await SqliteDriver.connect(target, synchronous)
        try:
            version = await migrate(driver, target=migrate_to)
        except BaseException:
            await driver.close()
            raise
        log.info("database %s at schema version %d", driver.path, version)
        return cls(driver)

    async def schema_version(self) -> int:
        row = await self.fetchone("SELECT MAX(version) FROM schema_version")
        return int(row[0] or 0) if row is not None else 0

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
