"""Where one AI's lead over another comes from: as the dealer's team (庄家) or as the defenders (闲家).

``python -m benchmarks.ai_roles --deals 200 [--seed 1] [--team-a strong] [--team-b basic] [--baseline basic]
[--budget 0.1] [--workers 2] [--json]``

Each of the arena's deals (``cli.arena``: the same seeds, seats and AI seeds) is played twice per game: once with
``--team-a`` against ``--team-b`` and once with ``--baseline`` in team A's seats. The difference of team A's
level result (its gain minus the other team's) between the two is what ``--team-a`` won over the baseline in
that game; it is split by the role team A's seats had (the dealer is the same in both plays when the declaring
is: games where it differs are counted apart). Points are the defenders' final points (the kitty bonus
included) from team A's side: taken as defenders, conceded (negative) as dealers; ``kitty`` is the kitty
bonus alone. Summed over both games of a deal, the level gain is the arena's paired gain of ``--team-a`` over
``--baseline`` against ``--team-b``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from cli.duplicate import play_hand
from engine.ai import ARENA_LEVELS
from engine.rules import PRESETS, Rules
from engine.views import HandResult

Game = tuple[str, int, int, tuple[str, ...], float]  # preset, deal seed, team A's index, seat levels, budget


def _levels(team: str, other: str, swap: int) -> tuple[str, ...]:
    return (team, other) * 2 if swap == 0 else (other, team) * 2


def play(game: Game) -> dict[str, int]:
    """One game's result from team A's side (its team index is ``swap``)."""
    preset, seed, swap, levels, budget = game
    result: HandResult = play_hand(Rules.from_preset(preset), seed, levels, ai_seed=seed * 2 + swap,
                                   budget_s=budget).result
    sign = -1 if result.dealer % 2 == swap else 1
    return {"dealer": result.dealer, "a_deals": int(sign < 0),
            "levels": result.level_gains[swap] - result.level_gains[1 - swap],
            "points": sign * result.defender_points, "kitty": sign * result.kitty_bonus}


def _interval(values: Sequence[float]) -> dict[str, float]:
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return {"n": len(values), "mean": mean, "ci_low": mean - half, "ci_high": mean + half}


def split(pairs: Sequence[tuple[dict[str, int], dict[str, int]]]) -> dict[str, dict[str, dict[str, float]]]:
    """Team A's gains over the baseline (level, points, kitty) by role; ``(tested, baseline)`` per game."""
    groups: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for tested, base in pairs:
        role = "dealer" if tested["a_deals"] else "defenders"
        if tested["dealer"] != base["dealer"]:
            role = "dealer differs"
        for group in ("all", role):
            for key in ("levels", "points", "kitty"):
                groups[group][key].append(tested[key] - base[key])
    return {group: {key: _interval(v) for key, v in values.items()} for group, values in groups.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai_roles", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--team-a", default="strong", choices=ARENA_LEVELS)
    parser.add_argument("--team-b", default="basic", choices=ARENA_LEVELS)
    parser.add_argument("--baseline", default="basic", choices=ARENA_LEVELS)
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--budget", type=float, default=0.1, help="strong AI CPU seconds per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    games: list[Game] = []
    for i in range(args.deals):
        seed = args.seed * 1_000_003 + i  # the arena's deals
        for swap in (0, 1):
            for team in (args.team_a, args.baseline):
                games.append((args.preset, seed, swap, _levels(team, args.team_b, swap), args.budget))
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, games, chunksize=2))
    table = split(list(zip(results[0::2], results[1::2], strict=True)))
    if args.json:
        print(json.dumps(table, sort_keys=True))
        return 0
    print(f"{args.team_a} over {args.baseline} against {args.team_b}, preset {args.preset}, {args.deals} deals "
          f"(two games each), per game:")
    for group, values in sorted(table.items()):
        cells = "; ".join(f"{key} {v['mean']:+.3f} ({v['ci_low']:+.3f}..{v['ci_high']:+.3f})"
                          for key, v in values.items())
        print(f"  {group:15s} {values['levels']['n']:4.0f} games: {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
