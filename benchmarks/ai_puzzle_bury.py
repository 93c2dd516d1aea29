"""Mine and check bury puzzles (扣底题): hands after taking the kitty where one bury is clearly best.

``python -m benchmarks.ai_puzzle_bury --deals 60 --want 6 [--worlds 400]``

Basic players declare on seeded deals (preset ``standard``) until a seat takes the kitty; its 33 cards, the
trump and the level make the puzzle (as the puzzle file states it: seat 0 deals and leads, nothing else
known). The best few buries of the rule of thumb (``engine.ai.bury_search``) are played out on the same
``--worlds`` sampled deals (the play policy for every seat, to settlement). A hand is kept when one bury beats
every other by at least ``MIN_GAIN`` levels with ``MIN_Z`` standard errors; it must bury the cards of that
bury, and keep the cards the other candidates would bury instead. ``check_bury`` is that check.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from benchmarks.ai_puzzle_midhand import MIN_GAIN, MIN_Z, margin
from benchmarks.ai_puzzle_mine import basic_decisions
from benchmarks.puzzles import miner_parser
from engine.ai.basic import known_trump
from engine.ai.bury_search import BurySearch
from engine.cards import Card, format_cards
from engine.rules import Rules
from engine.trump import trump_context
from engine.views import Phase

CANDIDATES = 6


def search_for(hand: list[Card], level: str, trump: str) -> BurySearch:
    """The bury search as the puzzle states the position: seat 0 deals, leads, and knows nothing else."""
    return BurySearch(hand, trump_context(level, trump, Rules()), 0, 0, 0, [Counter() for _ in range(4)],
                      CANDIDATES)


def check_bury(hand: list[Card], level: str, trump: str, worlds: int,
               seed: int = 13) -> tuple[tuple[Card, ...], float, float]:
    """The best of the candidate buries on ``worlds`` sampled deals, its smallest gain over another, its z."""
    search = search_for(hand, level, trump)
    rng = random.Random(seed)
    rows = [search.values(rng) for _ in range(worlds)]
    means = [sum(r[i] for r in rows) / worlds for i in range(len(search.cands))]
    best = max(range(len(means)), key=lambda i: means[i])
    if len(search.cands) < 2:
        return search.cands[best], 0.0, 0.0
    gain, z = margin(rows, best)
    return search.cands[best], gain, z


def mine(deals: int, want: int, first_seed: int, worlds: int) -> list[dict[str, Any]]:
    rules = Rules.from_preset("standard")
    found: list[dict[str, Any]] = []
    for seed in range(first_seed, first_seed + deals):
        at = next(((t, s) for t, s in basic_decisions(rules, seed) if t.phase is Phase.BURYING), None)
        if at is None:
            continue
        view = at[0].seat_view(at[1])
        hand, level, trump = list(view.hand), view.public.level, known_trump(view)
        best, gain, z = check_bury(hand, level, trump, worlds)
        if gain < MIN_GAIN or z < MIN_Z:
            continue
        others = {c for cand in search_for(hand, level, trump).cands for c in cand} - set(best)
        entry = {"kind": "bury", "seed": seed, "level": level, "trump": trump,
                 "hand": " ".join(format_cards(hand)), "bury": " ".join(format_cards(best)),
                 "keep": " ".join(format_cards(sorted(others, key=lambda c: c.index))),
                 "check_worlds": worlds, "check_gain": round(gain, 3), "check_z": round(z, 1)}
        found.append(entry)
        print(json.dumps(entry), flush=True)
        if len(found) >= want:
            break
    return found


def main(argv: list[str] | None = None) -> int:
    parser = miner_parser(__doc__, deals=60, want=6, worlds=400)
    args = parser.parse_args(argv)
    mine(args.deals, args.want, args.seed, args.worlds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
