"""Judge benchmark: follow queries per second through ``python -m engine.judge`` (JSON lines, ../shared/JUDGE.md).

    python benchmarks/judge_bench.py [--queries 20000] [--repeat 3] [--json]

The queries are ``follow`` questions (``{"q": "follow", "level", "trump", "lead", "hand", "play"}``) collected
from random games of the standard preset: at each follow, the follow chosen (legal) and a random same-size
attempt from the hand (mostly illegal), repeated until ``--queries`` lines. The whole file is piped into one
judge process, as a checker replaying a batch would do; its answers are counted (every line must answer
``legal`` true or false, never an error). Figures: queries per second of the judge's wall time and per CPU
second of the judge process (``RUSAGE_CHILDREN``: the steadier one on a shared machine), start-up included,
and the start-up alone (an empty input). The best of ``--repeat`` runs is reported, as ``timeit`` does; the
JSON line lists every run and whether the compiled rules ran (``tractor_compiled``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from cli.compiled import state
from engine.actions import Play
from engine.cards import format_cards
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

ROOT = Path(__file__).resolve().parent.parent


def collect_queries(count: int, seed: int) -> list[str]:
    """``count`` follow queries (JSON lines) from random games."""
    rng = random.Random(seed)
    lines: list[str] = []
    game = 0
    while len(lines) < count:
        table = Table.new(Rules(), seed + game)
        game += 1
        while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) and len(lines) < count:
            action = random_action(table, rng)
            h = table.hand
            if table.phase is Phase.PLAYING and h.trick and isinstance(action, Play):
                hand = list(h.hands[table.to_act()[0]])
                lead = h.trick[0][1]
                base = {"q": "follow", "level": h.level, "trump": h.trump, "lead": format_cards(lead),
                        "hand": format_cards(hand)}
                for play in (action.cards, rng.sample(hand, len(lead))):
                    lines.append(json.dumps({**base, "play": format_cards(play)}))
            table.apply(action)
    return lines[:count]


def run_judge(path: str) -> tuple[float, float, list[str]]:
    """(wall seconds, CPU seconds, answer lines) of one judge process reading ``path``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(path, encoding="utf-8") as stdin:
        done = subprocess.run([sys.executable, "-m", "engine.judge"], stdin=stdin, capture_output=True, text=True,
                              cwd=ROOT, env=os.environ.copy(), check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout.splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3, help="run the judge this many times; report the best")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    lines = collect_queries(args.queries, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path, empty = os.path.join(tmp, "queries.jsonl"), os.path.join(tmp, "empty.jsonl")
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        Path(empty).write_text("", encoding="utf-8")
        startup = min(run_judge(empty)[1] for _ in range(max(1, args.repeat)))
        runs = [run_judge(path) for _ in range(max(1, args.repeat))]
    answers = [json.loads(a) for a in runs[0][2]]
    legal = sum(1 for a in answers if a.get("legal") is True)
    bad = [a for a in answers if a.get("legal") not in (True, False)]
    if len(answers) != len(lines) or bad:
        sys.exit(f"the judge answered {len(answers)} of {len(lines)} lines; not legal/illegal: {bad[:3]}")
    per_s = max(len(lines) / wall for wall, _, _ in runs)
    per_cpu_s = max(len(lines) / cpu for _, cpu, _ in runs)
    build = state()[0]
    print(f"judge follow queries: {per_s:,.0f}/s wall, {per_cpu_s:,.0f} per CPU second ({len(lines)} queries, "
          f"{legal} legal; best of {len(runs)}; start-up {startup * 1000:.0f} ms CPU included; rules: {build})")
    if args.json:
        print(json.dumps({"queries": len(lines), "legal": legal, "queries_per_s": round(per_s),
                          "queries_per_cpu_s": round(per_cpu_s), "startup_cpu_ms": round(startup * 1000),
                          "runs_wall_s": [round(w, 3) for w, _, _ in runs],
                          "runs_cpu_s": [round(c, 3) for _, c, _ in runs], "build": build}))


if __name__ == "__main__":
    main()
