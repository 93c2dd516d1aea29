"""An open table in memory: its record, the engine table (``None`` in the lobby), its lock, queued plays.

Nothing here is authoritative: the record, the action log and the queued plays in ``data/`` are; a
session is rebuilt from them at start-up. Every change of a table happens under ``lock`` (one move at
a time per table).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from data.database import Database
from data.records import TableRecord
from engine.actions import Play, action_from_json
from engine.cards import Card
from engine.table import Table
from engine.views import Phase
from runtime.renderqueue import QUEUE

log = logging.getLogger(__name__)


@dataclass
class Session:
    record: TableRecord
    table: Table | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    queued: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # seat -> play for its next turn

    @contextlib.asynccontextmanager
    async def serving(self) -> AsyncIterator[None]:
        """The table's lock for an interaction (a click, a command): while it waits for a timer's move to finish,
        that move's pictures are drawn first (``runtime.renderqueue``)."""
        if self.lock.locked():
            with QUEUE.hurrying(self.record.table_id):
                await self.lock.acquire()
        else:
            await self.lock.acquire()
        try:
            yield
        finally:
            self.lock.release()


async def restore_queued(db: Database, rec: TableRecord, table: Table) -> dict[int, tuple[Card, ...]]:
    """The stored queued plays still wanted after a restart: the hand is in play and every action
    since a play was queued is another seat's play (a crash may have left the row of a play already
    made, or of a hand already over). The others are removed."""
    stored = await db.queued_plays(rec.table_id)
    keep: dict[int, tuple[Card, ...]] = {}
    for seat, queued in stored.items():
        if table.phase is not Phase.PLAYING or queued.version > table.version:
            continue
        later = [action_from_json(a) for a in await db.actions_between(rec.table_id, after=queued.version)]
        if all(isinstance(a, Play) and a.seat != seat for a in later):
            keep[seat] = queued.cards
    for seat in set(stored) - set(keep):
        log.info("table %d: dropping the stale queued play of seat %d", rec.table_id, seat)
        await db.clear_queued_plays(rec.table_id, seat)
    return keep
