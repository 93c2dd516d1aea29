"""Driving the service's stored timers (AI moves, reminders, 托管, dealing, windows) from the bot.

The service is built with ``autorun=False``; this driver fires due timers with
``GameService.run_until_idle`` in a short-lived task whenever the timers change (it subscribes with the
database's public ``on_timers_changed``), then sleeps until the next one is due. No task waits on an
open-ended event, so the bot stays idle between moves (and SimCord can tell a settled bot from a stuck
one). ``wake()`` may be called at any time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0


class TimerDriver:
    """Runs the due timers of ``game`` (a ``GameService``)."""

    def __init__(self, game: Any, clock: Callable[[], float]) -> None:
        self.game = game
        self.clock = clock
        self._runner: asyncio.Task[None] | None = None
        self._sleeper: asyncio.Task[None] | None = None
        self._dirty = False
        self._closed = False
        self._unsubscribe = game.db.on_timers_changed(self.wake)

    def wake(self) -> None:
        """Look at the timers again soon."""
        if self._closed:
            return
        self._dirty = True
        if self._runner is None or self._runner.done():
            self._runner = asyncio.get_running_loop().create_task(self._run(), name="tractor-timers")

    async def run_now(self) -> None:
        """Wake and wait until every due timer has fired (tests, the benchmark)."""
        self.wake()
        while self._runner is not None and not self._runner.done():
            await asyncio.shield(self._runner)

    async def _run(self) -> None:
        while self._dirty and not self._closed:
            self._dirty = False
            try:
                await self.game.run_until_idle()
                nxt = await self.game.db.next_timer()
            except Exception:
                log.exception("timer run failed")
                return
            if nxt is not None and nxt.due_at <= self.clock():
                self._dirty = True
                continue
            self._arm(None if nxt is None else nxt.due_at - self.clock())

    def _arm(self, delay: float | None) -> None:
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()
        if delay is None:
            self._sleeper = None
            return
        self._sleeper = asyncio.get_running_loop().create_task(self._sleep(min(MAX_SLEEP, max(0.0, delay))),
                                                               name="tractor-timers-sleep")

    async def _sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.wake()

    async def close(self) -> None:
        self._closed = True
        self._unsubscribe()
        for task in (self._sleeper, self._runner):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
