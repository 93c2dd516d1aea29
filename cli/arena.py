"""Duplicate arena (复式赛): two AI levels play the same deals, seated so that the cards' luck cancels.

``python -m cli.arena --team-a strong --team-b basic --deals 200 --seed 1 [--preset standard]
[--options "decks=3"] [--seating auto|alternate|rotate]
[--budget 0.2] [--iterations N] [--workers 2] [--json] [--outcomes FILE] [--against FILE]``

``--options``: rule options as ``python bot.py offline --options`` reads them (``runtime.options.build_rules``,
every table shape: ``"decks=3"``, ``"mode=friends players=6"``). Each deal is the first hand of ``Table.new(rules,
seed)`` played to settlement, seated by ``--seating`` (``auto``: ``alternate`` with fixed partners, ``rotate`` in
找朋友):

- ``alternate``: twice, level A at the even seats and B at the odd ones, then swapped. With fixed partners those are
  the two teams (seats 0/2 against 1/3 with four seats). A game's result for A is the mean level gain of A's players
  minus the mean of B's (``level_gains`` of the ``HandResult``: per team with fixed partners, per seat in 找朋友), so
  it reads in levels per player; a deal's result is the sum over both games, so the cards' luck cancels. In 找朋友
  the teams form during the hand and mix the levels: a level's good play also lifts the other level's players on
  its side, so this measures the levels' teams, not their players.
- ``rotate`` (one seat against the field): once with B at every seat, then once per seat with A at that seat alone
  among B. A deal's result is the mean over the seats of A's level gain at the seat minus B's at the same seat in
  the all-B game: what one player of level A gains over one of level B in the same seat, with the same cards and
  the same others, in levels per player.

A deal is won when its result is positive, or zero with A ahead on points (per player: the defender points taken,
minus those conceded on the dealer's side). Prints the share of deals won, the mean level difference per deal with a 95%
interval, milliseconds per decision by AI level (wall time; ``cpu_ms_p95``: CPU time) and, for searching levels,
the median number of sampled deals per searched decision (``worlds_p50``; ``worlds_open_p50`` over the decisions
that searched until their deadline, leaving out those settled early because every alternative was dropped, and
``settled_share`` their share). Every seat's AI sees only its ``SeatView``. ``--outcomes`` writes each deal's
result; ``--against`` another run's file compares the two runs deal by deal (the mean gain per deal and its 95%
interval, on the deals both played: two builds or settings on the same deals).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cli.duplicate import SEATINGS, DealJob, DealOutcome, play_deal, rotates
from engine.ai import ARENA_LEVELS
from engine.errors import RulesError
from engine.rules import PRESETS, Rules
from runtime import build_rules

log = logging.getLogger(__name__)

def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def summarize(outcomes: Sequence[DealOutcome]) -> dict[str, object]:
    """Share won, mean level difference with a 95% interval, and decision times by AI level."""
    n = len(outcomes)
    diffs = [o.level_diff for o in outcomes]
    won = sum(1 for o in outcomes if (o.level_diff, o.point_diff) > (0, 0))
    tied = sum(1 for o in outcomes if o.level_diff == 0 and o.point_diff == 0)
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    times = _pooled([o.times for o in outcomes])
    cpu = _pooled([o.cpu for o in outcomes])
    worlds = _pooled([{k: [float(x) for x in w] for k, w in o.worlds.items()} for o in outcomes])
    open_worlds = _pooled([{k: [float(x) for x in w] for k, w in o.open_worlds.items()} for o in outcomes])
    return {
        "deals": n, "share_won": won / n if n else 0.0, "share_tied": tied / n if n else 0.0,
        "mean_diff": mean, "ci_low": mean - half, "ci_high": mean + half,
        "mean_point_diff": statistics.fmean(o.point_diff for o in outcomes) if n else 0.0,
        "ms_p50": {k: round(_percentile(v, 0.5), 2) for k, v in times.items()},
        "ms_p95": {k: round(_percentile(v, 0.95), 2) for k, v in times.items()},
        "ms_max": {k: round(max(v), 2) for k, v in times.items()},
        "decisions": {k: len(v) for k, v in times.items()},
        "cpu_ms_p95": {k: round(_percentile(v, 0.95), 2) for k, v in cpu.items()},
        "worlds_p50": {k: _percentile(v, 0.5) for k, v in worlds.items()},  # deals per searched decision
        "searched": {k: len(v) for k, v in worlds.items()},
        "worlds_open_p50": {k: _percentile(open_worlds.get(k, []), 0.5) for k in worlds},  # ... not settled early
        "settled_share": {k: 1 - len(open_worlds.get(k, [])) / len(v) for k, v in worlds.items()},
    }


def _pooled(parts: Sequence[dict[str, list[float]]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = defaultdict(list)
    for part in parts:
        for k, v in part.items():
            out[k].extend(v)
    return out


def play_deals(team_a: str, team_b: str, deals: int, seed: int, rules: Rules, budget: float = 0.2,
               iterations: int | None = None, workers: int = 2, seating: str = "auto") -> list[DealOutcome]:
    """Play ``deals`` duplicate deals (their seeds follow from ``seed``), in order."""
    jobs: list[DealJob] = [(rules, seed * 1_000_003 + i, team_a, team_b, budget, iterations, seating)
                           for i in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(play_deal, jobs, chunksize=1))
    return [play_deal(j) for j in jobs]


def run(team_a: str, team_b: str, deals: int, seed: int, rules: Rules, budget: float = 0.2,
        iterations: int | None = None, workers: int = 2, seating: str = "auto") -> dict[str, object]:
    """Play ``deals`` duplicate deals and summarize them."""
    return summarize(play_deals(team_a, team_b, deals, seed, rules, budget, iterations, workers, seating))


def outcome_lines(outcomes: Sequence[DealOutcome]) -> str:
    """One JSON line per deal (seed, level and point difference): what ``--against`` pairs deal by deal."""
    return "".join(json.dumps({"seed": o.seed, "level_diff": o.level_diff, "point_diff": o.point_diff}) + "\n"
                   for o in outcomes)


def read_outcomes(lines: str) -> dict[int, float]:
    """Another run's ``outcome_lines``: level difference by deal seed (``ValueError`` when they are not that)."""
    try:
        return {int(d["seed"]): float(d["level_diff"]) for d in map(json.loads, filter(None, lines.splitlines()))}
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not an arena's --outcomes file: {exc}") from exc


