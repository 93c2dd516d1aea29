"""Where a stalled event loop was: a thread samples the loop thread's stack while the loop misses its heartbeat
(``benchmarks/click_tail.py``)."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from pathlib import Path


class StallWatch:
    """A thread that, while the event loop has not run a heartbeat for ``after`` seconds, samples the loop
    thread's stack every 5 ms: where a stalled loop was (its innermost frames of the project's code)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, after: float = 0.03) -> None:
        self.loop, self.after = loop, after
        self.beat = time.perf_counter()
        self.samples: dict[str, int] = {}
        self.stalls: list[tuple[float, float]] = []  # (start, ms)
        self._stop = threading.Event()
        self._main = threading.get_ident()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _tick(self) -> None:
        self.beat = time.perf_counter()
        if not self._stop.is_set():
            self.loop.call_later(0.005, self._tick)

    def _watch(self) -> None:
        stalled_since: float | None = None
        while not self._stop.wait(0.005):
            late = time.perf_counter() - self.beat
            if late < self.after:
                if stalled_since is not None:
                    self.stalls.append((stalled_since, (time.perf_counter() - stalled_since) * 1000.0))
                    stalled_since = None
                continue
            stalled_since = stalled_since or self.beat
            frame = sys._current_frames().get(self._main)
            where: list[str] = []
            while frame is not None and len(where) < 7:
                name = frame.f_code.co_filename
                if not name.startswith("<frozen"):
                    where.append(f"{Path(name).name}:{frame.f_lineno}:{frame.f_code.co_name}")
                frame = frame.f_back
            key = " < ".join(where) or "(library code)"
            self.samples[key] = self.samples.get(key, 0) + 1

    def start(self) -> StallWatch:
        self.loop.call_soon(self._tick)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
