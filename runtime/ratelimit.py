"""Per-user rate limits: a sliding window per (user, bucket name) — at most ``rate`` uses in any ``per`` seconds.

A true window, not a refilling bucket: a burst of 60 requests within a few seconds against 40 per 10 s gets
exactly 40 answers (a bucket refilling while the burst goes on let 52 through)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class RateLimiter:
    """``allow(user, name)`` is False when ``user`` already used ``name`` ``rate`` times in the last ``per``
    seconds (a refused use is not counted).

    ``limits`` maps a bucket name to ``(rate, per)``; unknown names are unlimited."""

    def __init__(self, limits: dict[str, tuple[int, float]], clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = dict(limits)
        self.clock = clock
        self._uses: dict[tuple[int, str], deque[float]] = {}

    def _window(self, user_id: int, name: str, now: float) -> deque[float]:
        """The uses of ``name`` by ``user_id`` still inside the window (older ones dropped)."""
        per = self.limits[name][1]
        uses = self._uses.get((user_id, name))
        if uses is None:
            uses = self._uses[(user_id, name)] = deque()
        while uses and now - uses[0] >= per:
            uses.popleft()
        return uses

    def allow(self, user_id: int, name: str) -> bool:
        if name not in self.limits:
            return True
        rate = self.limits[name][0]
        now = self.clock()
        uses = self._window(user_id, name, now)
        if len(uses) >= rate:
            return False
        uses.append(now)
        if len(self._uses) > 10_000:
            self._prune(now)
        return True

    def retry_after(self, user_id: int, name: str) -> float:
        """Seconds until the next use of ``name`` is allowed (0 if it is now): when the oldest use in the window
        leaves it."""
        if name not in self.limits or (user_id, name) not in self._uses:
            return 0.0
        rate, per = self.limits[name]
        now = self.clock()
        uses = self._window(user_id, name, now)
        if len(uses) < rate:
            return 0.0
        return max(0.0, uses[0] + per - now)

    def _prune(self, now: float) -> None:
        idle = [k for k, uses in self._uses.items() if not uses or now - uses[-1] >= self.limits[k[1]][1]]
        for k in idle:
            del self._uses[k]


DEFAULT_LIMITS: dict[str, tuple[int, float]] = {
    "panel": (6, 10.0),  # private hand panels opened
    "command": (10, 10.0),  # slash commands
    "action": (12, 10.0),  # buttons and selects
    "autocomplete": (40, 10.0),  # autocomplete requests (one per keystroke)
}
