"""Timers kept in the database (turn reminders, 托管 deadlines, declaration windows, AI delays).

They survive restarts: at start-up the scheduler simply finds the overdue ones. ``due_at`` is Unix
seconds. Adding or removing a timer calls every callback registered with ``on_timers_changed`` (the
one timer loop, ``runtime.clock.scheduler.Scheduler``, subscribes) with the new timer's due time, or ``None`` when
timers were only removed (nothing falls due sooner then).
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from data.connection import Row
from data.shards import ShardsMixin

log = logging.getLogger(__name__)

CLAIM_CHUNK = 500  # timer ids per claiming statement (SQLite allows 32,766 parameters)


@dataclass(frozen=True)
class Timer:
    id: int
    kind: str
    table_id: int | None
    due_at: float
    payload: dict[str, Any] = field(hash=False)
    created_at: float = 0.0

    @classmethod
    def from_row(cls, row: Row) -> Timer:
        return cls(id=row["id"], kind=row["kind"], table_id=row["table_id"], due_at=row["due_at"],
                   payload=json.loads(row["payload"]), created_at=row["created_at"])


class TimersMixin(ShardsMixin):
    """Persistent timers."""

    _timer_listeners: list[Callable[[float | None], None]] | None = None

    def on_timers_changed(self, callback: Callable[[float | None], None]) -> Callable[[], None]:
        """Call ``callback(due_at)`` (synchronously, on the event loop) whenever a timer is added (its due time)
        or removed (``None``); returns the function that unsubscribes it. A callback must not block (e.g.
        schedule a task)."""
        if self._timer_listeners is None:
            self._timer_listeners = []
        listeners = self._timer_listeners
        listeners.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                listeners.remove(callback)

        return unsubscribe

    def notify_timers_changed(self, due_at: float | None = None) -> None:
        """Tell every listener (the scheduler) that a timer due at ``due_at`` was stored, or (``None``) that
        timers were removed (done by every change here)."""
        for callback in list(self._timer_listeners or ()):
            try:
                callback(due_at)
            except Exception:
                log.exception("timers-changed listener %r failed", callback)

    async def add_timer(self, kind: str, table_id: int | None, due_at: float,
                        payload: dict[str, Any] | None = None) -> int:
        """Store a timer; its id."""
        timer_id = await self.insert(
            "INSERT INTO timers (kind, table_id, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            (kind, table_id, float(due_at), json.dumps(payload or {}), time.time()))
        self.notify_timers_changed(float(due_at))
        return timer_id

    async def get_timer(self, timer_id: int) -> Timer | None:
        row = await self.fetchone("SELECT * FROM timers WHERE id = ?", (timer_id,))
        return None if row is None else Timer.from_row(row)

    async def next_timer(self) -> Timer | None:
        """The timer due first (ties: the oldest), or ``None`` — of this process's shards (``data.shards``)."""
        mine, params = self.timer_filter()
        row = await self.fetchone(f"SELECT * FROM timers WHERE 1 = 1{mine} ORDER BY due_at, id LIMIT 1", params)
        return None if row is None else Timer.from_row(row)

    async def due_timers(self, now: float | None = None) -> list[Timer]:
        """Every timer with ``due_at <= now``, earliest first (of this process's shards)."""
        now = time.time() if now is None else now
        mine, params = self.timer_filter()
        rows = await self.fetchall(f"SELECT * FROM timers WHERE due_at <= ?{mine} ORDER BY due_at, id", (now, *params))
        return [Timer.from_row(r) for r in rows]

    async def table_timers(self, table_id: int, kind: str | None = None) -> list[Timer]:
        if kind is None:
            rows = await self.fetchall("SELECT * FROM timers WHERE table_id = ? ORDER BY due_at, id", (table_id,))
        else:
            rows = await self.fetchall("SELECT * FROM timers WHERE table_id = ? AND kind = ? ORDER BY due_at, id",
                                       (table_id, kind))
        return [Timer.from_row(r) for r in rows]

    async def timers_of_kind(self, kind: str) -> list[Timer]:
        """Every timer of ``kind``, earliest first (of this process's shards)."""
        mine, params = self.timer_filter()
        rows = await self.fetchall(f"SELECT * FROM timers WHERE kind = ?{mine} ORDER BY due_at, id", (kind, *params))
        return [Timer.from_row(r) for r in rows]

    async def update_timer(self, timer_id: int, due_at: float, payload: dict[str, Any]) -> bool:
        """Move a timer to ``due_at`` with ``payload``, in one statement; False if it was gone."""
        updated = await self.execute("UPDATE timers SET due_at = ?, payload = ? WHERE id = ?",
                                     (float(due_at), json.dumps(payload), timer_id))
        if updated:
            self.notify_timers_changed(float(due_at))
        return bool(updated)

    async def delete_timer(self, timer_id: int) -> bool:
        """Remove a timer; False if it was already gone."""
        deleted = await self.execute("DELETE FROM timers WHERE id = ?", (timer_id,))
        if deleted:
            self.notify_timers_changed()
        return bool(deleted)

    async def claim_timers(self, timer_ids: Sequence[int]) -> set[int]:
        """Remove the timers ``timer_ids`` in one statement per ``CLAIM_CHUNK``; the ids this call removed (a timer
        someone else removed meanwhile is not among them, so each timer is claimed once)."""
        claimed: set[int] = set()
        ids = list(timer_ids)
        for start in range(0, len(ids), CLAIM_CHUNK):
            chunk = ids[start:start + CLAIM_CHUNK]
            rows = await self.fetchall(f"DELETE FROM timers WHERE id IN ({', '.join('?' * len(chunk))}) RETURNING id",
                                       chunk)
            claimed.update(int(r[0]) for r in rows)
        if claimed:
            self.notify_timers_changed()
        return claimed

    async def cancel_timers(self, table_id: int, kind: str | None = None) -> int:
        """Remove a table's timers (of one ``kind``, or all); how many."""
        if kind is None:
            deleted = await self.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))
        else:
            deleted = await self.execute("DELETE FROM timers WHERE table_id = ? AND kind = ?", (table_id, kind))
        if deleted:
            self.notify_timers_changed()
        return deleted

    async def tables_with_timers(self) -> set[int]:
        """Ids of the tables that have a stored timer (the watchdog's look for tables left without one)."""
        rows = await self.fetchall("SELECT DISTINCT table_id FROM timers WHERE table_id IS NOT NULL")
        return {int(r[0]) for r in rows}
