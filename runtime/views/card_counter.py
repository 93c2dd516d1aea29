"""The card counter (记牌器), an opt-in aid of casual tables (``TableOptions.card_counter``): per effective suit
(trumps, then ♠ ♥ ♣ ♦), the cards nobody has played yet that are not in the seat's own hand — what the other
three hands and the kitty hold together. Built from public information (the played tricks) and the seat's own
hand only: never another hand, never the buried kitty."""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass

from engine.cards import Card, two_decks
from engine.legal import view_context
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)

SUIT_ORDER = ("T", "S", "H", "C", "D")
TOP = 5  # the highest cards named per suit


@dataclass(frozen=True)
class SuitLeft:
    """One effective suit: how many cards are still out, and the highest of them (high → low)."""

    suit: str
    count: int
    top: tuple[Card, ...]


def played_cards(view: SeatView) -> Counter[Card]:
    pub = view.public
    played: Counter[Card] = Counter()
    for trick in (*pub.tricks, *([pub.trick] if pub.trick is not None else [])):
        for _seat, cards in trick.plays:
            played.update(cards)
    return played


def cards_left(view: SeatView) -> tuple[SuitLeft, ...]:
    """The counter of ``view``'s seat while the hand is played (empty before the trump is known)."""
    if view.public.phase is not Phase.PLAYING or view.public.trump is None:
        return ()
    ctx = view_context(view)
    out = Counter(two_decks())
    out.subtract(played_cards(view))
    out.subtract(Counter(view.hand))
    by_suit: dict[str, list[Card]] = {s: [] for s in SUIT_ORDER}
    for card, n in out.items():
        by_suit[ctx.suit_of(card)].extend([card] * max(0, n))
    return tuple(SuitLeft(s, len(cards), tuple(sorted(cards, key=ctx.strength, reverse=True)[:TOP]))
                 for s, cards in by_suit.items())
