"""Runs stored timers when they fall due (asyncio only).

The RoboDanny reminder pattern: sleep until the earliest stored timer is due, or until a timer is
added or cancelled (``db.timers_changed``), then look again. A due timer is handed to ``handler`` and
deleted afterwards, so a timer whose handler was interrupted by a crash runs again after a restart
(handlers must tolerate a repeat, e.g. by checking the table's current seq in the payload). Timer ids are
never reused (migration 0004), so a handler may delete its own timer and add new ones safely.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from data.timers import Timer, TimersMixin

log = logging.getLogger(__name__)

Handler = Callable[[Timer], Awaitable[None]]


class TimerScheduler:
    """``start()`` a background task that fires ``handler(timer)`` for each due timer; ``stop()`` ends it."""

    def __init__(self, db: TimersMixin, handler: Handler, clock: Callable[[], float] = time.time,
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
            self._task = asyncio.create_task(self._run(), name="timer-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def wake(self) -> None:
        """Look at the timers again now (called automatically when timers change)."""
        self.db.notify_timers_changed()

    async def run_due(self) -> int:
        """Fire every timer due now, earliest first; how many fired."""
        fired = 0
        for timer in await self.db.due_timers(self.clock()):
            try:
                await self.handler(timer)
            except Exception:
                log.exception("timer %d (%s) failed", timer.id, timer.kind)
            await self.db.delete_timer(timer.id)
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
