"""Mine AI puzzles (残局题) from seeded deals: endgame positions with one clearly best play.

``python -m benchmarks.ai_puzzle_mine --deals 200 --want 27 --out benchmarks/ai_puzzles.json``

Basic players play seeded deals (preset ``standard``); at each play decision with at most 4 cards per
hand, every candidate play is scored on sampled deals consistent with the seat's view, each solved exactly
(``engine.ai.endgame``). A position is kept when one play is optimal on at least 95% of the deals and
gains at least 5 points on average over the next best: the answer does not depend on the hidden cards.
The position is written as the deal's seed and the actions leading to it (``Table.replay_json``), with
every hand and the kitty written out. At most one puzzle per deal.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from engine.actions import DealAll, Pass
from engine.ai import choose_action
from engine.ai.determinize import sample_world
from engine.ai.endgame import Endgame, hands_of
from engine.ai.fasttables import SUIT_INDEX
from engine.ai.playout import Playout
from engine.ai.playstate import to_cards
from engine.ai.situation import Situation, situation_from_view
from engine.ai.strong import candidates
from engine.cards import format_cards
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

WORLDS = 30


def _values(sit: Situation, plays: list[tuple[Any, ...]], rng: random.Random) -> list[list[float]]:
    """Points for the seat's team (defenders: taken; dealers: minus conceded), per deal and play."""
    out = []
    shared = Endgame(sit.ctx, sit.dealer_team, ())
    for _ in range(WORLDS):
        world = sample_world(sit, rng)
        solver = shared.fork(to_cards(world.kitty))
        row = []
        for play in plays:
            hands = [list(h) for h in world.hands]
            trick = [(s, tuple(c.index for c in cards)) for s, cards in sit.trick]
            voids = [{SUIT_INDEX[s] for s in v} for v in sit.mem.voids]
            out_ = Playout(sit.ctx, hands, trick[0][0] if trick else sit.seat, trick, list(sit.mem.played), voids,
                           sit.dealer_team, 0, to_cards(world.kitty))
            out_.apply(sit.seat, tuple(c.index for c in play))
            pts = out_.points + solver.solve(hands_of(out_.hands), tuple(out_.trick), out_.leader)
            row.append(float(-pts if sit.is_dealer_team else pts))
        out.append(row)
    return out


def clear_best(values: list[list[float]]) -> tuple[int, float] | None:
    """The play optimal on ≥ 95% of the deals and ≥ 5 points better on average than the next, if any."""
    n = len(values[0])
    means = [statistics.fmean(r[i] for r in values) for i in range(n)]
    order = sorted(range(n), key=lambda i: -means[i])
    best = order[0]
    optimal = sum(1 for r in values if r[best] >= max(r)) / len(values)
    gain = means[best] - means[order[1]]
    return (best, gain) if optimal >= 0.95 and gain >= 5 else None


def basic_decisions(rules: Rules, seed: int) -> Iterator[tuple[Table, int]]:
    """The table of ``Table.new(rules, seed)`` and the seat to act, at each decision of a hand played by
    ``basic`` players (dealt at once); the move is made when the next one is asked for."""
    table = Table.new(rules, seed)
    ai_rng = random.Random(seed)
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if table.phase is Phase.DEALING:
            table.apply(DealAll())
            continue
        seat = table.to_act()[0]
        yield table, seat
        table.apply(choose_action(table.seat_view(seat), "basic", ai_rng) or Pass(seat=seat))


def mine(deals: int, want: int, first_seed: int = 1, out: str = "-") -> list[dict[str, Any]]:
    rules = Rules.from_preset("standard")
    rng = random.Random(7)
    found: list[dict[str, Any]] = []
    for seed in range(first_seed, first_seed + deals):
        for table, seat in basic_decisions(rules, seed):
            view = table.seat_view(seat)
            if table.phase is Phase.PLAYING and 2 <= len(view.hand) <= 4:
                sit = situation_from_view(view)
                plays = candidates(sit, 12)
                if len(plays) >= 2:
                    hit = clear_best(_values(sit, plays, rng))
                    if hit is not None:
                        found.append(_record(table, seed, seat, plays[hit[0]], hit[1]))
                        _write(found, out)
                        print(f"seed {seed}: seat {seat} plays {' '.join(format_cards(plays[hit[0]]))} "
                              f"(+{hit[1]:.1f})", file=sys.stderr)
                        break
        if len(found) >= want:
            break
    return found


def _record(table: Table, seed: int, seat: int, play: tuple[Any, ...], gain: float) -> dict[str, Any]:
    pub = table.public_view()
    dealer = pub.dealer if pub.dealer is not None else 0
    return {
        "seed": seed, "preset": "standard", "seat": seat, "best": " ".join(format_cards(play)), "gain": round(gain, 1),
        "hands": [" ".join(format_cards(table.seat_view(s).hand)) for s in range(4)],
        "kitty": " ".join(format_cards(table.seat_view(dealer).kitty or ())),
        "trump": pub.trump, "level": pub.level, "dealer": dealer,
        "actions": table.actions_json(),
    }


def _write(found: list[dict[str, Any]], out: str) -> None:
    if out != "-":  # rewritten after each find: a long run can be stopped any time
        with open(out, "w", encoding="utf-8") as f:
            f.write(json.dumps(found, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--want", type=int, default=27)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="-")
    args = parser.parse_args(argv)
    found = mine(args.deals, args.want, args.seed, args.out)
    if args.out == "-":
        print(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
