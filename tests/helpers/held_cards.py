"""Where a hand's cards are: every card of it wherever it lies (RULES §12.1: none created or lost)."""

from __future__ import annotations

from collections import Counter

from engine.cards import Card
from engine.hand import HandState


def cards_of_hand(hand: HandState) -> Counter[Card]:
    """Every card of the hand: the seats' hands, the kitty, the finished tricks and the trick in play."""
    held: Counter[Card] = Counter(hand.kitty)
    for cards in hand.hands:
        held.update(cards)
    for trick in hand.tricks:
        for _, played in trick.plays:
            held.update(played)
    for _, playing in hand.trick:
        held.update(playing)
    return held
