"""Where the strong player's search gains or loses in 找朋友 (RULES §13), seat by seat.

``python benchmarks/friends_search.py [--deals 40] [--seed 7] [--options "mode=friends players=6"] [--budget 0.03]
[--hidden-search] [--workers 2] [--json]``

Each deal is played with ``basic`` at every seat (the field), then once per seat with ``strong`` alone at that seat
(the arena's ``rotate`` seating, ``cli.duplicate``). Two tables:

- by the seat's role in the all-basic game (dealer, friend: on the dealer's final team, defender): the strong seat's
  level gain minus basic's in the same seat, per seat and deal;
- every override (strong's play is not basic's), by the seat's role when it chose: ``dealer``, ``dealer_side``
  (a revealed friend), ``hidden_friend`` (``engine.ai.strong.hidden_friend``: it can fill an open call with its own
  copy), ``other``. ``estimated``: the search's mean gain on its re-check deals; ``true_deal``: the same two plays
  played out on the real deal (every seat then playing basic's policy), in the search's utility (level units).

``--hidden-search`` lets hidden friends search too (``engine.ai.strong.HIDDEN_FRIEND_SEARCH``), as before they played
basic's play. The strong AI runs compiled when the build is current (``tractor_compiled``), else in plain Python
(its search then samples fewer deals in the same CPU budget).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from cli.duplicate import play_hand
from engine.actions import Action, Play
from engine.ai import choose_action
from engine.ai import strong as strong_module
from engine.ai.determinize import World
from engine.ai.playstate import to_counts
from engine.ai.situation import situation_from_view
from engine.ai.strong import SearchStats, hidden_friend, plan, play_out, start_state
from engine.cards import Card
from engine.rules import Rules
from engine.table import Table
from engine.views import HandResult
from runtime import build_rules

Override = tuple[str, float, float]  # role when it chose, estimated gain, gain on the true deal


def _role_now(table: Table, seat: int) -> str:
    view = table.seat_view(seat)
    sit = situation_from_view(view)
    if seat == table.hand.dealer:
        return "dealer"
    if sit.is_dealer_team:
        return "dealer_side"
    return "hidden_friend" if hidden_friend(sit) else "other"


def _true_gain(table: Table, seat: int, chosen: tuple[Card, ...], basic: tuple[Card, ...]) -> float:
    """The two plays from this position on the real deal, every seat then playing the policy (the search's utility)."""
    sit = situation_from_view(table.seat_view(seat))
    hand = table.hand
    start = start_state(sit, World([to_counts(cards) for cards in hand.hands], [c.index for c in hand.kitty]))
    return play_out(sit, start, plan(sit, chosen)) - play_out(sit, start, plan(sit, basic))


def play(rules: Rules, seed: int, levels: Sequence[str], budget: float, overrides: list[Override]) -> HandResult:
    """The deal's first hand with ``levels`` per seat (``cli.duplicate.play_hand``, the arena's AI seeds); the strong
    seat's overrides are added to ``overrides``."""

    def observe(table: Table, seat: int, action: Action | None, stats: SearchStats) -> None:
        if levels[seat] == "strong" and stats.overridden and isinstance(action, Play):
            view = table.seat_view(seat)
            basic = choose_action(view, "basic", random.Random(0))
            assert isinstance(basic, Play)
            overrides.append((_role_now(table, seat), stats.gain, _true_gain(table, seat, action.cards, basic.cards)))

    return play_hand(rules, seed, levels, ai_seed=seed * 2, budget_s=budget, observe=observe).result


def deal(args: tuple[Rules, int, float, bool]) -> tuple[list[tuple[str, float]], list[Override]]:
    """One deal: (the strong seat's gain over basic there, by its role in the all-basic game; the overrides)."""
    rules, seed, budget, hidden_search = args
    strong_module.HIDDEN_FRIEND_SEARCH = hidden_search
    players = rules.players
    overrides: list[Override] = []
    field = play(rules, seed, ["basic"] * players, budget, overrides)
    team = set(field.team) | {field.dealer}
    gains = []
    for seat in range(players):
        alone = play(rules, seed, ["basic"] * seat + ["strong"] + ["basic"] * (players - seat - 1), budget, overrides)
        role = "dealer" if seat == field.dealer else "friend" if seat in team else "defender"
        gains.append((role, float(alone.level_gains[seat] - field.level_gains[seat])))
    return gains, overrides


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values) if values else 0.0
    se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, se


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--options", default="mode=friends players=6")
    parser.add_argument("--budget", type=float, default=0.03)
    parser.add_argument("--hidden-search", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rules = build_rules("standard", args.options, any_shape=True)
    if rules.shape.fixed_partners:
        parser.error("--options: a 找朋友 table (mode=friends)")
    jobs = [(rules, args.seed * 1_000_003 + i, args.budget, args.hidden_search) for i in range(args.deals)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(deal, jobs, chunksize=1))
    by_role: dict[str, list[float]] = defaultdict(list)
    by_kind: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for gains, overrides in results:
        for role, gain in gains:
            by_role[role].append(gain)
        for kind, estimated, on_true_deal in overrides:
            by_kind[kind].append((estimated, on_true_deal))
    roles: dict[str, dict[str, float]] = {}
    kinds: dict[str, dict[str, float]] = {}
    print(f"strong alone among basic, {args.options}, {args.deals} deals, budget {args.budget} s"
          f"{', hidden friends search' if args.hidden_search else ''}")
    print("  the strong seat's level gain over basic in the same seat, by its role in the all-basic game:")
    for role in ("dealer", "friend", "defender"):
        mean, se = _mean_se(by_role[role])
        roles[role] = {"seats": len(by_role[role]), "mean": mean, "se": se}
        print(f"    {role:<9} {len(by_role[role]):>4} seats  {mean:+.3f} (se {se:.3f})")
    print("  overrides by the seat's role when it chose: estimated gain, gain on the true deal (level units):")
    for kind in ("dealer", "dealer_side", "hidden_friend", "other"):
        pairs = by_kind[kind]
        est, real = _mean_se([p[0] for p in pairs]), _mean_se([p[1] for p in pairs])
        kinds[kind] = {"count": len(pairs), "estimated": est[0], "true_deal": real[0], "true_se": real[1]}
        print(f"    {kind:<13} {len(pairs):>5}  estimated {est[0]:+.3f}  true deal {real[0]:+.3f} (se {real[1]:.3f})")
    if args.json:
        print(json.dumps({"deals": args.deals, "hidden_search": args.hidden_search, "roles": roles,
                          "overrides": kinds}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
