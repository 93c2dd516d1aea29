"""Check a bury puzzle (扣底题) by playing whole hands: each candidate bury, the same deals, chosen players.

``python -m benchmarks.ai_bury_check --puzzle NAME [--players policy|policy_v2|strong] [--deals 200]
[--iterations 24] [--also "CARDS"] [--json]``

The puzzle's position (seat 0 deals and leads, nothing else known) is dealt out many times (the unseen
cards to the other three hands, ``engine.ai.bury_search.deal_others``). On each deal every candidate bury
(the search's candidates, ``engine.ai.bury_search.bury_candidates``, plus ``--also``) is played from the
first lead to settlement by the same players: ``policy`` (the play policy, what the bury search's rollouts
play), ``policy_v2`` (its version 2, ``basic_v2``'s), or ``strong`` (every seat searching each play as the
strong player does, ``--iterations`` sampled deals per decision, from what that seat may know: a longer and
more realistic check than the graded search). Printed per bury: the mean result for the dealer's team in
levels (``dealer_utility``), its paired gain over the first bury (mean and standard error), the defenders'
mean points, how often they won the last trick (抠底) and their mean kitty bonus.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from benchmarks.ai_puzzle_midhand import margin
from engine.ai.bury_search import bury_candidates, deal_others
from engine.ai.fasttables import N
from engine.ai.memory import Memory
from engine.ai.playout import Playout, mean_se
from engine.ai.playstate import POLICY_V2, dealer_utility, to_cards
from engine.ai.policy import policy_play
from engine.ai.situation import Situation
from engine.ai.strong import choose_play_mc, plan
from engine.cards import Card, format_cards, parse_cards
from engine.rules import Rules
from engine.throws import check_throw, throw_penalty
from engine.trump import TrumpContext, trump_context

PUZZLES = Path(__file__).with_name("ai_puzzles.json")


def strong_play(game: Playout, mem: Memory, seat: int, bury: Sequence[Card], rng: random.Random,
                iterations: int) -> tuple[int, ...]:
    """The strong player's play for ``seat`` in ``game``, from that seat's view (its hand, the public
    history in ``mem``, the kitty for the burier only); a failed throw (甩牌) is penalised and cut to its
    forced unit here, as the table would."""
    ctx = game.ctx
    trick = [(s, to_cards(p)) for s, p in game.trick]
    hand = list(to_cards([i for i in range(N) for _ in range(game.hands[seat][i])]))
    sit = Situation(ctx, seat, hand, trick, mem, game.dealer_team, tuple(bury) if seat == 0 else None,
                    (game.sizes[0], game.sizes[1], game.sizes[2], game.sizes[3]), game.points, True, 0)
    cards = choose_play_mc(sit, rng, iterations=iterations)
    if trick or not plan(sit, cards).throw:
        return tuple(c.index for c in cards)
    others = [list(to_cards([i for i in range(N) for _ in range(game.hands[(seat + k) % 4][i])])) for k in (1, 2, 3)]
    check = check_throw(cards, others, ctx)
    if not check.failed:
        return tuple(c.index for c in cards)
    penalty = throw_penalty(len(cards), len(cards) - len(check.forced), ctx.rules)
    game.points += penalty if sit.is_dealer_team else -penalty
    return tuple(c.index for c in check.forced)


def play_hand(ctx: TrumpContext, deal: list[list[int]], bury: Sequence[Card], players: str, rng: random.Random,
              iterations: int) -> tuple[int, int]:
    """Play one hand from the first lead (seat 0, the dealer, holding its hand after ``bury``); the
    defenders' final points and their kitty bonus (抠底: 0 when the dealer's team wins the last trick)."""
    game = Playout(ctx, deal, 0, [], [0] * N, [set(), set(), set(), set()], 0, 0, tuple(bury), 0)
    if players == "policy_v2":
        game.version = POLICY_V2
    mem = Memory(ctx)
    bonus = 0
    while game.trick or game.cards_left:
        seat = (game.leader + len(game.trick)) % 4
        lead = to_cards(game.trick[0][1]) if game.trick else None
        if players == "strong" and sum(game.hands[seat]) > 1:
            play = strong_play(game, mem, seat, bury, rng, iterations)
        else:
            play = policy_play(game, seat)
        mem.observe(seat, to_cards(play), lead)
        before = game.points + game.trick_points + sum(game.t.points[i] for i in play)
        game.apply(seat, play)
        if not game.trick and not game.cards_left and game.leader % 2 == 1:
            bonus = game.points - before
    return game.points, bonus


def check(hand: list[Card], level: str, trump: str, buries: list[tuple[Card, ...]], players: str, deals: int,
          iterations: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every bury of ``buries`` played out on the same ``deals`` deals: one figure row per bury, and the
    best bury with its smallest gain over another and that gain's z (``ai_puzzle_midhand.margin``)."""
    ctx = trump_context(level, trump, Rules())
    rng = random.Random(seed)
    own = Counter(c.index for c in hand)
    rows: list[list[float]] = [[] for _ in buries]
    results: list[list[tuple[int, int]]] = [[] for _ in buries]
    for _ in range(deals):
        hands = deal_others(hand, 0, [Counter() for _ in range(4)], rng)
        for k, bury in enumerate(buries):
            deal = [list(h) for h in hands]
            kept = own - Counter(c.index for c in bury)
            deal[0] = [kept[i] for i in range(N)]
            pts, bonus = play_hand(ctx, deal, bury, players, rng, iterations)
            rows[k].append(dealer_utility(pts, ctx))
            results[k].append((pts, bonus))
    out = []
    for k, bury in enumerate(buries):
        gain, se = mean_se([a - b for a, b in zip(rows[k], rows[0], strict=True)])
        out.append({"bury": " ".join(format_cards(bury)), "levels": round(sum(rows[k]) / deals, 3),
                    "gain": round(gain, 3), "se": round(se, 3) if k else 0.0,
                    "defender_points": round(sum(p for p, _ in results[k]) / deals, 1),
                    "last_trick_defenders": round(sum(1 for _, b in results[k] if b) / deals, 3),
                    "kitty_bonus": round(sum(b for _, b in results[k]) / deals, 1)})
    best = max(range(len(buries)), key=lambda k: sum(rows[k]))
    gain, z = margin([list(r) for r in zip(*rows, strict=True)], best)
    return out, {"best": out[best]["bury"], "gain": round(gain, 3), "z": round(z, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", required=True, help="a bury puzzle's name in ai_puzzles.json")
    parser.add_argument("--players", choices=("policy", "policy_v2", "strong"), default="policy")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=24, help="the strong players' deals per decision")
    parser.add_argument("--also", action="append", default=[], help="another bury to try (8 cards)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    entry = next(e for e in json.loads(PUZZLES.read_text(encoding="utf-8")) if e["name"] == args.puzzle)
    hand = list(parse_cards(entry["hand"]))
    ctx = trump_context(entry["level"], entry["trump"], Rules())
    buries = bury_candidates(hand, ctx) + [tuple(parse_cards(text)) for text in args.also]
    rows, best = check(hand, entry["level"], entry["trump"], buries, args.players, args.deals, args.iterations,
                       args.seed)
    for row in rows:
        print(f"{row['bury']:32} levels {row['levels']:+.3f} gain {row['gain']:+.3f} ± {row['se']:.3f}  "
              f"defenders {row['defender_points']:5.1f} pts, kitty won {row['last_trick_defenders']:.0%}, "
              f"kitty bonus {row['kitty_bonus']:.1f}")
    print(f"best {best['best']}: at least {best['gain']:+.3f} levels over every other bury (z {best['z']})")
    if args.json:
        print(json.dumps({"puzzle": args.puzzle, "players": args.players, "deals": args.deals, "rows": rows,
                          **best}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
