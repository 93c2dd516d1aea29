"""Before/after comparison: one benchmark run alternately in two checkouts, medians of every figure.

On a shared machine a single run says little: the two trees take turns (before, after, after, before, …) so
both see the same load, every run is one JSON line (with the 1-minute load average when it started), and the
last line gives per figure the median of each tree, the change in percent and the number of runs.

    git worktree add --detach ../before e395a56 && ln -s "$PWD/.venv" ../before/.venv
    .venv/bin/python benchmarks/compare.py storage_bench ../before . --runs 5 -- --tables 300
    .venv/bin/python benchmarks/compare.py bot_load ../before . --runs 5

The benchmark is started as ``.venv/bin/python benchmarks/<name>.py --json <args>`` in each tree (its own
``.venv``), so both trees must accept the same arguments.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any


def load1() -> float:
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def run_once(bench: str, tree: Path, args: list[str]) -> dict[str, Any]:
    """One run of ``bench`` in ``tree``: its JSON figures (``error`` if it failed)."""
    proc = subprocess.run([str(tree / ".venv/bin/python"), f"benchmarks/{bench}.py", "--json", *args],
                          cwd=tree, capture_output=True, text=True, check=False)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        return {"error": proc.stderr[-500:]}
    figures: dict[str, Any] = json.loads(lines[-1])
    return figures


def medians(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per numeric figure: each tree's median, the change in percent, the runs counted."""
    out: dict[str, dict[str, Any]] = {}
    keys = {k for r in rows for k, v in r.items() if isinstance(v, int | float) and not isinstance(v, bool)}
    for key in sorted(keys - {"run"}):
        before = [r[key] for r in rows if r["tree"] == "before" and key in r]
        after = [r[key] for r in rows if r["tree"] == "after" and key in r]
        if not before or not after:
            continue
        b, a = statistics.median(before), statistics.median(after)
        out[key] = {"before": b, "after": a, "runs": [len(before), len(after)],
                    "change_pct": round((a - b) / b * 100, 1) if b else None}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench", help="a benchmark's name under benchmarks/ (engine_bench, bot_load, storage_bench)")
    parser.add_argument("before", type=Path, help="the checkout before the change")
    parser.add_argument("after", type=Path, help="the checkout after the change")
    parser.add_argument("--runs", type=int, default=5, help="runs per tree")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    ns = parser.parse_args(argv[:split])
    extra = argv[split + 1:]  # after --: the benchmark's own arguments
    trees = {"before": ns.before.resolve(), "after": ns.after.resolve()}
    rows: list[dict[str, Any]] = []
    for i in range(ns.runs):
        for name in ("before", "after") if i % 2 == 0 else ("after", "before"):
            row = {"bench": ns.bench, "tree": name, "run": i, "load1": load1(),
                   **run_once(ns.bench, trees[name], extra)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    print(json.dumps({"bench": ns.bench, "args": extra, "medians": medians(rows)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
