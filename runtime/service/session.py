"""An open table in memory: its record, the engine table (``None`` in the lobby), its lock, queued plays.

Nothing here is authoritative: the record, the action log and the queued plays in ``data/`` are; a
session is rebuilt from them at start-up. Every change of a table happens under ``lock`` (one move at
a time per table).

Small in memory: the engine table keeps only its last ``RECENT_ACTIONS`` actions (the whole log is in the
database; a long match's log would otherwise be the biggest part of an open table), and an idle table is
``evict``-ed: its engine state is kept as a compressed snapshot (``Table.to_json``, ~1 KB instead of ~12 KB
and its log) and rebuilt, exactly, the next time anything reads ``table`` (a click, a command, a timer).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import zlib
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any, overload

from data import priority as data_priority
from data.database import Database
from data.records import Mode, Status, TableRecord
from engine.actions import Action, Play, action_from_json
from engine.cards import Card
from engine.table import Table
from engine.views import Phase

log = logging.getLogger(__name__)

RECENT_ACTIONS = 128  # a hand's worth of moves at most; older ones are read from the database when needed


class RecentActions:
    """``Table.actions`` of a session: indexed by version like the whole log (``len`` is the number of actions
    applied since the match began), but holding only the last ``keep`` (an older index raises ``IndexError``)."""

    def __init__(self, actions: list[Action], start: int, keep: int = RECENT_ACTIONS) -> None:
        self.keep = keep
        self._start = start  # the version of self._items[0]
        self._items = list(actions)
        self._trim()

    def _trim(self) -> None:
        extra = len(self._items) - self.keep
        if extra > 0:
            del self._items[:extra]
            self._start += extra

    def append(self, action: Action) -> None:
        self._items.append(action)
        if len(self._items) > 2 * self.keep:  # trimmed in batches (one list copy per ``keep`` actions)
            self._trim()

    def __len__(self) -> int:
        return self._start + len(self._items)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._items)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if start < self._start and start < stop:
                raise IndexError(f"actions before {self._start} are in the database only")
            return self._items[max(0, start - self._start):max(0, stop - self._start):step]
        i = index + len(self) if index < 0 else index
        if not self._start <= i < len(self):
            raise IndexError(f"action {index} is not in memory (kept: {self._start}..{len(self) - 1})")
        return self._items[i - self._start]


def recent(table: Table) -> Table:
    """``table`` with its in-memory log bounded (``RecentActions``)."""
    if not isinstance(table.actions, RecentActions):
        actions: Any = table.actions
        table.actions = RecentActions(actions, table.version - len(actions))
    return table


class Session:
    """One open table in memory (see the module docstring); ``touched`` is the service clock's time of its last
    change, ``thinking`` the AI decisions in flight for it."""

    def __init__(self, record: TableRecord, table: Table | None = None) -> None:
        self.record = record
        self.lock = asyncio.Lock()
        self.timers = asyncio.Lock()  # a table's timers run one at a time, in order (an AI thinking holds only this)
        self.queued: dict[int, tuple[Card, ...]] = {}  # seat -> play for its next turn
        self.touched = 0.0
        self.thinking = 0
        self.stale = False  # a move whose commit failed is still in ``table`` (storage unreachable): reload first
        self._frozen: bytes | None = None
        self._table: Table | None = None
        self.table = table

    @property
    def table(self) -> Table | None:
        if self._table is None and self._frozen is not None:  # evicted: rebuilt exactly from its snapshot
            self._table = recent(Table.from_json(json.loads(zlib.decompress(self._frozen))))
            self._frozen = None
            log.debug("table %d back in memory", self.record.table_id)
        return self._table

    @table.setter
    def table(self, table: Table | None) -> None:
        self._frozen = None
        self._table = recent(table) if table is not None else None

    def ai_rng(self, seat: int) -> random.Random:
        """A reproducible RNG per table, version and seat for an AI's decision (a restart makes the same choice).
        It follows the deal's seed, or the table's own ``ai_seed`` (meta) where tables share their deals (a
        duplicate round: the same AI on the same deals would play every table alike)."""
        assert self.table is not None
        seed = self.record.meta.get("ai_seed") or self.record.seed
        return random.Random(f"{seed}:{self.table.version}:{seat}")

    @property
    def evicted(self) -> bool:
        return self._frozen is not None

    @property
    def busy(self) -> bool:
        """A change is in progress (the lock is held) or an AI is thinking about this table."""
        return self.lock.locked() or self.thinking > 0

    def evict(self) -> bool:
        """Keep only the compressed state of the engine table (never while ``busy``); True if evicted."""
        if self._table is None or self.busy:
            return False
        self._frozen = zlib.compress(json.dumps(self._table.to_json(), separators=(",", ":")).encode())
        self._table = None
        return True

    @contextlib.asynccontextmanager
    async def serving(self) -> AsyncIterator[None]:
        """The table's lock for an interaction (a click, a command): while it waits for a timer's move to finish,
        that move's pictures are drawn first (``runtime.pictures.renderqueue``) and its queries skip the timers' queue
        (``data.priority``)."""
        if self.lock.locked():
            with data_priority.hurrying(self.record.table_id):
                await self.lock.acquire()
        else:
            await self.lock.acquire()
        try:
            yield
        finally:
            self.lock.release()


def evict_idle(sessions: Mapping[int, Session], now: float, idle_s: float) -> list[int]:
    """Evict the async tables in play without a change for ``idle_s`` seconds (never one with a change or an AI
    decision in flight); their timers stay armed in the database and fire as usual. The evicted ids."""
    out = []
    for tid, session in sessions.items():
        rec = session.record
        if rec.mode is Mode.ASYNC and rec.status is Status.PLAYING and not session.evicted \
                and now - session.touched >= idle_s and session.evict():
            out.append(tid)
    if out:
        log.info("evicted %d idle tables", len(out))
    return out


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
