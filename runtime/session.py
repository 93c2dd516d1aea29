"""An open table in memory: its record, the engine table (``None`` in the lobby), its lock, queued plays.

Nothing here is authoritative: the record, the action log and the queued plays in ``data/`` are; a
session is rebuilt from them at start-up. Every change of a table happens under ``lock`` (one move at
a time per table).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from engine.cards import Card
from engine.table import Table
from runtime.records import TableRecord


@dataclass
class Session:
    record: TableRecord
    table: Table | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    queued: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # seat -> play for its next turn
