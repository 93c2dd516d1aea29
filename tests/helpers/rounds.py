"""Set up declaring scenarios: a table at a chosen hand with chosen cards in chosen hands (cards are
swapped between hands and the kitty, so the 108 cards stay the same)."""

from __future__ import annotations

import random

from engine.actions import DealAll, StartHand
from engine.cards import Card, parse_cards
from engine.randomplay import play_random_hand
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


def give(table: Table, seat: int, text: str, avoid: str = "") -> None:
    """Put the cards ``text`` into ``seat``'s hand (taken from other hands or the kitty, swapped for cards of
    that hand that are neither wanted nor in ``avoid``)."""
    h = table.hand
    wanted = list(parse_cards(text))
    keep = set(wanted) | set(parse_cards(avoid)) if avoid else set(wanted)
    have = list(h.hands[seat])
    for card in set(wanted):
        missing = wanted.count(card) - have.count(card)
        for _ in range(max(0, missing)):
            _swap_in(table, seat, card, keep)
            have = list(h.hands[seat])


def _swap_in(table: Table, seat: int, card: Card, keep: set[Card]) -> None:
    h = table.hand
    spare = next(c for c in h.hands[seat] if c not in keep and not c.is_joker and c.rank != h.level)
    for other in [*(s for s in range(4) if s != seat)]:
        if card in h.hands[other]:
            h.hands[other].remove(card)
            h.hands[other].append(spare)
            break
    else:
        i = h.kitty.index(card)
        h.kitty[i] = spare
    h.hands[seat].remove(spare)
    h.hands[seat].append(card)


def later_hand(rules: Rules, seed: int = 1) -> Table:
    """A table in its second hand, dealt (the first hand played at random)."""
    table = Table.new(rules, seed)
    rng = random.Random(seed)
    play_random_hand(table, rng)
    assert table.phase is Phase.HAND_OVER
    table.apply(StartHand())
    table.apply(DealAll())
    return table


def first_hand(rules: Rules, seed: int = 1) -> Table:
    table = Table.new(rules, seed)
    table.apply(DealAll())
    return table



def put_kitty_first(table: Table, text: str) -> None:
    """Make ``text`` (one card) the first kitty card, swapping it with wherever it is."""
    h = table.hand
    card = parse_cards(text)[0]
    if h.kitty[0] == card:
        return
    if card in h.kitty:
        i = h.kitty.index(card)
        h.kitty[0], h.kitty[i] = h.kitty[i], h.kitty[0]
        return
    seat = next(s for s in range(4) if card in h.hands[s])
    h.hands[seat].remove(card)
    h.hands[seat].append(h.kitty[0])
    h.kitty[0] = card
