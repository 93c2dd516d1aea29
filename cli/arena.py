"""Duplicate arena (复式赛): two AI levels play the same deals twice with the seats swapped.

``python -m cli.arena --team-a strong --team-b basic --deals 200 --seed 1 [--preset standard]
[--options "decks=3"] [--budget 0.2] [--iterations N] [--workers 2] [--json] [--outcomes FILE] [--against FILE]``

``--options``: rule options as ``python bot.py offline --options`` reads them (``runtime.options.build_rules``,
every table shape: ``"decks=3"``, ``"mode=friends players=6"``). Each deal is the first hand of ``Table.new(rules,
seed)`` played to settlement twice: level A at the even seats and B at the odd ones, then swapped. With fixed
partners those are the two teams (seats 0/2 against 1/3 with four seats). In 找朋友 the teams form during the hand, so
the levels simply hold alternate seats (half each with an even table), and whoever deals and whoever turns out a
friend, the replay gives every seat to the other level. A game's result for A is the mean level gain of A's players
minus the mean of B's (``level_gains`` of the ``HandResult``: per team with fixed partners, per seat in 找朋友), so it
reads in levels per player; a deal's result is the sum over both games, so the cards' luck cancels. A deal is won
when that sum is positive, or zero with A ahead on points (per player: the defender points taken, minus those
conceded on the dealer's side). Prints the share of deals won, the mean level difference per deal with a 95%
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
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from engine.actions import Action, DealAll, Pass
from engine.ai import ARENA_LEVELS, choose_action, read_seats
from engine.ai.strong import SearchStats
from engine.errors import RulesError
from engine.rules import PRESETS, Rules
from engine.table import Table
from engine.views import HandResult, Phase
from runtime import build_rules

log = logging.getLogger(__name__)

MAX_STEPS = 2000


class AIError(RuntimeError):
    """An AI chose an action the table rejected (a bug: AIs must only play legal actions)."""


@dataclass
class GameRecord:
    """One played hand: its result and the decision times (ms) of each AI level."""

    result: HandResult
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # CPU ms per decision
    worlds: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # per searched decision
    open_worlds: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # ... not settled early
    actions: list[dict[str, object]] = field(default_factory=list)  # the table's action log (JSON)
    cards_played: int = 0  # cards in the hand's tricks (100 when the hand was played out)


def play_hand(rules: Rules, seed: int, levels: Sequence[str], ai_seed: int, budget_s: float = 0.2,
              iterations: int | None = None) -> GameRecord:
    """Play the first hand of ``Table.new(rules, seed)`` with ``levels[seat]`` AIs until it is settled."""
    table = Table.new(rules, seed)
    rngs = [random.Random(ai_seed * rules.players + s) for s in range(rules.players)]
    read = read_seats(levels)  # every seat is an AI: the strong ones read the others' plays
    times: dict[str, list[float]] = defaultdict(list)
    cpu_times: dict[str, list[float]] = defaultdict(list)
    worlds: dict[str, list[int]] = defaultdict(list)
    open_worlds: dict[str, list[int]] = defaultdict(list)
    steps = 0

    def act(seat: int) -> Action | None:
        view = table.seat_view(seat)
        stats = SearchStats()
        start, cpu = time.perf_counter(), time.process_time()
        action = choose_action(view, levels[seat], rngs[seat], budget_s=budget_s, iterations=iterations,
                               stats=stats, read=read)
        times[levels[seat]].append((time.perf_counter() - start) * 1000)
        cpu_times[levels[seat]].append((time.process_time() - cpu) * 1000)
        if stats.worlds:
            worlds[levels[seat]].append(stats.worlds)
            if not stats.settled:
                open_worlds[levels[seat]].append(stats.worlds)
        return action

    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        steps += 1
        if steps > MAX_STEPS:
            raise AIError(f"no settlement after {MAX_STEPS} steps (seed {seed})")
        phase = table.phase
        if phase is Phase.DEALING:
            table.apply(DealAll())
            continue
        seat = table.to_act()[0]
        action = act(seat)
        if action is None:
            action = Pass(seat=seat)
        try:
            table.apply(action)
        except Exception as exc:  # an AI bug: report the state
            raise AIError(f"{levels[seat]} AI at seat {seat} chose illegal {action.to_json()} in {phase}: {exc}") \
                from exc
    pub = table.public_view()
    assert pub.last_result is not None
    played = sum(len(cards) for trick in pub.tricks for _, cards in trick.plays)
    return GameRecord(pub.last_result, times, cpu_times, worlds, open_worlds, table.actions_json(), played)


@dataclass
class DealOutcome:
    """Team A's duplicate result on one deal."""

    seed: int
    level_diff: float  # levels per player (whole levels with fixed partners)
    point_diff: float
    times: dict[str, list[float]]
    cpu: dict[str, list[float]] = field(default_factory=dict)
    worlds: dict[str, list[int]] = field(default_factory=dict)
    open_worlds: dict[str, list[int]] = field(default_factory=dict)  # searched decisions not settled early


