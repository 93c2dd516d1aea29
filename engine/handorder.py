"""The display order of a hand (理牌): trumps first (jokers, main level, off levels, trump suit high→low), then the
plain suits, each high→low, in an order that alternates red and black.

``hand_order`` is public so the bot labels its select-menu options 1..N in exactly the order drawn.
Before any trump is known, jokers and level cards (and fixed trump ranks) come first.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise, permutations

from engine.cards import RANKS, RED_SUITS, SUITS, Card
from engine.rules import Rules
from engine.trump import trump_context
from engine.views import PublicView, SeatView

log = logging.getLogger(__name__)

TRUMP_GROUP = "T"


@lru_cache(maxsize=8)
def plain_suit_order(trump: str | None) -> tuple[str, ...]:
    """The non-trump suits in ♠ ♥ ♣ ♦ order, rearranged so red and black alternate where possible."""
    plain = [s for s in SUITS if s != trump]
    for perm in permutations(plain):
        if all((a in RED_SUITS) != (b in RED_SUITS) for a, b in pairwise(perm)):
            return tuple(perm)
    return tuple(plain)


def shown_trump(public: PublicView) -> str | None:
    """The trump to sort by: the decided one, else the standing declaration's, else ``None``."""
    if public.trump is not None:
        return public.trump
    decl = public.declaration
    return decl.trump if decl is not None and not decl.concealed else None


def _undecided_trump(card: Card, level: str, rules: Rules) -> bool:
    return card.is_joker or card.rank == level or card.rank in rules.fixed_trump_ranks


def _undecided_key(card: Card, level: str, rules: Rules) -> tuple[int, int, int]:
    """Jokers (大王 first), level cards, fixed trump ranks (by suit), then suits A→2."""
    suit_pos = SUITS.index(card.suit) if card.suit else 0
    if card.is_joker:
        return (0, 0 if card.rank == "BJ" else 1, 0)
    if card.rank == level:
        return (1, suit_pos, 0)
    if card.rank in rules.fixed_trump_ranks:
        return (2, -RANKS.index(card.rank), suit_pos)
    return (3 + suit_pos, -RANKS.index(card.rank), 0)


def hand_groups(cards: Sequence[Card], public: PublicView) -> list[tuple[str, list[Card]]]:
    """``cards`` split into display groups ``(group, cards)``: ``T`` (trumps) first, then plain suits."""
    trump = shown_trump(public)
    groups: dict[str, list[Card]] = {}
    if trump is None:
        ordered = sorted(cards, key=lambda c: _undecided_key(c, public.level, public.rules))
        for c in ordered:
            g = TRUMP_GROUP if _undecided_trump(c, public.level, public.rules) else c.suit
            groups.setdefault(g, []).append(c)
        suit_order: tuple[str, ...] = SUITS
    else:
        ctx = trump_context(public.level, trump, public.rules)
        for c in ctx.sort_hand(cards):
            groups.setdefault(TRUMP_GROUP if ctx.is_trump(c) else c.suit, []).append(c)
        suit_order = plain_suit_order(trump)
    return [(g, groups[g]) for g in (TRUMP_GROUP, *suit_order) if g in groups]


def hand_order(view: SeatView) -> list[Card]:
    """The seat's cards in the order ``render_hand`` draws them (index ``i`` is labelled ``i + 1``)."""
    return [c for _, group in hand_groups(view.hand, view.public) for c in group]


def is_shown_trump(card: Card, public: PublicView) -> bool:
    """Whether ``card`` gets the trump mark in pictures of this table state."""
    trump = shown_trump(public)
    if trump is None:
        return _undecided_trump(card, public.level, public.rules)
    return trump_context(public.level, trump, public.rules).is_trump(card)
