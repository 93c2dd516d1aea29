"""Mine and check AI puzzles that are not endgames: mid-hand throws (甩牌) and kitty protection (保底/抠底).

``python -m benchmarks.ai_puzzle_midhand --deals 100 --want 10 [--worlds 120] [--check 1000] [--throws]``

Basic players play seeded deals (preset ``standard``). At a play decision with 5 to 12 cards per hand where
a candidate play is a throw, or the kitty's bonus is at stake (8 cards or fewer per hand), every candidate
play (``engine.ai.strong.candidates``) is played out on the same sampled deals consistent with the seat's
view (the play policy for every seat, the last 4 cards solved exactly), in level units. A position is kept
when one play beats every other by at least ``MIN_GAIN`` levels with ``MIN_Z`` standard errors, then checked
again on ``--check`` fresh deals (a longer search than any the puzzles grade). ``check_play`` is that check.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from benchmarks.ai_puzzle_mine import _record, basic_decisions
from benchmarks.puzzles import miner_parser
from engine.ai.determinize import Sampler
from engine.ai.endgame import EXACT_CARDS, Endgame
from engine.ai.playstate import to_cards
from engine.ai.situation import Situation, situation_from_view
from engine.ai.strong import candidates, plan, play_out, start_state
from engine.cards import Card, format_cards
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

MIN_GAIN = 0.25  # levels per deal the answer gains over the next best play
MIN_Z = 4.0  # standard errors of that gain


def paired_values(sit: Situation, plays: list[tuple[Card, ...]], worlds: int,
                  rng: random.Random) -> list[list[float]]:
    """Each play's result (level units, the seat's team) on ``worlds`` sampled deals: one row per deal."""
    sampler = Sampler(sit)
    plans = [plan(sit, p) for p in plays]
    exact = Endgame(sit.ctx, sit.dealer_team, ()) if len(sit.hand) <= EXACT_CARDS else None
    rows = []
    for _ in range(worlds):
        world = sampler.sample(rng)
        solver = exact.fork(to_cards(world.kitty)) if exact is not None else None
        start = start_state(sit, world)
        rows.append([play_out(sit, start, pl, solver) for pl in plans])
    return rows


def margin(rows: list[list[float]], best: int) -> tuple[float, float]:
    """The smallest mean gain of play ``best`` over another play, and its z (gain / standard error)."""
    low_gain, low_z = math.inf, math.inf
    for j in range(len(rows[0])):
        if j == best:
            continue
        diffs = [r[best] - r[j] for r in rows]
        mean = statistics.fmean(diffs)
        se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
        z = mean / se if se > 0 else (math.inf if mean > 0 else 0.0)
        if mean < low_gain:
            low_gain, low_z = mean, z
    return low_gain, low_z


def clear_best(rows: list[list[float]]) -> tuple[int, float, float] | None:
    """The play beating every other by ``MIN_GAIN`` levels and ``MIN_Z`` standard errors, if any."""
    means = [statistics.fmean(r[i] for r in rows) for i in range(len(rows[0]))]
    best = max(range(len(means)), key=lambda i: means[i])
    gain, z = margin(rows, best)
    return (best, gain, z) if gain >= MIN_GAIN and z >= MIN_Z else None


def check_play(sit: Situation, answer: tuple[Card, ...], worlds: int, seed: int = 11) -> tuple[float, float]:
    """The answer's smallest gain over the other candidate plays (and its z) on ``worlds`` fresh deals."""
    plays = candidates(sit, 12)
    key = sorted(c.index for c in answer)
    if not any(sorted(c.index for c in p) == key for p in plays):
        plays.append(answer)
    best = next(i for i, p in enumerate(plays) if sorted(c.index for c in p) == key)
    return margin(paired_values(sit, plays, worlds, random.Random(seed)), best)


def interesting(sit: Situation, plays: list[tuple[Card, ...]], throws: bool = False) -> bool:
    """Not an endgame, and a throw is among the plays or the kitty's bonus is near (``throws``: a throw is
    among the plays)."""
    n = len(sit.hand)
    if not 5 <= n <= 12 or len(plays) < 2:
        return False
    has_throw = any(plan(sit, p).throw for p in plays)
    return has_throw if throws else n <= 8 or has_throw


def mine(deals: int, want: int, first_seed: int, worlds: int, check: int,
         throws: bool = False) -> list[dict[str, Any]]:
    rules = Rules.from_preset("standard")
    rng = random.Random(5)
    found: list[dict[str, Any]] = []
    for seed in range(first_seed, first_seed + deals):
        for table, seat in basic_decisions(rules, seed):
            if table.phase is Phase.PLAYING and _try(table, seed, seat, worlds, check, rng, found, throws):
                break
        if len(found) >= want:
            break
    return found


def _try(table: Table, seed: int, seat: int, worlds: int, check: int, rng: random.Random,
         found: list[dict[str, Any]], throws: bool = False) -> bool:
    sit = situation_from_view(table.seat_view(seat))
    plays = candidates(sit)  # the strong player's candidates: the answer must be among them
    if not interesting(sit, plays, throws):
        return False
    hit = clear_best(paired_values(sit, plays, worlds, rng))
    if hit is None:
        return False
    gain, z = check_play(sit, plays[hit[0]], check)
    if gain < MIN_GAIN or z < MIN_Z:
        return False
    entry = _record(table, seed, seat, plays[hit[0]], gain)
    entry.update({"check_worlds": check, "check_gain": round(gain, 3), "check_z": round(z, 1),
                  "candidates": [" ".join(format_cards(p)) for p in plays], "cards_per_hand": len(sit.hand),
                  "throw": plan(sit, plays[hit[0]]).throw})
    found.append(entry)
    print(json.dumps(entry), flush=True)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = miner_parser(__doc__, deals=100, want=10, worlds=120, check=1000)
    parser.add_argument("--throws", action="store_true", help="only positions where a throw (甩牌) is a candidate")
    args = parser.parse_args(argv)
    mine(args.deals, args.want, args.seed, args.worlds, args.check, args.throws)
    return 0


if __name__ == "__main__":
    sys.exit(main())
