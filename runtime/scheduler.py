"""The one asyncio task that runs the stored timers of every table when they fall due.

It takes the earliest timer, and once due deletes it *before* running its handler (so a timer is
never run twice, and a re-planning handler cannot be undone by a late delete of a reused row id).
A crash between the two loses nothing: ``restore_all`` re-plans every table's timers from its state.
Sleeps until the next due time or until timers change (``db.timers_changed``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from data.timers import Timer

log = logging.getLogger(__name__)

Handler = Callable[[Timer], Awaitable[None]]


class Scheduler:
    """``start()`` the background task; ``run_due()`` fires what is due now (tests, offline job)."""

    def __init__(self, db: Any, handler: Handler, clock: Callable[[], float] = time.time,
                 max_sleep: float = 3600.0) -> None:
        self.db = db
        self.handler = handler
        self.clock = clock
        self.max_sleep = max_sleep
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.create_task(self._run(), name="runtime-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def fire_next(self) -> bool:
        """Run the earliest timer if it is due; False if none is due."""
        timer = await self.db.next_timer()
        if timer is None or timer.due_at > self.clock():
            return False
        if not await self.db.delete_timer(timer.id):
            return True  # someone else removed it meanwhile; look again
        try:
            await self.handler(timer)
        except Exception:
            log.exception("timer %d (%s) of table %s failed", timer.id, timer.kind, timer.table_id)
        return True

    async def run_due(self, limit: int = 1_000_000) -> int:
        """Fire due timers (including those that become due meanwhile) until none is due; how many."""
        fired = 0
        while fired < limit and await self.fire_next():
            fired += 1
        return fired

    async def _run(self) -> None:
        changed = self.db.timers_changed
        while True:
            changed.clear()
            await self.run_due()
            timer = await self.db.next_timer()
            delay = self.max_sleep if timer is None else min(self.max_sleep, max(0.0, timer.due_at - self.clock()))
            if timer is not None and delay == 0.0:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout=delay)
