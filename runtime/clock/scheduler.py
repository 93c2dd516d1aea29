"""The one timer loop: runs the stored timers of every table when they fall due (the bot and the offline job).

``fire_next`` takes the earliest timer and, once due, deletes it *before* running its handler (so a timer
never runs twice, and a re-planning handler cannot be undone by a late delete). A crash between the two
loses nothing: ``GameService.restore_all`` re-plans every table's timers from its state.

Driving: ``start()`` subscribes to the database's timer changes (``db.on_timers_changed``); a stored timer
that may fall due before the armed sleep ends (or the sleep's end itself) starts a short-lived task that fires
what is due, then arms one sleep for the next timer. Removed timers and timers due after the armed sleep wake
nothing (waking at the sleep's end looks again anyway): under load every move removes and stores timers, and
each wake costs the database a query for the due timers and one for the next. No task waits on an open-ended
event, so an idle bot has no pending work (SimCord can tell a settled bot from a stuck one). ``run_due()``
fires what is due without the loop (tests, offline job).
The loop cannot die: a failed round (the database locked past its busy timeout, a server restarting) is logged and
tried again after a back-off (``RETRY_S`` doubling up to ``RETRY_MAX_S``); a failed round or handler is reported to
``on_error`` (the service's ``runtime.service.watchdog``: the timers a failed handler claimed are gone, it re-plans
them). Timer work is background work for the database (``data.priority.in_background``): a click's queries take
connections of their own and never queue behind the timers' (``data.postgres``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from data.database import Database
from data.priority import in_background
from data.timers import Timer

log = logging.getLogger(__name__)

Handler = Callable[[Timer], Awaitable[None]]
MAX_SLEEP = 3600.0
RETRY_S = 0.25  # first back-off after a failed round, doubled each time up to RETRY_MAX_S
RETRY_MAX_S = 2.0


def _pending(task: asyncio.Task[None] | None) -> bool:
    return task is not None and not task.done()


class Scheduler:
    """Fires ``handler(timer)`` for each due timer of ``db``."""

    def __init__(self, db: Database, handler: Handler, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.handler = handler
        self.clock = clock
        self._runner: asyncio.Task[None] | None = None
        self._sleeper: asyncio.Task[None] | None = None
        self._sleep_until = 0.0  # clock time the sleeper wakes at
        self._dirty = False
        self._unsubscribe: Callable[[], None] | None = None
        self._inflight: dict[asyncio.Task[None], int | None] = {}  # handlers the loop started -> their table
        self._failures = 0  # failed rounds in a row (the back-off)
        self.on_error: Callable[[int | None], None] | None = None  # a round (None) or a table's handler failed

    # -- firing -------------------------------------------------------------------------------------------
    async def fire_next(self) -> bool:
        """Run the earliest timer if it is due; False if none is due."""
        with in_background():
            timer = await self.db.next_timer()
            if timer is None or timer.due_at > self.clock():
                return False
            if not await self.db.delete_timer(timer.id):
                return True  # someone else removed it meanwhile; look again
            await self._fire(timer)
            return True

    async def run_due(self, limit: int = 1_000_000) -> int:
        """Fire due timers (including those that become due meanwhile) until none is due; how many."""
        fired = 0
        while fired < limit and await self.fire_next():
            fired += 1
        return fired

    # -- the loop -----------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._unsubscribe is not None

    def start(self) -> None:
        """Follow the timers from now on (idempotent)."""
        if self._unsubscribe is None:
            self._unsubscribe = self.db.on_timers_changed(self._timers_changed)
        self.wake()

    def _timers_changed(self, due_at: float | None) -> None:
        """A timer due at ``due_at`` was stored, or (``None``) timers were removed: look again only if it may
        fall due before the armed sleep ends (while the loop runs, it may have read the timers before it)."""
        if due_at is None:
            return
        if not _pending(self._runner) and _pending(self._sleeper) and due_at >= self._sleep_until:
            return
        self.wake()

    def wake(self) -> None:
        """Look at the timers again soon."""
        if not self.running:
            return
        self._dirty = True
        if not _pending(self._runner):
            self._runner = asyncio.get_running_loop().create_task(self._run(), name="tractor-timers")

    async def run_now(self) -> None:
        """Wake and wait until every due timer has fired (tests, the benchmark)."""
        self.wake()
        while _pending(self._runner) or self._inflight:
            if self._runner is not None and not self._runner.done():
                await asyncio.shield(self._runner)
            if self._inflight:
                await asyncio.gather(*list(self._inflight), return_exceptions=True)

    async def _dispatch_due(self) -> Timer | None:
        """Claim (delete) every due timer and run each handler in its own task: one table's slow move (an AI
        thinking in the pool, a commit) never holds up another table's timer. Handlers of one table still
        run one at a time (they take the table's lock) and a stale one sees the table has moved on.
        Returns the next timer (``None``: no timer; one due meanwhile is claimed by the loop's next round).
        The due timers are read in one query and claimed in one statement (hundreds fall due at once after a
        restart or when many tables start: one at a time, a timer cost two round trips before its handler could
        start; together, a connection each)."""
        due = await self.db.due_timers(self.clock())
        claimed = await self.db.claim_timers([t.id for t in due])
        for timer in due:
            if timer.id in claimed:  # else someone else removed it meanwhile
                task = asyncio.get_running_loop().create_task(self._fire(timer), name=f"tractor-timer-{timer.id}")
                self._inflight[task] = timer.table_id
                task.add_done_callback(self._done)
        return await self.db.next_timer()

    def _done(self, task: asyncio.Task[None]) -> None:
        self._inflight.pop(task, None)

    def handling(self) -> set[int | None]:
        """Tables whose timer handler is running (claimed, not yet done)."""
        return set(self._inflight.values())

    async def _fire(self, timer: Timer) -> None:
        try:
            await self.handler(timer)
        except Exception:
            log.exception("timer %d (%s) of table %s failed", timer.id, timer.kind, timer.table_id)
            self._report(timer.table_id)

    def _report(self, table_id: int | None) -> None:
        if self.on_error is not None:
            try:
                self.on_error(table_id)
            except Exception:
                log.exception("reporting a timer failure failed")

    async def _run(self) -> None:
        with in_background():  # the handlers' tasks started here inherit it
            await self._follow()

    async def _follow(self) -> None:
        while self._dirty and self.running:
            self._dirty = False
            try:
                nxt = await self._dispatch_due()
            except Exception as exc:
                self._retry_later(exc)
                return
            if self._failures:
                log.warning("timer loop running again after %d failed rounds", self._failures)
                self._failures = 0
            if nxt is not None and nxt.due_at <= self.clock():
                self._dirty = True  # fell due meanwhile: claim it in this run
                continue
            self._arm(None if nxt is None else nxt.due_at)

    def _retry_later(self, exc: Exception) -> None:
        """A failed round: logged (the traceback once, then one line each), looked at again after a back-off."""
        self._failures += 1
        delay = min(RETRY_MAX_S, RETRY_S * 2 ** min(self._failures - 1, 8))
        if self._failures == 1:
            log.error("timer run failed; retrying in %.2f s", delay, exc_info=exc)
        else:
            log.warning("timer run failed again (%d in a row: %s); retrying in %.2f s", self._failures,
                        type(exc).__name__, delay)
        self._report(None)
        self._dirty = True  # the next wake looks again even if nothing changed meanwhile
        self._arm(self.clock() + delay, force=True)

    def _arm(self, due: float | None, *, force: bool = False) -> None:
        """Sleep until ``due`` (clock time; ``None``: no timer, no sleep). A sleep that already ends by then
        is kept (waking early only looks again): a move that re-plans its table's timers does not cancel
        and recreate the sleep each time."""
        if _pending(self._sleeper) and due is not None and self._sleep_until <= due and not force:
            return
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()
        self._sleeper = None
        if due is not None:
            delay = min(MAX_SLEEP, max(0.0, due - self.clock()))
            self._sleep_until = self.clock() + delay
            self._sleeper = asyncio.get_running_loop().create_task(self._sleep(delay), name="tractor-timers-sleep")

    async def _sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.wake()

    async def stop(self) -> None:
        """Stop following the timers and end the running tasks."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for task in (self._sleeper, self._runner, *self._inflight):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._sleeper = self._runner = None
