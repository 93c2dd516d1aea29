"""Pictures are drawn one at a time on one thread, those a person is waiting for first.

``render/`` draws one picture at a time (it holds a lock), so more drawing threads only queue on that lock, in
no particular order. Under load (hundreds of tables, an AI move every few milliseconds, each redrawing its
table) a click's pictures would wait behind every AI move's. Here the waiting pictures form one queue by
priority: a picture drawn for an interaction (a click, a command, a panel: the default) goes before any picture
of a timer's move (an AI seat, 托管, dealing: timer work, ``data.priority.in_background()``), then in order of
arrival. A timer's picture of a table (``data.priority.for_table``) that an interaction is waiting for
(``data.priority.hurrying``: a click waits for the table's lock, held by an AI move being drawn) is urgent too:
the click is not kept waiting behind other tables' pictures. One mark serves the pictures and the database.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from data import priority

log = logging.getLogger(__name__)

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
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


def _warm_up() -> None:
    """A drawing process loads its fonts and card sprites before its first picture."""
    from render import warm_up

    warm_up()


class RenderQueue:
    """``await queue.run(fn, *args, **kwargs)`` runs ``fn`` on the drawing thread (started on first use), or, after
    ``use_processes(n)``, in one of ``n`` drawing processes (each its own interpreter lock: drawing then takes
    nothing from the event loop's process; ``fn`` and its arguments must pickle)."""

    def __init__(self) -> None:
        self._jobs: list[_Job] = []  # in order of arrival (a few hundred at most: the next is found by a scan)
        self._ready = threading.Condition()
        self._threads: list[threading.Thread] = []
        self._executor: ProcessPoolExecutor | None = None
        self.processes = 0

    def use_processes(self, processes: int) -> None:
        """Draw in ``processes`` worker processes (0: on one thread of this process, the default)."""
        with self._ready:
            if processes == self.processes:
                return
            old, self._executor = self._executor, None
            self.processes = processes
            if processes > 0:
                self._executor = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=_warm_up)
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)
        log.info("pictures drawn in %s", f"{processes} processes" if processes else "a thread")

    def _draw(self, job: _Job) -> Any:
        """Draw ``job`` here, or in a drawing process; a process that dies under it is replaced and the picture
        tried once more in a new one (a second death is the picture's error: never retried in this process)."""
        for attempt in (1, 2):
            executor = self._executor
            if executor is None:
                return job.fn(*job.args, **job.kwargs)
            try:
                return executor.submit(job.fn, *job.args, **job.kwargs).result()
            except BrokenProcessPool:
                log.exception("a drawing process died (attempt %d); starting new ones", attempt)
                self._replace(executor)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._ready:
            if self._executor is not broken:
                return  # another drawing thread replaced it already
            self._executor = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_warm_up)
        broken.shutdown(wait=False, cancel_futures=True)

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        with self._ready:
            self._jobs.append(_Job(priority.mark(), fn, args, kwargs, loop, future))
            self._threads = [t for t in self._threads if t.is_alive()]
            while len(self._threads) < max(1, self.processes):  # one drawing thread per drawing process
                thread = threading.Thread(target=self._work, name="tractor-render", daemon=True)
                thread.start()
                self._threads.append(thread)
            self._ready.notify()
        return await future

    def waiting(self) -> int:
        """Pictures queued and not started (for the benchmarks)."""
        with self._ready:
            return len(self._jobs)

    def _next(self) -> _Job:
        """The first urgent job (an interaction's, or of a table an interaction waits for), else the oldest."""
        for i, job in enumerate(self._jobs):
            if priority.is_urgent(job.mark):
                return self._jobs.pop(i)
        return self._jobs.pop(0)

    def _work(self) -> None:
        while True:
            with self._ready:
                while not self._jobs:
                    self._ready.wait()
                job = self._next()
            if job.future.cancelled():
                continue
            result, error = None, None
            try:
                result = self._draw(job)
            except BaseException as exc:  # handed to the waiter
                error = exc
            try:
                job.loop.call_soon_threadsafe(_settle, job.future, result, error)
            except RuntimeError:  # its loop is closed: nobody waits any more
                log.debug("a picture finished after its event loop closed")


QUEUE = RenderQueue()
