"""Burying the kitty (扣底): voids (断门) first, then the cheapest cards; keep trumps, aces and pairs.

Every subset of plain suits that fits in the 8 cards may be emptied; the rest is filled with the cheapest
cards. A bury is scored by the value of the cards it gives up, minus a bonus for each void made (worth more
the more trumps the hand holds, since a void is only useful with trumps to ruff (毙) with), plus a penalty
for the points kept in short plain suits without their top card (the opponents will catch them). Point
cards are cheap to bury with 10 or more trumps: such a hand expects to defend the bottom (保底); with fewer, a
buried point costs twice a kept one, since the defenders often win the last trick and the kitty's points then
count at least double (抠底).
"""

from __future__ import annotations

import itertools
import logging
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence

from engine.cards import Card
from engine.trump import TrumpContext

log = logging.getLogger(__name__)

KITTY_SIZE = 8
VOID_BASE = 4.0
VOID_PER_TRUMP = 0.9  # a void's bonus grows with the trumps held
LONG_TRUMPS = 10  # from here on point cards are cheap to bury
SHORT_SUIT = 4  # a kept plain suit this short and without its top card loses its points
KEPT_POINTS = 1.2  # penalty per point kept in such a suit
WEAK_HIGH = 0.5  # share of a high card's keep value left in such a suit (it is likely to be caught)
KITTY_RISK = 2.0  # cost per point buried with fewer than LONG_TRUMPS trumps: the defenders often win the last
# trick, where a buried point counts at least double (抠底) (measured: ai_regret --basic --kinds bury)
KITTY_RISK_V2 = 1.0  # the same cost as ``basic_v2`` buries (the frozen baseline the current basic is measured against)


def void_bonus(trumps: int) -> float:
    """The bonus for each plain suit emptied by the bury, for a hand holding ``trumps`` trumps."""
    return VOID_BASE + VOID_PER_TRUMP * trumps


def _card_cost(card: Card, ctx: TrumpContext, counts: Counter[Card], point_cost: float, top: dict[str, int],
               weak: bool) -> float:
    suit = ctx.suit_of(card)
    if suit == "T":
        cost = 40.0 + ctx.strength(card)
    else:
        gap = top[suit] - ctx.strength(card)
        cost = (max(0.0, 9.0 - 3.0 * gap) + 0.3 * ctx.strength(card)) * (WEAK_HIGH if weak else 1.0)
    if counts[card] >= 2:
        cost += 6.0
    if card.points:
        cost += card.points * point_cost
    return cost


def _top_strength(suit: str, ctx: TrumpContext) -> int:
    """Strength of the best plain card of ``suit`` (the ace, or the king when aces are the level)."""
    return max(ctx.strength(Card(r, suit)) for r in ("A", "K", "Q") if not ctx.is_trump(Card(r, suit)))


class _Scorer:
    """Scores one bury of one hand."""

    def __init__(self, hand: Sequence[Card], ctx: TrumpContext, kitty_risk: float | None = None) -> None:
        self.ctx = ctx
        self.counts = Counter(hand)
        self.trumps = sum(1 for c in hand if ctx.is_trump(c))
        self.plain: dict[str, list[Card]] = defaultdict(list)
        for c in hand:
            if not ctx.is_trump(c):
                self.plain[ctx.suit_of(c)].append(c)
        self.top = {s: _top_strength(s, ctx) for s in self.plain}
        risk = 0.15 if self.trumps >= LONG_TRUMPS else KITTY_RISK if kitty_risk is None else kitty_risk
        self.cost = {c: _card_cost(c, ctx, self.counts, risk, self.top, self._weak_card(c)) for c in self.counts}

    def _weak_card(self, card: Card) -> bool:
        s = self.ctx.suit_of(card)
        return s != "T" and self.weak_suit(s, self.plain[s])

    def weak_suit(self, suit: str, cards: Sequence[Card]) -> bool:
        """A short plain suit without its top card: its points are likely lost."""
        return 0 < len(cards) <= SHORT_SUIT and not any(self.ctx.strength(c) == self.top[suit] for c in cards)

    def fill_order(self, hand: Sequence[Card]) -> list[Card]:
        """Cards cheapest to bury first (points of weak suits count as cheaper: keeping them costs)."""
        def key(c: Card) -> tuple[float, int]:
            return self.cost[c] - (KEPT_POINTS * c.points if self._weak_card(c) else 0.0), self.ctx.sort_key(c)

        return sorted(hand, key=key)

    def score(self, buried: Sequence[Card]) -> float:
        """Cost of burying ``buried``: the cards' value, minus void bonuses, plus points left in weak suits."""
        gone = Counter(buried)
        total = sum(self.cost[c] for c in buried)
        for s, cards in self.plain.items():
            left = list((Counter(cards) - gone).elements())
            if not left:
                total -= void_bonus(self.trumps)
            elif self.weak_suit(s, left):
                total += KEPT_POINTS * sum(c.points for c in left)
        return total


def void_first(plain: dict[str, list[Card]], order: Sequence[Card],
               size: int = KITTY_SIZE) -> Iterator[tuple[tuple[str, ...], list[Card]]]:
    """Every bury of ``size`` cards (the kitty's: 8 with two decks) that empties a subset of the plain suits (that
    fits) and fills up from ``order`` (cheapest first): ``(suits emptied, cards)``."""
    suits = sorted(plain)
    for k in range(len(suits) + 1):
        for combo in itertools.combinations(suits, k):
            chosen = [c for s in combo for c in plain[s]]
            if len(chosen) > size:
                continue
            rest = list(order)
            for c in chosen:
                rest.remove(c)
            yield combo, chosen + rest[: size - len(chosen)]


def choose_bury(hand: Sequence[Card], ctx: TrumpContext, kitty_risk: float | None = None) -> tuple[Card, ...]:
    """Eight cards of ``hand`` (33 cards) to bury; ``kitty_risk``: a buried point's cost with few trumps
    (``KITTY_RISK`` when not given; ``basic_v2`` keeps its own, ``KITTY_RISK_V2``)."""
    sc = _Scorer(hand, ctx, kitty_risk)
    size = ctx.rules.shape.kitty
    best = min(((sc.score(chosen), chosen) for _, chosen in void_first(sc.plain, sc.fill_order(hand), size)),
               key=lambda b: b[0])
    log.debug("bury %s", best)
    return tuple(best[1])
