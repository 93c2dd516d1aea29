"""Pictures are drawn one at a time on one thread, those a person is waiting for first.

``render/`` draws one picture at a time (it holds a lock), so more drawing threads only queue on that lock, in
no particular order. Under load (hundreds of tables, an AI move every few milliseconds, each redrawing its
table) a click's pictures would wait behind every AI move's. Here the waiting pictures form one queue by
priority: a picture drawn for an interaction (a click, a command, a panel: the default) goes before any picture
of a timer's move (an AI seat, 托管, dealing: timer work, ``data.priority.in_background()``), then in order of
arrival. A timer's picture of a table (``data.priority.for_table``) that an interaction is waiting for
(``data.priority.hurrying``: a click waits for the table's lock, held by an AI move being drawn) is urgent too:
the click is not kept waiting behind other tables' pictures. One mark serves the pictures and the database.

Newest only (``submit(slot, …)``): a picture of a *slot* — a table's live picture, which each change of the table
replaces — is drawn only for the newest state. A slot's picture still waiting in the queue when a newer one of the
same slot comes is never drawn: the newer takes its place in the queue (so it is not drawn later than the one it
replaces, and it is urgent if either was), and whoever waits for the older gets the newer picture. A picture being
drawn is finished; the newer one is then drawn after it.

A drawing process that dies, or hangs (no picture within ``DRAW_TIMEOUT_S``: stopped, deadlocked), is killed and
replaced and the picture drawn once more in a new one (which first gets ``START_TIMEOUT_S`` to start); if that
fails too, its waiters get ``PictureUnavailable`` (a localized "try again"), and the drawing threads go on with
the next pictures: a table never waits forever.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from data import priority
from runtime.errors import ServiceError
from runtime.workers import kill_workers, worker_init

log = logging.getLogger(__name__)

# A picture takes 5-50 ms: a drawing process that has not answered one picture in this long is hung (SIGSTOP, a
# deadlock) and is replaced. A new process first starts and loads its fonts (seconds on a busy machine): until it
# has answered, its pictures get the longer START_TIMEOUT_S.
DRAW_TIMEOUT_S = 20.0
START_TIMEOUT_S = 120.0


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # the waiter was cancelled
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


@dataclass
class _Job:
    mark: priority.Mark
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    futures: list[asyncio.Future[Any]]  # its waiters' (the first its own; then those of the jobs it superseded)
    slot: Hashable | None = None

    def abandoned(self) -> bool:
        return all(f.cancelled() for f in self.futures)


def _either_urgent(old: priority.Mark, new: priority.Mark) -> priority.Mark:
    """The mark of a picture that replaces ``old``: background only if both were, of the same table."""
    return old[0] and new[0], new[1] if new[1] is not None else old[1]


class PictureUnavailable(ServiceError):
    """``render.picture_unavailable``: the picture could not be drawn (its drawing process hung or died twice);
    the person asking gets "try again", and the table goes on without it."""


def _start_processes(processes: int) -> ProcessPoolExecutor:
    """``processes`` drawing processes: they load their fonts and sprites first, and die with the bot
    (``runtime.workers``)."""
    return ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                               initializer=worker_init, initargs=(os.getpid(), 0, True))


class RenderQueue:
    """``await queue.run(fn, *args, **kwargs)`` runs ``fn`` on the drawing thread (started on first use), or, after
    ``use_processes(n)``, in one of ``n`` drawing processes (each its own interpreter lock: drawing then takes
    nothing from the event loop's process; ``fn`` and its arguments must pickle). ``queue.submit(slot, fn, …)``
    queues it without waiting: the future of its result (newest only per slot, module doc)."""

    def __init__(self) -> None:
        self._jobs: list[_Job] = []  # in order of arrival (a few hundred at most: the next is found by a scan)
        self._slots: dict[Hashable, _Job] = {}  # slot -> its picture still waiting (not started)
        self.drawn = 0  # pictures drawn (for the benchmarks and tests)
        self.superseded = 0  # pictures never drawn: a newer one of their slot replaced them in the queue
        self._ready = threading.Condition()
        self._threads: list[threading.Thread] = []
        self._executor: ProcessPoolExecutor | None = None
        self.processes = 0
        self.timeout_s = DRAW_TIMEOUT_S  # a drawing process silent this long on one picture is hung
        self.start_timeout_s = START_TIMEOUT_S  # … or this long while the drawing processes may still be starting
        self._answered = 0  # pictures the current drawing processes have drawn (while < processes: starting)

    def use_processes(self, processes: int) -> None:
        """Draw in ``processes`` worker processes (0: on one thread of this process, the default)."""
        with self._ready:
            if processes == self.processes:
                return
            old, self._executor = self._executor, None
            self.processes = processes
            if processes > 0:
                self._executor, self._answered = _start_processes(processes), 0
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)
        log.info("pictures drawn in %s", f"{processes} processes" if processes else "a thread")

    def _draw(self, job: _Job) -> Any:
        """Draw ``job`` here, or in a drawing process. A process that dies under it, or does not answer within
        ``timeout_s`` (hung: stopped, deadlocked), is killed and replaced, and the picture tried once more in a new
        one; a second failure is ``PictureUnavailable`` for its waiters (never retried in this process)."""
        for attempt in (1, 2):
            executor = self._executor
            if executor is None:
                return job.fn(*job.args, **job.kwargs)
            timeout = self.timeout_s if self._answered >= self.processes else self.start_timeout_s
            try:
                result = executor.submit(job.fn, *job.args, **job.kwargs).result(timeout=timeout)
                self._answered += 1
                return result
            except BrokenProcessPool as exc:
                log.error("a drawing process died (attempt %d); starting new ones", attempt)
                error: BaseException = exc
            except TimeoutError as exc:  # concurrent.futures.TimeoutError: the process hangs
                log.error("a drawing process gave no picture in %.0f s (attempt %d): killed, starting new ones",
                          timeout, attempt)
                kill_workers(executor)
                error = exc
            self._replace(executor)
            if attempt == 2:
                raise PictureUnavailable("render.picture_unavailable") from error
        raise AssertionError("unreachable")

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._ready:
            if self._executor is not broken:
                return  # another drawing thread replaced it already
            self._executor, self._answered = _start_processes(self.processes), 0
        broken.shutdown(wait=False, cancel_futures=True)

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await self.submit(None, fn, *args, **kwargs)

    def submit(self, slot: Hashable | None, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> asyncio.Future[Any]:
        """Queue ``fn(*args, **kwargs)``; the future of its result. With a ``slot``, a queued picture of the same slot
        is replaced (module doc): its future then gets this picture."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        job = _Job(priority.mark(), fn, args, kwargs, [future], slot)
        with self._ready:
            old = self._slots.get(slot) if slot is not None else None
            if old is not None:
                job.mark = _either_urgent(old.mark, job.mark)
                job.futures += old.futures
                self._jobs[self._jobs.index(old)] = job
                self.superseded += 1
            else:
                self._jobs.append(job)
            if slot is not None:
                self._slots[slot] = job
            self._threads = [t for t in self._threads if t.is_alive()]
            while len(self._threads) < max(1, self.processes):  # one drawing thread per drawing process
                thread = threading.Thread(target=self._work, name="tractor-render", daemon=True)
                thread.start()
                self._threads.append(thread)
            self._ready.notify()
        return future

    def waiting(self) -> int:
        """Pictures queued and not started (for the benchmarks)."""
        with self._ready:
            return len(self._jobs)

    def _next(self) -> _Job:
        """The first urgent job (an interaction's, or of a table an interaction waits for), else the oldest."""
        index = next((i for i, job in enumerate(self._jobs) if priority.is_urgent(job.mark)), 0)
        job = self._jobs.pop(index)
        if job.slot is not None and self._slots.get(job.slot) is job:
            del self._slots[job.slot]  # started: a newer picture of its slot is drawn after it
        return job

    def _work(self) -> None:
        while True:
            with self._ready:
                while not self._jobs:
                    self._ready.wait()
                job = self._next()
            if job.abandoned():
                continue
            result, error = None, None
            try:
                result = self._draw(job)
            except BaseException as exc:  # handed to the waiters
                error = exc
            with self._ready:
                self.drawn += 1
            for future in job.futures:
                try:
                    future.get_loop().call_soon_threadsafe(_settle, future, result, error)
                except RuntimeError:  # its loop is closed: nobody waits any more
                    log.debug("a picture finished after its event loop closed")


QUEUE = RenderQueue()