def paired(outcomes: Sequence[DealOutcome], other_lines: str) -> dict[str, float | int]:
    """This run's level difference minus another run's (``outcome_lines``), over the deals both played: the
    mean and its 95% interval. The same deals cancel most of the cards' luck, so two builds or settings compare
    on fewer deals than two separate summaries need."""
    before = read_outcomes(other_lines)
    diffs = [o.level_diff - before[o.seed] for o in outcomes if o.seed in before]
    if not diffs:
        raise ValueError("the two runs share no deal (another --seed?)")
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return {"deals": len(diffs), "mean_gain": mean, "ci_low": mean - half, "ci_high": mean + half}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cli.arena", description=__doc__.splitlines()[0])
    parser.add_argument("--team-a", default="strong", choices=ARENA_LEVELS)
    parser.add_argument("--team-b", default="basic", choices=ARENA_LEVELS)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--options", default=None, metavar="TEXT",
                        help='rule options as bot.py offline reads them, e.g. "decks=3" or "mode=friends players=6"')
    parser.add_argument("--seating", default="auto", choices=SEATINGS,
                        help="alternate seats (two games a deal) or one A seat against the field (rotate: one game per "
                             "seat and one of B alone); auto: rotate in 找朋友")
    parser.add_argument("--budget", type=float, default=0.2, help="strong AI seconds per decision")
    parser.add_argument("--iterations", type=int, default=None, help="strong AI sampled deals per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--outcomes", type=Path, help="write each deal's result here (JSON lines)")
    parser.add_argument("--against", type=Path, help="another run's --outcomes: compare deal by deal")
    args = parser.parse_args(argv)
    against = ""
    if args.against:  # read (and checked) before the deals are played, not after
        try:
            against = args.against.read_text(encoding="utf-8")
            read_outcomes(against)
        except (OSError, ValueError) as exc:
            parser.error(f"--against {args.against}: {exc}")
    logging.basicConfig(level=logging.WARNING)
    try:
        rules = build_rules(args.preset, args.options, any_shape=True)
    except RulesError as exc:
        parser.error(f"--options {args.options!r}: {exc.key} {exc.params}")
    started = time.perf_counter()
    outcomes = play_deals(args.team_a, args.team_b, args.deals, args.seed, rules, args.budget, args.iterations,
                          args.workers, args.seating)
    summary = summarize(outcomes)
    elapsed = time.perf_counter() - started
    if args.outcomes:
        args.outcomes.write_text(outcome_lines(outcomes), encoding="utf-8")
    if args.against:
        try:
            summary["against"] = paired(outcomes, against)
        except ValueError as exc:
            parser.error(f"--against {args.against}: {exc}")
    shape = rules.shape
    print(f"{args.team_a} (A) vs {args.team_b} (B), preset {args.preset} ({shape.decks} decks, {shape.players} "
          f"seats, {shape.mode}), {summary['deals']} duplicate deals "
          f"({'rotate' if rotates(rules, args.seating) else 'alternate'} seating) in {elapsed:.0f} s")
    print(f"  A won {summary['share_won']:.1%} of deals (tied {summary['share_tied']:.1%})")
    print(f"  mean level difference per player per deal {summary['mean_diff']:+.3f} "
          f"(95% CI {summary['ci_low']:+.3f} .. {summary['ci_high']:+.3f}); "
          f"mean point difference {summary['mean_point_diff']:+.1f}")
    for level in sorted(summary["ms_p50"]):  # type: ignore[call-overload]
        print(f"  {level}: ms/decision p50 {summary['ms_p50'][level]}, p95 {summary['ms_p95'][level]}, "  # type: ignore[index]
              f"max {summary['ms_max'][level]} over {summary['decisions'][level]} decisions; "  # type: ignore[index]
              f"CPU ms p95 {summary['cpu_ms_p95'][level]}")  # type: ignore[index]
    for level, worlds in summary["worlds_p50"].items():  # type: ignore[attr-defined]
        print(f"  {level}: {worlds:.0f} sampled deals per searched decision (median, "
              f"{summary['searched'][level]} searched decisions); "  # type: ignore[index]
              f"{summary['worlds_open_p50'][level]:.0f} over those searched to their deadline "  # type: ignore[index]
              f"({summary['settled_share'][level]:.0%} settled early: every alternative dropped)")  # type: ignore[index]
    if args.against:
        gain = summary["against"]
        print(f"  against {args.against}: {gain['mean_gain']:+.3f} levels per deal "  # type: ignore[index]
              f"(95% CI {gain['ci_low']:+.3f} .. {gain['ci_high']:+.3f}) on {gain['deals']} deals")  # type: ignore[index]
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
