"""Queued plays: the cards a player chose before their turn, played when the turn comes (预出牌).

One per seat and table (a new one replaces the old). Stored before the player is told the play is
queued, so a restart keeps it; removed when it is played or dropped, when the player cancels it, when
the hand ends and when the table closes. ``version`` = the table's action count when it was queued.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from data.connection import Connection, Row
from data.errors import DataError, IntegrityViolation
from engine.cards import Card, format_cards, parse_cards

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class QueuedPlay:
    seat: int
    cards: tuple[Card, ...]
    version: int
    created_at: float = 0.0

    @classmethod
    def from_row(cls, row: Row) -> QueuedPlay:
        return cls(seat=row["seat"], cards=parse_cards(json.loads(row["cards"])), version=row["version"],
                   created_at=row["created_at"])


class QueuedMixin(Connection):
    """Persistent queued plays."""

    async def set_queued_play(self, table_id: int, seat: int, cards: Sequence[Card], version: int) -> None:
        """Store (or replace) the play ``seat`` (one of the table's 4–8) queued at table version ``version``; durable
        on return."""
        row = await self.fetchone("SELECT seats FROM game_tables WHERE id = ?", (table_id,))
        if row is None:
            raise DataError("data.table_not_found", table_id=table_id)
        seats = len(json.loads(row[0]))
        if not 0 <= seat < seats:
            raise DataError("data.bad_seat", seat=seat, last=seats - 1)
        try:
            await self.execute(
                "INSERT INTO queued_plays (table_id, seat, cards, version, created_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO UPDATE SET cards = excluded.cards, version = excluded.version,"
                " created_at = excluded.created_at",
                (table_id, seat, json.dumps(format_cards(cards)), version, time.time()))
        except IntegrityViolation as exc:
            raise DataError("data.table_not_found", table_id=table_id) from exc

    async def queued_plays(self, table_id: int) -> dict[int, QueuedPlay]:
        """seat -> its queued play, for one table."""
        rows = await self.fetchall("SELECT * FROM queued_plays WHERE table_id = ? ORDER BY seat", (table_id,))
        return {row["seat"]: QueuedPlay.from_row(row) for row in rows}

    async def clear_queued_plays(self, table_id: int, seat: int | None = None) -> int:
        """Remove a table's queued plays (of one ``seat``, or all); how many."""
        if seat is None:
            return await self.execute("DELETE FROM queued_plays WHERE table_id = ?", (table_id,))
        return await self.execute("DELETE FROM queued_plays WHERE table_id = ? AND seat = ?", (table_id, seat))
