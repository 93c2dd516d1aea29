"""Whose database work this is: an interaction's (a click, a command: someone waits) or background work's.

``runtime`` runs timer work (the timer loop's claims, AI moves, dealing, timeouts) ``in_background()``;
everything else is an interaction. A driver with several connection sources (``data.postgres``: a small pool
kept for interactions) picks by ``is_background()``, so a click never queues behind hundreds of timers'
queries. The mark is a context variable: tasks started inside the block inherit it.

A click that waits for its table's lock (held by a timer's move of that table: ``for_table``) hurries that
move (``hurrying``): the move's next queries count as an interaction's, so the click does not wait for the
timers' queue through it. The same mark orders the pictures waiting to be drawn (``runtime.pictures.renderqueue``) and
the statements waiting for SQLite's one connection (``PriorityLock``, ``data.sqlite``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Iterator
from types import TracebackType

_BACKGROUND: contextvars.ContextVar[bool] = contextvars.ContextVar("data_background", default=False)
_TABLE: contextvars.ContextVar[int | None] = contextvars.ContextVar("data_table", default=None)
_HURRIED: dict[int, int] = {}  # table id -> interactions waiting for it


@contextlib.contextmanager
def in_background() -> Iterator[None]:
    """Database work inside this block (this task and the tasks it starts) is background work."""
    token = _BACKGROUND.set(True)
    try:
        yield
    finally:
        _BACKGROUND.reset(token)


@contextlib.contextmanager
def for_table(table_id: int) -> Iterator[None]:
    """Database work inside this block is for table ``table_id`` (``hurrying(table_id)`` may hurry it)."""
    token = _TABLE.set(table_id)
    try:
        yield
    finally:
        _TABLE.reset(token)


@contextlib.contextmanager
def hurrying(table_id: int) -> Iterator[None]:
    """While this block runs (an interaction waiting for the table), the table's background work is urgent."""
    _HURRIED[table_id] = _HURRIED.get(table_id, 0) + 1
    try:
        yield
    finally:
        left = _HURRIED.pop(table_id, 1) - 1
        if left:
            _HURRIED[table_id] = left


Mark = tuple[bool, int | None]  # (inside ``in_background()``, the table of ``for_table``)


def mark() -> Mark:
    """This task's mark, to be judged later (``is_urgent``): a queued picture keeps the mark of its drawer."""
    return _BACKGROUND.get(), _TABLE.get()


def is_urgent(work: Mark) -> bool:
    """Someone waits for this work: an interaction's, or background work of a table an interaction is waiting for
    (read at the moment of asking: a table hurried since the mark was taken counts; a plain membership test, safe
    from another thread)."""
    background, table = work
    return not background or table in _HURRIED


def is_background() -> bool:
    """True inside ``in_background()`` unless an interaction is waiting for this work's table."""
    return not is_urgent(mark())


class PriorityLock:
    """An ``asyncio.Lock`` whose waiters are served by priority: urgent work first (``is_urgent``, judged when the
    lock is handed on: a table hurried meanwhile counts), then background work, each in order of arrival. The
    lock passes straight to the chosen waiter (nobody can barge in between). Under a burst of hundreds of timers'
    statements a click's statement waits only for the one in flight, not behind the whole queue — once per
    statement of the click."""

    def __init__(self) -> None:
        self._locked = False
        self._waiters: list[tuple[Mark, asyncio.Future[None]]] = []

    def locked(self) -> bool:
        return self._locked

    async def acquire(self) -> bool:
        if not self._locked and not self._waiters:
            self._locked = True
            return True
        waiter = (mark(), asyncio.get_running_loop().create_future())
        self._waiters.append(waiter)
        try:
            await waiter[1]
        except asyncio.CancelledError:
            if waiter in self._waiters:
                self._waiters.remove(waiter)
            elif waiter[1].done() and not waiter[1].cancelled():  # handed the lock, then cancelled: pass it on
                self._hand_on()
            raise
        return True

    def release(self) -> None:
        if not self._locked:
            raise RuntimeError("PriorityLock is not acquired")
        self._hand_on()

    def _hand_on(self) -> None:
        """Give the lock to the first urgent waiter, else the oldest; unlock if nobody waits."""
        live = [w for w in self._waiters if not w[1].done()]
        self._waiters = live
        if not live:
            self._locked = False
            return
        chosen = next((w for w in live if is_urgent(w[0])), live[0])
        live.remove(chosen)
        chosen[1].set_result(None)

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        self.release()
