"""Per-user rate limits: a token bucket per (user, bucket name), refilled continuously."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """``allow(user, name)`` is False when ``user`` exceeded ``rate`` uses per ``per`` seconds of ``name``.

    ``limits`` maps a bucket name to ``(rate, per)``; unknown names are unlimited."""

    def __init__(self, limits: dict[str, tuple[int, float]], clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = dict(limits)
        self.clock = clock
        self._buckets: dict[tuple[int, str], _Bucket] = {}

    def allow(self, user_id: int, name: str) -> bool:
        if name not in self.limits:
            return True
        rate, per = self.limits[name]
        now = self.clock()
        bucket = self._buckets.get((user_id, name))
        if bucket is None:
            bucket = self._buckets[(user_id, name)] = _Bucket(float(rate), now)
        bucket.tokens = min(float(rate), bucket.tokens + (now - bucket.stamp) * rate / per)
        bucket.stamp = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        if len(self._buckets) > 10_000:
            self._prune(now)
        return True

    def retry_after(self, user_id: int, name: str) -> float:
        """Seconds until the next use of ``name`` is allowed (0 if it is now)."""
        bucket = self._buckets.get((user_id, name))
        if name not in self.limits or bucket is None or bucket.tokens >= 1.0:
            return 0.0
        rate, per = self.limits[name]
        return (1.0 - bucket.tokens) * per / rate

    def _prune(self, now: float) -> None:
        full = [k for k, b in self._buckets.items() if now - b.stamp > self.limits[k[1]][1]]
        for k in full:
            del self._buckets[k]


DEFAULT_LIMITS: dict[str, tuple[int, float]] = {
    "panel": (6, 10.0),  # private hand panels opened
    "command": (10, 10.0),  # slash commands
    "action": (12, 10.0),  # buttons and selects
    "autocomplete": (40, 10.0),  # autocomplete requests (one per keystroke)
}
