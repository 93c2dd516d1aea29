"""The fast playouts' lookup tables (查表) for one trump context, on card indices (``Card.index``): each card's
effective suit, strength, points, keep value and pair links as count-vector tables (``engine.vectors``), and
the rule answers the playouts remember (kitty multipliers, lead units, beats, cheapest legal follows).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from engine.ai.situation import card_tables
from engine.cards import ALL_CARDS
from engine.trump import TrumpContext
from engine.units import Lead
from engine.vectors import i64, vec

N: Final = len(ALL_CARDS)
SUIT_INDEX: Final = {"S": 0, "H": 1, "C": 2, "D": 3, "T": 4}
TRUMP: Final = 4
FOLLOW_COST: Final = 0.7  # a follow's score counts the keep value of the cards it spends at this rate


@dataclass(frozen=True)
class FastTables:
    """Integer lookups for one trump context."""

    suit: vec[i64]
    strength: vec[i64]
    points: vec[i64]
    keep: vec[float]
    by_suit: tuple[vec[i64], ...]  # indices of each effective suit, strongest first
    adjacent: tuple[frozenset[int], ...]  # pairs that link upward into a tractor
    rank: vec[i64]  # strength across suits: trumps 100 above every plain card (a follow's key)
    copies: vec[i64]  # copies of each effective suit's cards in the deck (``decks`` per card)
    cost: vec[float]  # what spending a card costs a follow: COST × its keep value
    up: tuple[tuple[int, ...], ...]  # ``adjacent`` as tuples (the pairs one step stronger)
    down: tuple[tuple[int, ...], ...]  # the cards of the same suit whose pairs link upward into a card's pair
    decks: int  # copies of each card in play (RULES §12.1)
    # remembered answers: the kitty multiplier of a last play, a lead's units, whether a play beats the
    # winner (by lead, winning play, play), a hand's cheapest legal follows to a tractor or throw lead (by the
    # led suit and the lead's shape, the cards asked about)
    multipliers: dict[tuple[int, ...], int] = field(default_factory=dict, compare=False)
    leads: dict[tuple[int, ...], Lead] = field(default_factory=dict, compare=False)
    beats: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], bool] = field(
        default_factory=dict, compare=False)
    follows: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False)  # (tuples, not lists: the garbage collector stops tracking them)


@lru_cache(maxsize=256)
def fast_tables(ctx: TrumpContext) -> FastTables:
    t = card_tables(ctx)
    suit = tuple(SUIT_INDEX[s] for s in t.suit)
    by_suit = tuple(tuple(sorted((i for i in range(N) if suit[i] == s), key=lambda i: -t.strength[i]))
                    for s in range(5))
    adjacent = tuple(frozenset(j for j in range(N) if ctx.pairs_adjacent(ALL_CARDS[i], ALL_CARDS[j]))
                     for i in range(N))
    rank = tuple(t.strength[i] + (100 if suit[i] == TRUMP else 0) for i in range(N))
    decks = ctx.rules.decks
    copies = tuple(decks * len(cards) for cards in by_suit)
    cost = tuple(FOLLOW_COST * k for k in t.keep)
    up = tuple(tuple(sorted(a)) for a in adjacent)
    down = tuple(tuple(j for j in by_suit[suit[i]] if i in adjacent[j]) for i in range(N))
    return FastTables(vec[i64](suit), vec[i64](t.strength), vec[i64]([c.points for c in ALL_CARDS]),
                      vec[float](t.keep), tuple(vec[i64](cards) for cards in by_suit), adjacent, vec[i64](rank),
                      vec[i64](copies), vec[float](cost), up, down, decks)
