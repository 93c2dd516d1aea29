"""AI decisions off the event loop: a pool of worker processes, one per core (each its own interpreter lock).

A strong AI thinks for its whole budget (0.2-1 s of pure Python); in a thread it would hold the
interpreter lock the event loop needs, and every other table's click would wait. In a worker process
it costs the loop only the pickling of the seat's view (~3 KB) and of the chosen action. The choice is
the same as in-process: ``choose_action`` gets the same view, level, seeded RNG and budget.

Workers run at a lower CPU priority (``nice`` 10): when cores are short, the event loop still gets them
first; they die with the bot, even killed outright (``runtime.workers``). One pool per bot process
(``shared_pool``), started on first use with ``spawn`` (a fork of a process with running threads and an event
loop is unsafe). A worker that dies breaks the pool: it is replaced and the decision is retried once in a
thread, so a table never stalls on a crashed worker.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

from engine.actions import Action
from engine.ai import choose_action
from engine.ai.levels import AiLevel
from engine.views import SeatView
from runtime.workers import worker_init

log = logging.getLogger(__name__)

WORKER_NICENESS = 10  # a worker at full thought must not slow the event loop's process down


def default_processes() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class AiPool:
    """``await pool.decide(view, level, rng, budget)`` runs ``engine.ai.choose_action`` in a worker process."""

    def __init__(self, processes: int | None = None, niceness: int = WORKER_NICENESS) -> None:
        self.processes = processes or default_processes()
        self.niceness = niceness
        self._executor: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # workers yield the CPU to the bot's event loop, and die with the bot (runtime.workers)
            self._executor = ProcessPoolExecutor(max_workers=self.processes, initializer=worker_init,
                                                 initargs=(os.getpid(), self.niceness),
                                                 mp_context=multiprocessing.get_context("spawn"))
            log.info("AI process pool: %d workers", self.processes)
        return self._executor

    async def decide(self, view: SeatView, level: AiLevel, rng: random.Random, budget_s: float,
                     read: Mapping[int, str] | None = None) -> Action | None:
        """The AI's action for ``view`` (computed in a worker; the event loop only waits); ``read``: the
        seats whose plays a strong AI reads, with their levels (``engine.ai.read_seats``)."""
        decide = partial(choose_action, read=read)
        try:  # submit, not loop.run_in_executor (SimCord wraps that callable in an unpicklable one)
            return await asyncio.wrap_future(self.executor().submit(decide, view, level, rng, budget_s))
        except BrokenProcessPool:
            log.exception("an AI worker died; restarting the pool and deciding this move in a thread")
            self.close()
            return await asyncio.to_thread(decide, view, level, rng, budget_s)

    async def run(self, func: object, *args: object) -> object:
        """Run a picklable module-level function in a worker (for tests and warm-up)."""
        return await asyncio.wrap_future(self.executor().submit(func, *args))  # type: ignore[arg-type]

    def close(self) -> None:
        """Stop the workers (running decisions are abandoned); the next ``decide`` starts new ones."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


_SHARED: dict[int, AiPool] = {}


def shared_pool(processes: int | None = None) -> AiPool:
    """The process-wide pool (``processes`` workers; default one per core), created on first call."""
    size = processes or default_processes()
    pool = _SHARED.get(size)
    if pool is None:
        pool = _SHARED[size] = AiPool(size)
    return pool
