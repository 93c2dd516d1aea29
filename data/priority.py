"""Whose database work this is: an interaction's (a click, a command: someone waits) or background work's.

``runtime`` runs timer handlers (AI moves, dealing, timeouts, the timer loop's claims) ``in_background()``;
everything else is an interaction. A driver with several connection sources (``data.postgres``: a small pool
kept for interactions) picks by ``is_background()``, so a click never queues behind hundreds of timers'
queries. The mark is a context variable: tasks started inside the block inherit it.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

_BACKGROUND: contextvars.ContextVar[bool] = contextvars.ContextVar("data_background", default=False)


@contextlib.contextmanager
def in_background() -> Iterator[None]:
    """Database work inside this block (this task and the tasks it starts) is background work."""
    token = _BACKGROUND.set(True)
    try:
        yield
    finally:
        _BACKGROUND.reset(token)


def is_background() -> bool:
    """True inside ``in_background()``: nobody is waiting for this work."""
    return _BACKGROUND.get()
