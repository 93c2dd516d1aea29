"""Where the strong AI loses levels (失分): its decisions at the arena's budget against a much longer search.

``python -m benchmarks.ai_regret --deals 8 --every 5 --long 600 --eval 400 [--budget 0.2] [--json]``

Basic players play seeded deals (preset ``standard``, dealt at once: the arena's first hands); every bury, every
``--every``-th lead and every ``--every``-th follow (all seats) is a sample. The strong AI decides at the arena's budget
(``--budget`` CPU seconds) and again with a much longer search (``--long`` deals per comparison, as many again
to re-check, fixed iterations). When the two differ, both are played out on ``--eval`` fresh deals (paired,
the play policy for every seat): the longer search's mean gain is that decision's cost in levels. The table
gives, by kind (``bury``; ``lead``, ``throw`` (甩牌: a lead of several units), ``follow`` with more than 4
cards per hand; ``endgame`` with at most 4, solved exactly), the decisions sampled, how many differ, their
summed cost, and the cost per hand for one team (scaled by the sampling rate; a duplicate deal of the arena
is two hands, so twice that in its level difference). Declaring is not searched (the strong AI declares as
``basic`` does), so it has no row: ``benchmarks.ai_declare_regret`` measures what a search of its options would gain.

``--variant NAME=VALUE,...`` compares a variant instead of the longer search: the strong AI with those
constants of ``engine.ai.strong`` / ``engine.ai.bury_search`` / ``engine.ai.determinize`` changed, at the same
budget (the cost is then the variant's gain: positive when the variant is better).
``--kinds lead,throw`` prices only those kinds (the others are not searched).
``--basic`` prices ``basic``'s bury (the rule of thumb, ``engine.ai.bury``) instead of the strong AI's: with
``--kinds bury --variant NAME=VALUE`` (a constant of ``engine.ai.bury``), the variant's gain over it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from benchmarks.ai_puzzle_mine import basic_decisions
from engine.actions import Bury
from engine.ai import bury, bury_search, choose_action, determinize, strong
from engine.ai.basic import known_trump
from engine.ai.bury_search import BurySearch
from engine.ai.endgame import EXACT_CARDS
from engine.ai.memory import memory_from_view
from engine.ai.playout import Gains
from engine.ai.situation import Situation, situation_from_view
from engine.ai.strong import SearchStats, _Search, choose_play_mc, plan
from engine.cards import Card
from engine.rules import Rules
from engine.trump import trump_context
from engine.views import Phase, SeatView

T = TypeVar("T")


@dataclass
class Row:
    """One decision kind's figures."""

    sampled: int = 0
    differ: int = 0
    cost: float = 0.0
    var: float = 0.0  # summed variance of the costs (for a standard error of the sum)
    examples: list[str] = field(default_factory=list)


def kind_of(sit: Situation, plays: Sequence[tuple[Card, ...]]) -> str:
    if len(sit.hand) <= EXACT_CARDS:
        return "endgame"
    if sit.trick:
        return "follow"
    return "throw" if any(plan(sit, p).throw for p in plays) else "lead"


def _mean_var(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) / n if n > 1 else 0.0
    return mean, var


def variant(args: argparse.Namespace) -> dict[str, float]:
    """The constants ``--variant`` changes (name: value)."""
    out = {}
    for item in filter(None, (args.variant or "").split(",")):
        name, value = item.split("=")
        out[name] = float(value)
    return out


def _other(args: argparse.Namespace, decide: Callable[[float, int | None], T]) -> T:
    """The longer search's decision, or the variant's at the same budget."""
    changes = variant(args)
    if not changes:
        return decide(0.0, args.long)
    modules = [m for m in (strong, bury_search, bury, determinize) if any(hasattr(m, n) for n in changes)]
    saved = {(m, n): getattr(m, n) for m in modules for n in changes if hasattr(m, n)}
    try:
        for (m, n), old in saved.items():
            setattr(m, n, type(old)(changes[n]))
        return decide(args.budget, None)
    finally:
        for (m, n), old in saved.items():
            setattr(m, n, old)


def play_cost(view: SeatView, args: argparse.Namespace, rng: random.Random) -> tuple[str, float, float, bool]:
    """The kind of a play decision, the longer search's gain over the arena's choice, its variance, differ?"""
    sit = situation_from_view(view)
    short = choose_play_mc(sit, rng, args.budget, stats=SearchStats())
    long = _other(args, lambda budget, it: choose_play_mc(sit, rng, budget, iterations=it))
    kind = kind_of(sit, [short, long])
    if sorted(c.index for c in short) == sorted(c.index for c in long):
        return kind, 0.0, 0.0, False
    search = _Search(sit, rng, [short, long], SearchStats())
    gains = search.compare({1: Gains()}, args.eval, math.inf, dropping=False)[1]
    mean, se = gains.mean_se()
    return kind, mean, se * se if len(gains) > 1 else 0.0, True