def _team_points(result: HandResult, team: int) -> int:
    """Defender points taken by ``team`` as defenders, or conceded (negative) as dealers."""
    dealer_team = result.dealer % 2
    return -result.defender_points if team == dealer_team else result.defender_points


def a_seats(players: int, swap: int) -> list[int]:
    """Level A's seats: the even ones, or (``swap``) the odd ones."""
    return [seat for seat in range(players) if (seat % 2 == 0) != bool(swap)]


def seat_levels(team_a: str, team_b: str, players: int, swap: int) -> list[str]:
    """The AI level of each seat: A at ``a_seats``, B at the others."""
    ours = a_seats(players, swap)
    return [team_a if seat in ours else team_b for seat in range(players)]


def game_result(result: HandResult, players: int, swap: int) -> tuple[float, float]:
    """Level A's result in one game, per player: (mean level gain of A's seats minus B's, the same of the points
    taken as defenders or conceded on the dealer's side)."""
    a_seats_ = a_seats(players, swap)
    b_seats = [s for s in range(players) if s not in a_seats_]
    if not result.team:  # fixed partners: the gains are per team (even, odd seats)
        a = a_seats_[0] % 2
        return float(result.level_gains[a] - result.level_gains[1 - a]), float(_team_points(result, a))
    gains = result.level_gains

    def mean(seats: list[int], values: Sequence[float]) -> float:
        return sum(values[s] for s in seats) / len(seats)

    points = [-result.defender_points if s in result.team else result.defender_points for s in range(players)]
    return mean(a_seats_, gains) - mean(b_seats, gains), mean(a_seats_, points) - mean(b_seats, points)


def play_deal(args: tuple[Rules, int, str, str, float, int | None]) -> DealOutcome:
    """Both games of one deal: team A in seats 0/2, then in seats 1/3."""
    rules, seed, team_a, team_b, budget, iterations = args
    level_diff = point_diff = 0.0
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    worlds: dict[str, list[int]] = defaultdict(list)
    open_worlds: dict[str, list[int]] = defaultdict(list)
    for swap in (0, 1):
        levels = seat_levels(team_a, team_b, rules.players, swap)
        rec = play_hand(rules, seed, levels, ai_seed=seed * 2 + swap, budget_s=budget, iterations=iterations)
        levels_diff, points_diff = game_result(rec.result, rules.players, swap)
        level_diff += levels_diff
        point_diff += points_diff
        for k, v in rec.times.items():
            times[k].extend(v)
        for k, v in rec.cpu.items():
            cpu[k].extend(v)
        for k, w in rec.worlds.items():
            worlds[k].extend(w)
        for k, w in rec.open_worlds.items():
            open_worlds[k].extend(w)
    return DealOutcome(seed, level_diff, point_diff, dict(times), dict(cpu), dict(worlds), dict(open_worlds))


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
               iterations: int | None = None, workers: int = 2) -> list[DealOutcome]:
    """Play ``deals`` duplicate deals (their seeds follow from ``seed``), in order."""
    jobs = [(rules, seed * 1_000_003 + i, team_a, team_b, budget, iterations) for i in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(play_deal, jobs, chunksize=1))
    return [play_deal(j) for j in jobs]


def run(team_a: str, team_b: str, deals: int, seed: int, rules: Rules, budget: float = 0.2,
        iterations: int | None = None, workers: int = 2) -> dict[str, object]:
    """Play ``deals`` duplicate deals and summarize them."""
    return summarize(play_deals(team_a, team_b, deals, seed, rules, budget, iterations, workers))


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
                          args.workers)
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
          f"seats, {shape.mode}), {summary['deals']} duplicate deals in {elapsed:.0f} s")
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
