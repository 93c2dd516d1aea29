"""The first bury rule (``basic_v1``, kept for comparison): make voids (断门) in short plain suits, keep
trumps, aces, pairs and points (扣底).

Every subset of plain suits that fits in the 8 cards may be emptied (a void earns a bonus, a void of a
suit holding an ace or a pair costs its value); the rest is filled with the cheapest cards. Point cards
cost more unless the holder is long in trumps and can defend the bottom (保底).
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from collections.abc import Sequence

from engine.ai.bury import void_first
from engine.cards import Card
from engine.trump import TrumpContext

log = logging.getLogger(__name__)

VOID_BONUS = 7.0


def _card_cost(card: Card, ctx: TrumpContext, counts: Counter[Card], strong: bool, top: dict[str, int]) -> float:
    suit = ctx.suit_of(card)
    if suit == "T":
        cost = 40.0 + ctx.strength(card)
    else:
        gap = top[suit] - ctx.strength(card)
        cost = max(0.0, 9.0 - 3.0 * gap) + 0.3 * ctx.strength(card)
    if counts[card] >= 2:
        cost += 6.0
    if card.points:
        cost += card.points * (0.4 if strong else 1.6)
    return cost


def choose_bury_v1(hand: Sequence[Card], ctx: TrumpContext) -> tuple[Card, ...]:
    """Eight cards of ``hand`` (33 cards) to bury."""
    counts = Counter(hand)
    trumps = [c for c in hand if ctx.is_trump(c)]
    strong = len(trumps) >= 12
    plain: dict[str, list[Card]] = defaultdict(list)
    for c in hand:
        if not ctx.is_trump(c):
            plain[ctx.suit_of(c)].append(c)
    top = {s: max(ctx.strength(c2) for c2 in [Card("A", s), Card("K", s), Card("Q", s)] if not ctx.is_trump(c2))
           for s in plain}
    cost = {c: _card_cost(c, ctx, counts, strong, top) for c in counts}
    by_cost = sorted(hand, key=lambda c: (cost[c], ctx.sort_key(c)))
    best = min(((sum(cost[c] for c in chosen) - VOID_BONUS * len(combo), chosen)
                for combo, chosen in void_first(plain, by_cost)), key=lambda b: b[0])
    log.debug("bury %s", best)
    return tuple(best[1])