def bury_cost(view: SeatView, args: argparse.Namespace, rng: random.Random) -> tuple[float, float, bool]:
    """The longer bury search's gain over the arena's bury, its variance, and whether they differ."""
    level = "basic" if args.basic else "strong"
    short = choose_action(view, level, rng, budget_s=args.budget)
    long = _other(args, lambda budget, it: choose_action(view, level, rng, budget_s=budget or args.budget,
                                                          iterations=it))
    assert isinstance(short, Bury) and isinstance(long, Bury)
    if sorted(c.index for c in short.cards) == sorted(c.index for c in long.cards):
        return 0.0, 0.0, False
    pub = view.public
    ctx = trump_context(pub.level, known_trump(view), pub.rules)
    shown = memory_from_view(view, ctx).shown
    dealer = pub.dealer if pub.dealer is not None else view.seat
    search = BurySearch(view.hand, ctx, view.seat, dealer, dealer % 2, shown, cands=[short.cards, long.cards])
    gains = [row[1] - row[0] for row in (search.values(rng) for _ in range(args.eval))]
    mean, var = _mean_var(gains)
    return mean, var, True


def wanted(view: SeatView, kinds: set[str]) -> bool:
    """Whether a decision may be of one of ``kinds`` (all when empty); a lead may turn out a throw."""
    if not kinds or view.public.phase not in (Phase.BURYING, Phase.PLAYING):
        return True
    if view.public.phase is Phase.BURYING:
        return "bury" in kinds
    if len(view.hand) <= EXACT_CARDS:
        return "endgame" in kinds
    if _following(view):
        return "follow" in kinds
    return bool(kinds & {"lead", "throw"})


def _following(view: SeatView) -> int:
    """1 when the play to make follows a lead, 0 for a lead."""
    trick = view.public.trick
    return int(trick is not None and bool(trick.plays) and not trick.complete)


def measure(args: argparse.Namespace) -> dict[str, Row]:
    rules = Rules.from_preset("standard")
    rows: dict[str, Row] = defaultdict(Row)
    rng = random.Random(args.seed)
    for seed in range(args.seed, args.seed + args.deals):
        plays = [0, 0]  # leads, follows: counted apart (a trick's 4 plays: an even --every would sample one kind)
        for table, seat in basic_decisions(rules, seed):
            view = table.seat_view(seat)
            if not wanted(view, args.kinds):
                if table.phase is Phase.PLAYING:
                    plays[_following(view)] += 1
                continue
            if table.phase is Phase.BURYING:
                kind = "bury"
                cost, var, differ = bury_cost(view, args, rng)
            elif table.phase is Phase.PLAYING:
                following = _following(view)
                plays[following] += 1
                if plays[following] % args.every or len(view.hand) == 1:
                    continue
                kind, cost, var, differ = play_cost(view, args, rng)
                if args.kinds and kind not in args.kinds:
                    continue
            else:
                continue
            row = rows[kind]
            row.sampled += 1
            row.differ += differ
            row.cost += cost
            row.var += var
            if differ:
                print(f"deal {seed} seat {seat} {kind}: {cost:+.3f}", file=sys.stderr, flush=True)
    return rows


def table_of(rows: dict[str, Row], args: argparse.Namespace) -> dict[str, dict[str, float]]:
    out = {}
    for kind, row in sorted(rows.items()):
        scale = 1.0 if kind == "bury" else float(args.every)
        per_hand = row.cost * scale / args.deals / 2  # two teams decide in each hand
        out[kind] = {"sampled": row.sampled, "differ": row.differ, "cost_sum": round(row.cost, 3),
                     "cost_per_hand_team": round(per_hand, 4),
                     "se_per_hand_team": round(math.sqrt(row.var) * scale / args.deals / 2, 4)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=5, help="sample every N-th play decision")
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--long", type=int, default=600, help="deals per comparison of the longer search")
    parser.add_argument("--eval", type=int, default=400, help="fresh deals to price a difference")
    parser.add_argument("--variant", default="", help="NAME=VALUE,...: compare this variant instead")
    parser.add_argument("--kinds", type=lambda v: set(v.split(",")), default=set(),
                        help="KIND,...: count only these decision kinds (lead, throw, follow, endgame, bury)")
    parser.add_argument("--basic", action="store_true", help="price basic's bury (the rule of thumb) instead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = table_of(measure(args), args)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        for kind, f in figures.items():
            print(f"{kind:8} sampled {f['sampled']:4} differ {f['differ']:3} cost/hand/team "
                  f"{f['cost_per_hand_team']:+.4f} ± {f['se_per_hand_team']:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
