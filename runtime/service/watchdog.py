"""The watchdog: no table stays frozen after a storage fault.

- After a storage error (a commit refused, a timer round or handler failed, results not recorded) the tables it
  concerns (``None``: all) are marked; the watchdog then, with a back-off (``RETRY_S`` doubling up to
  ``RETRY_MAX_S``) until storage answers again, reloads each marked table if its memory is ``stale``, finishes
  its unrecorded results (``runtime.service.recovery``) and re-plans its timers (a failed handler's timer was already
  claimed, so nothing else would).
- At most every ``WATCH_EVERY_S``, on the bot's own activity (a timer firing: no task of its own while all is
  well), it looks for tables in play waiting on a seat with no stored timer (nothing would ever move them) and
  re-arms them, with a log line each.
- Health: the first failure logs one line ``storage unreachable``, the first success after it ``storage
  reachable again``; ``healthy`` says which holds now.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from typing import Protocol

from data.database import Database
from data.records import Status
from runtime.clock.planner import plan
from runtime.clock.scheduler import Scheduler
from runtime.presenter import UpdateReason
from runtime.service.pipeline import PAUSED, Pipeline
from runtime.service.recovery import finish_records
from runtime.service.session import Session

log = logging.getLogger(__name__)

WATCH_EVERY_S = 20.0
RETRY_S = 0.5
RETRY_MAX_S = 2.0


class Watched(Protocol):
    """What the watchdog needs of the service (``runtime.service.game.GameService``)."""

    db: Database
    pipeline: Pipeline
    scheduler: Scheduler
    sessions: dict[int, Session]
    clock: Callable[[], float]


class Watchdog:
    """See the module docstring; ``start``/``stop`` follow the service's timer loop."""

    def __init__(self, service: Watched, every: float = WATCH_EVERY_S) -> None:
        self.service = service
        self.every = every
        self.healthy = True
        self._marked: set[int] = set()
        self._all = False
        self._failures = 0
        self._task: asyncio.Task[None] | None = None  # the repair loop (while storage errors are unresolved)
        self._checker: asyncio.Task[None] | None = None  # one look for tables without timers
        self._enabled = False  # started (the bot's timer loop runs)
        self._checked = 0.0  # service clock time of the last look for tables without timers

    # -- reports -----------------------------------------------------------------------------------------
    def storage_failed(self, table_id: int | None) -> None:
        """A storage error concerned ``table_id`` (``None``: the whole timer loop, so every table)."""
        if self.healthy:
            self.healthy = False
            log.error("storage unreachable or refusing writes: tables will be re-planned when it answers again")
        if table_id is None:
            self._all = True
        else:
            self._marked.add(table_id)
        self._spawn()

    def maybe_check(self) -> None:
        """On the bot's own activity (a timer): look for tables waiting with no timer, at most every ``every``
        seconds (no task of its own while all is well: an idle bot has no pending work)."""
        now = self.service.clock()
        if self._enabled and now - self._checked >= self.every and not _pending(self._checker) \
                and not _pending(self._task):
            self._checked = now
            self._checker = asyncio.get_running_loop().create_task(self._check(), name="tractor-watchdog-check")

    # -- the loop ----------------------------------------------------------------------------------------
    def start(self) -> None:
        """Follow storage errors from now on (with the service's timer loop)."""
        self._enabled = True
        self._checked = self.service.clock()
        if self._all or self._marked:
            self._spawn()

    async def stop(self) -> None:
        self._enabled = False
        for task in (self._task, self._checker):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._task = self._checker = None

    def _spawn(self) -> None:
        if self._enabled and not _pending(self._task):
            self._task = asyncio.get_running_loop().create_task(self._repair_loop(), name="tractor-watchdog")

    async def _check(self) -> None:
        try:
            await self._rearm_waiting()
        except Exception as exc:
            log.warning("looking for tables without timers failed (%s)", type(exc).__name__)
            self.storage_failed(None)

    async def _repair_loop(self) -> None:
        """While tables are marked: repair them with a back-off until storage answers; then the task ends."""
        while self._all or self._marked or not self.healthy:
            await asyncio.sleep(min(RETRY_MAX_S, RETRY_S * 2 ** min(self._failures, 8)))
            if not self.service.scheduler.running:
                continue
            try:
                await self.sweep()
            except Exception as exc:
                self._failures += 1
                self._all = True  # every table is re-planned once storage answers again
                if self._failures in (1, 10) or self._failures % 100 == 0:  # one line, not one every few seconds
                    log.warning("storage check failed (%d in a row: %s: %s)", self._failures, type(exc).__name__,
                                str(exc).splitlines()[0] if str(exc) else "")

    async def sweep(self) -> int:
        """Repair the marked tables, then re-arm any table waiting with no timer; how many were re-planned.
        Raises if storage still fails (the marks stay)."""
        await self.service.db.probe()  # the server unreachable, the file gone: raises (and stays marked)
        repaired = await self._repair_marked()
        repaired += await self._rearm_waiting()
        if not self.healthy and not (self._all or self._marked):
            self.healthy = True
            log.warning("storage reachable again: %d tables re-planned", repaired)
        self._failures = 0
        return repaired

    async def _repair_marked(self) -> int:
        sessions = self.service.sessions
        if self._all:
            self._all = False
            self._marked.update(sessions)
        done = 0
        for tid in sorted(self._marked):
            session = sessions.get(tid)
            if session is not None and not await self.repair(session):
                continue  # a handler of the table is running: next time
            self._marked.discard(tid)
            done += 1
        return done

    async def repair(self, session: Session) -> bool:
        """Reload (if stale), finish unrecorded results and re-plan one table; False if a timer handler of it is
        running now (it re-plans the table itself). Storage errors propagate (the table stays marked)."""
        if session.record.table_id in self.service.scheduler.handling() or session.timers.locked():
            return False
        pipeline = self.service.pipeline
        async with session.lock:
            if session.record.status is not Status.PLAYING:
                return True
            await pipeline.fresh(session)
            if await finish_records(self.service.db, session):
                await pipeline.publish(session, UpdateReason.RESTORED, arm=True)
            else:
                await pipeline.arm(session)
        return True

    async def _rearm_waiting(self) -> int:
        """Tables in play, not paused and not busy, that need a timer and have none: re-armed (logged)."""
        with_timers = await self.service.db.tables_with_timers()
        handling = self.service.scheduler.handling()
        fixed = 0
        for tid, session in list(self.service.sessions.items()):
            if tid in with_timers or tid in handling or tid in self._marked or not _idle_in_play(session):
                continue
            wanted = plan(session.record, session.table, self.service.clock(), session.queued)  # type: ignore[arg-type]
            if not wanted:
                continue
            log.warning("table %d was waiting (%s) with no timer; re-armed", tid,
                        ", ".join(sorted({t.kind for t in wanted})))
            async with session.lock:
                await self.service.pipeline.arm(session)
            fixed += 1
        return fixed


def _pending(task: asyncio.Task[None] | None) -> bool:
    return task is not None and not task.done()


def _idle_in_play(session: Session) -> bool:
    rec = session.record
    return (rec.status is Status.PLAYING and not rec.meta.get(PAUSED) and not session.busy
            and not session.timers.locked() and not session.stale and session.table is not None)


def waiting_without_timers(sessions: Mapping[int, Session], with_timers: set[int], now: float) -> list[int]:
    """Ids of the tables in play that need a timer now and have none (for the fault benchmark's ``frozen``)."""
    return [tid for tid, s in sessions.items() if tid not in with_timers and _idle_in_play(s)
            and plan(s.record, s.table, now, s.queued)]  # type: ignore[arg-type]
