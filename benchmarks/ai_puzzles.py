"""How many AI puzzles (``tests/ai/ai_puzzles.json``) each AI level solves.

``python -m benchmarks.ai_puzzles [--budget 0.2] [--iterations N] [--json]`` prints ``solved_basic``,
``solved_strong`` and ``total`` (strong at ``--budget`` CPU seconds per decision, or ``--iterations`` deals).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from tests.helpers.ai_puzzles import load_puzzles, solved_count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=0.2, help="strong AI CPU seconds per decision")
    parser.add_argument("--iterations", type=int, default=None, help="strong AI sampled deals per decision")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    puzzles = load_puzzles()
    start = time.process_time()
    basic = solved_count(puzzles, "basic")
    strong = solved_count(puzzles, "strong", budget_s=args.budget, iterations=args.iterations)
    figures = {"solved_basic": basic, "solved_strong": strong, "total": len(puzzles),
               "cpu_s": round(time.process_time() - start, 1)}
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        print(f"basic {basic}/{len(puzzles)}, strong {strong}/{len(puzzles)} "
              f"(budget {args.budget} s, iterations {args.iterations}); {figures['cpu_s']} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
