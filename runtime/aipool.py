"""AI decisions off the event loop: a pool of worker processes, one per core (each its own interpreter lock).

A strong AI thinks for its whole budget (0.2-1 s of pure Python); in a thread it would hold the
interpreter lock the event loop needs, and every other table's click would wait. In a worker process
it costs the loop only the pickling of the seat's view (~3 KB) and of the chosen action. The choice is
the same as in-process: ``choose_action`` gets the same view, level, seeded RNG and budget.

Workers run at a lower CPU priority (``nice`` 10): when cores are short, the event loop still gets them
first; they die with the bot, even killed outright (``runtime.workers``). One pool per bot process
(``shared_pool``), started on first use with ``spawn`` (a fork of a process with running threads and an event
loop is unsafe).

A table never waits on a worker for ever: at most one decision per worker is handed to the pool at a time (the
others wait their turn here, so a decision's clock starts when a worker is free), and one without an answer in
twice its budget plus ``grace_s`` (``start_timeout_s`` while new workers start) means a hung worker (stopped,
deadlocked; a stopped idle worker can even hold the queue every worker reads its next task from). Its workers
are then killed and new ones started at once, and the move is a basic AI's, decided in a thread (milliseconds).
A worker that dies under a decision is met the same way. The decisions the killed workers held get that move too.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import weakref
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

from engine.actions import Action
from engine.ai import choose_action
from engine.ai.levels import AiLevel
from engine.views import SeatView
from runtime.workers import kill_workers, worker_init, worker_pids

log = logging.getLogger(__name__)

WORKER_NICENESS = 10  # a worker at full thought must not slow the event loop's process down
# A decision not answered in twice its budget plus this long means a hung worker (pickling both ways and a busy
# machine's scheduling take far less); new workers first start and import the engine (seconds when cores are short)
DECIDE_GRACE_S = 5.0
START_TIMEOUT_S = 60.0


def default_processes() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _ready() -> int:
    """A new worker's first task: imports this module (so the engine and its AI) before the first decision."""
    return os.getpid()


class AiPool:
    """``await pool.decide(view, level, rng, budget)`` runs ``engine.ai.choose_action`` in a worker process."""

    def __init__(self, processes: int | None = None, niceness: int = WORKER_NICENESS,
                 grace_s: float = DECIDE_GRACE_S, start_timeout_s: float = START_TIMEOUT_S) -> None:
        self.processes = processes or default_processes()
        self.niceness = niceness
        self.grace_s = grace_s
        self.start_timeout_s = start_timeout_s
        self.replaced = 0  # times the workers were killed and replaced (hung or dead)
        self.fallbacks = 0  # moves decided by the basic AI in a thread instead
        self._executor: ProcessPoolExecutor | None = None
        self._starting: list[Future[int]] = []  # the new workers' first tasks (``_ready``)
        self._turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = \
            weakref.WeakKeyDictionary()

    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # workers yield the CPU to the bot's event loop, and die with the bot (runtime.workers)
            self._executor = ProcessPoolExecutor(max_workers=self.processes, initializer=worker_init,
                                                 initargs=(os.getpid(), self.niceness),
                                                 mp_context=multiprocessing.get_context("spawn"))
            # one task each, handed over together: every worker starts now, not on a later decision's clock
            self._starting = [self._executor.submit(_ready) for _ in range(self.processes)]
            log.info("AI process pool: %d workers", self.processes)
        return self._executor

    def pids(self) -> list[int]:
        """The current workers' process ids (tests, benchmarks)."""
        return worker_pids(self._executor)

    def timeout(self, budget_s: float) -> float:
        """How long a decision of ``budget_s`` may take before its worker counts as hung."""
        started = all(f.done() for f in self._starting)
        return 2 * budget_s + (self.grace_s if started else self.start_timeout_s)

    def _turn(self) -> asyncio.Semaphore:
        """One decision per worker in the pool at a time (per event loop: a semaphore belongs to one)."""
        loop = asyncio.get_running_loop()
        turn = self._turns.get(loop)
        if turn is None:
            turn = self._turns[loop] = asyncio.Semaphore(self.processes)
        return turn

    async def decide(self, view: SeatView, level: AiLevel, rng: random.Random, budget_s: float,
                     read: Mapping[int, str] | None = None) -> Action | None:
        """The AI's action for ``view`` (computed in a worker; the event loop only waits); ``read``: the
        seats whose plays a strong AI reads, with their levels (``engine.ai.read_seats``). A hung or dead worker:
        the basic AI's action, decided in a thread (module doc)."""
        async with self._turn():
            executor = self.executor()
            timeout = self.timeout(budget_s)
            try:  # submit, not loop.run_in_executor (SimCord wraps that callable in an unpicklable one)
                future = executor.submit(partial(choose_action, read=read), view, level, rng, budget_s)
                return await asyncio.wait_for(asyncio.wrap_future(future), timeout)
            except BrokenProcessPool:
                log.error("an AI worker died; new workers started, and a basic AI decides this move in a thread")
                self._replace(executor)
            except TimeoutError:
                log.error("an AI worker gave no move in %.1f s (hung): killed, new workers started, and a basic AI "
                          "decides this move in a thread", timeout)
                self._replace(executor)
        self.fallbacks += 1
        return await asyncio.to_thread(choose_action, view, AiLevel.BASIC, rng, budget_s)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Kill ``broken``'s workers (their decisions fail over to the basic AI) and start new ones now."""
        if self._executor is not broken:
            return  # replaced already (another decision on it failed first)
        killed = kill_workers(broken)
        log.warning("AI workers %s killed and replaced", killed)
        self.close()
        self.replaced += 1
        self.executor()

    async def run(self, func: object, *args: object) -> object:
        """Run a picklable module-level function in a worker (for tests and warm-up)."""
        return await asyncio.wrap_future(self.executor().submit(func, *args))  # type: ignore[arg-type]

    def close(self) -> None:
        """Stop the workers (running decisions are abandoned); the next ``decide`` starts new ones."""
        executor, self._executor, self._starting = self._executor, None, []
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
