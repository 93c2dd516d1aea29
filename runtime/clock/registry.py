"""The one registry from a timer kind's class (``runtime.clock.timers``) to its handler: a stored timer due is decoded
to its kind and handed to the handler its service registered."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from data.timers import Timer
from runtime.clock.timers import TimerSpec, decode

log = logging.getLogger(__name__)

S = TypeVar("S", bound=TimerSpec)
Handler = Callable[[Any, Timer], Awaitable[None]]


class TimerRegistry:
    """The one map from a timer kind's class to its handler ``handler(spec, stored_timer)``: the game service
    registers the table timers (``runtime.service.turns.TABLE_TIMERS``), the tournament service its own."""

    def __init__(self) -> None:
        self._handlers: dict[type[TimerSpec], Handler] = {}

    def register(self, cls: type[S], handler: Callable[[S, Timer], Awaitable[None]]) -> None:
        self._handlers[cls] = handler

    def handler(self, cls: type[TimerSpec]) -> Handler | None:
        return self._handlers.get(cls)

    async def fire(self, timer: Timer) -> None:
        """Decode ``timer`` and run its kind's handler (an unknown or unhandled kind is logged and dropped)."""
        spec = decode(timer.kind, timer.payload)
        if spec is None:
            return
        handler = self._handlers.get(type(spec))
        if handler is None:
            log.warning("timer %d (%s, table %s) has no handler; dropped", timer.id, type(spec).__name__,
                        timer.table_id)
            return
        await handler(spec, timer)
