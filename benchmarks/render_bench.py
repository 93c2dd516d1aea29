"""Render benchmark: median / p95 milliseconds and PNG bytes of the bot's main pictures.

Usage: ``.venv/bin/python benchmarks/render_bench.py [--runs N] [--json]``. With ``--json`` the last line is
one JSON object ``{"hand25": {"ms_median", "ms_p95", "bytes"}, "hand33": ..., "trick": ..., "summary": ...,
"ladder": ..., "hand52": ..., "trick8": ...}``. ``hand52`` is the largest hand of any shape (four decks, four seats,
RULES §12.1) and ``trick8`` an eight-play trick of a four-deck 找朋友 table with a friend called and revealed,
both from engine tables played with random legal moves (fixed seeds). Sprites and the palette are warmed up first
(they are cached for the process lifetime).
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase, PublicView, SeatView
from render import (
    render_hand,
    render_hand_summary,
    render_ladder,
    render_table,
    samples,
)

log = logging.getLogger(__name__)

TARGET_MS = {"hand25": 15.0, "hand33": 15.0, "trick": 20.0, "hand52": 15.0, "trick8": 20.0}
EIGHT = (*samples.NAMES, "Li Na", "Chen", "Dmitri", "Xiao Hong")


def largest_hand(seed: int = 1) -> SeatView:
    """Seat 0 of a four-deck, four-seat table holding all its 52 cards, play begun (trump known)."""
    table = Table.new(Rules.from_preset("standard", decks=4, players=4), seed)
    rng = random.Random(seed)
    while not (table.phase is Phase.PLAYING and len(table.hand.hands[0]) == 52):
        table.apply(random_action(table, rng))
        if table.phase is Phase.PLAYING and len(table.hand.hands[0]) < 52:
            return largest_hand(seed + 1)  # seat 0 led: another deal
    return table.seat_view(0)


def eight_play_trick(seed: int = 1) -> PublicView:
    """A four-deck, eight-seat 找朋友 table as the eighth play of a trick lands, a friend revealed."""
    table = Table.new(Rules.from_preset("standard", decks=4, players=8, mode="friends"), seed)
    rng = random.Random(seed)
    while True:
        table.apply(random_action(table, rng))
        view = table.public_view()
        if view.phase is not Phase.PLAYING:
            continue
        friends = view.friends
        if view.tricks and view.trick is not None and not view.trick.plays and friends is not None and \
                len(friends.team) > 1:
            return replace(view, trick=view.tricks[-1], tricks=view.tricks[:-1])  # as runtime.imaging.trick_view
MAX_BYTES = 150 * 1024


def cases() -> dict[str, Callable[[], bytes]]:
    """The pictures measured, built from the hand-made sample states."""
    hand25 = samples.seat_view(25)
    hand33 = samples.seat_view(33)
    table = samples.public_view()
    result = samples.hand_result()
    rows = samples.ladder_rows(20)
    hand52 = largest_hand()
    trick8 = eight_play_trick()
    return {
        "hand25": lambda: render_hand(hand25, locale="zh-CN", selected=(2, 3)),
        "hand33": lambda: render_hand(hand33, locale="en"),
        "trick": lambda: render_table(table, samples.NAMES, locale="zh-CN", seat_highlight=0),
        "summary": lambda: render_hand_summary(result, samples.NAMES, locale="zh-CN"),
        "ladder": lambda: render_ladder(rows, title="Ladder · 排行榜", locale="en"),
        "hand52": lambda: render_hand(hand52, locale="zh-CN", selected=(2, 3)),
        "trick8": lambda: render_table(trick8, EIGHT, locale="zh-CN", seat_highlight=0),
    }


def measure(fn: Callable[[], bytes], runs: int) -> dict[str, float | int]:
    """Median and 95th percentile wall time (ms) over ``runs`` calls after a warm-up, the median CPU time of the
    drawing thread (what the picture costs when other processes share the cores), and the PNG size."""
    png = fn()
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.thread_time()
        fn()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {"ms_median": round(statistics.median(times), 2), "ms_p95": round(p95, 2),
            "cpu_ms_median": round(statistics.median(cpu), 2), "bytes": len(png)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    todo = cases()
    for fn in todo.values():  # warm the sprite, palette and text caches
        fn()
    print(f"warm-up (sprites, palette, fonts): {(time.perf_counter() - start) * 1000:.0f} ms")
    results = {name: measure(fn, args.runs) for name, fn in todo.items()}
    ok = True
    for name, r in results.items():
        target = TARGET_MS.get(name)
        flags = []
        if target is not None and r["ms_median"] > target:
            flags.append(f"over {target:.0f} ms")
        if r["bytes"] > MAX_BYTES:
            flags.append("over 150 KB")
        ok = ok and not flags
        print(f"{name:8s} median {r['ms_median']:7.2f} ms  p95 {r['ms_p95']:7.2f} ms  cpu {r['cpu_ms_median']:6.2f} ms"
              f"  {r['bytes']:7d} bytes"
              + (f"  [{', '.join(flags)}]" if flags else ""))
    if args.json:
        print(json.dumps(results, sort_keys=True))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
