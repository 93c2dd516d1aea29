"""AI soak benchmark: many whole hands at every AI level under every preset; any illegal action aborts.

``python -m benchmarks.ai_bench --hands 100 [--strong-iterations 1] [--workers 2]`` prints, per preset, the
hands played and the decision times (ms p50/p95/max) of each level.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from cli.duplicate import play_hand
from engine.rules import PRESETS, Rules

log = logging.getLogger(__name__)

MIXES: tuple[tuple[str, str, str, str], ...] = (
    ("random", "random", "random", "random"),
    ("basic", "random", "basic", "random"),
    ("basic", "basic", "basic", "basic"),
    ("strong", "basic", "strong", "random"),
)


def _job(args: tuple[str, int, int]) -> tuple[str, dict[str, list[float]]]:
    preset, seed, iterations = args
    levels = MIXES[seed % len(MIXES)]
    rec = play_hand(Rules.from_preset(preset), seed, levels, ai_seed=seed, iterations=iterations)
    assert rec.cards_played == 100, (preset, seed)
    return preset, dict(rec.times)


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai_bench")
    parser.add_argument("--hands", type=int, default=100, help="hands per preset")
    parser.add_argument("--strong-iterations", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(preset, seed, args.strong_iterations) for preset in sorted(PRESETS) for seed in range(args.hands)]
    times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    counts: dict[str, int] = defaultdict(int)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for preset, t in pool.map(_job, jobs, chunksize=4):
            counts[preset] += 1
            for level, values in t.items():
                times[preset][level].extend(values)
    for preset in sorted(counts):
        parts = [f"{level} p50 {_pct(v, 0.5):.2f} p95 {_pct(v, 0.95):.2f} max {max(v):.1f}"
                 for level, v in sorted(times[preset].items())]
        print(f"{preset:10s} {counts[preset]} hands, no illegal action; ms/decision: " + "; ".join(parts))
    print(f"total {sum(counts.values())} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
