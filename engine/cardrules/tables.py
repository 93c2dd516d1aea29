"""One trump context's per-card answers on card indices (RULES §3), as the index-based rules read them.

Effective suits are numbers: 0..3 the plain suits ``S H C D``, 4 (``TRUMP``) the trumps (主牌). ``value``
compares cards across the suits of one trick: any trump above any plain card. ``cheap`` and ``strong`` are the
follow preferences: low, non-point, non-trump cards first; high cards first.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from engine.cards import ALL_CARDS, Card
from engine.rules import FollowPolicy, ThrowCompare
from engine.trump import TrumpContext
from engine.vectors import i64, vec

log = logging.getLogger(__name__)

TRUMP: Final = 4
SUITS: Final = {"S": 0, "H": 1, "C": 2, "D": 3, "T": 4}
SUIT_NAMES: Final = ("S", "H", "C", "D", "T")


def _no_order() -> vec[i64]:
    return vec[i64]()


@dataclass(frozen=True)
class RuleTables:
    """Per-card answers of one trump context, by card index."""

    suit: tuple[int, ...]  # effective suit: 0..3 plain (S H C D), 4 trump
    strength: tuple[int, ...]
    isolated: tuple[bool, ...]  # a pair of it links into no tractor
    value: tuple[int, ...]  # strength across the suits of a trick: any trump above any plain card
    display: tuple[int, ...]  # display order (the context's sort table)
    rank: tuple[int, ...]  # a total order inside an effective suit (strength, then the tie order)
    cheap: tuple[int, ...]  # follow preference: low, non-point, non-trump first
    strong: tuple[int, ...]  # follow preference: high first
    policy: FollowPolicy
    compare_all: bool  # ruffs of a throw compare unit by unit (``throw_compare: all``)
    #: the 54 card indices in display order, and high→low by ``rank`` (``()`` if two cards' keys tie): a hand's
    #: distinct cards or pairs in that order are read off them (``engine.legal.lead_unit_ids``) without a sort
    by_display: tuple[int, ...] = field(default=(), compare=False, repr=False)
    by_rank: tuple[int, ...] = field(default=(), compare=False, repr=False)
    #: no two cards' ``cheap`` keys tie: a one-card follow's options are sorted as plain numbers (key * 64 + card)
    cheap_distinct: bool = field(default=False, compare=False, repr=False)
    #: a throw's ruffs' split vectors by (play, shape) (``engine.cardrules.trick.beats``); a cache, not state
    vectors: dict[tuple[tuple[int, ...], tuple[int, ...]], list[Any]] = field(
        default_factory=dict, compare=False, hash=False, repr=False)
    #: the deck count (RULES §12): with three or more, units are tuples of any width (``engine.cardrules.tuples``)
    decks: int = 2
    #: ``by_display`` and ``by_rank`` as count vectors (``engine.vectors``: compiled, machine integers read in
    #: place; the lead listing walks them on every lead)
    display_order: vec[i64] = field(default_factory=_no_order, compare=False, repr=False)
    rank_order: vec[i64] = field(default_factory=_no_order, compare=False, repr=False)
    #: ``suit`` and ``cheap`` as count vectors (read for every card of a hand at each follow and its check)
    suit_vec: vec[i64] = field(default_factory=_no_order, compare=False, repr=False)
    cheap_vec: vec[i64] = field(default_factory=_no_order, compare=False, repr=False)
    #: each effective suit's cards by ``cheap``, lowest first (``()`` when two ``cheap`` keys tie): a single's follows
    cheap_by_suit: tuple[vec[i64], ...] = field(default=(), compare=False, repr=False)


def rule_tables(ctx: TrumpContext) -> RuleTables:
    """The tables of ``ctx``, made once per context and kept on it (read on every follow check and play: an
    attribute read, where an ``lru_cache`` call cost several hundred instructions)."""
    cached = ctx.rule_cache
    if isinstance(cached, RuleTables):
        return cached
    tables = _make_tables(ctx)
    object.__setattr__(ctx, "rule_cache", tables)  # the context is frozen; this is its cache slot
    return tables


def _make_tables(ctx: TrumpContext) -> RuleTables:
    suit = tuple([SUITS[s] for s in ctx.suit_table])
    strength = ctx.strength_table
    value = tuple([1000 * (s == TRUMP) + st for s, st in zip(suit, strength, strict=True)])

    def cheap(c: Card) -> tuple[bool, bool, int, int]:
        return (ctx.is_trump(c), c.points > 0, ctx.strength(c), ctx.tie_order(c))

    def strong(c: Card) -> tuple[int, int]:
        return (-ctx.strength(c), ctx.tie_order(c))

    cheap_table = _dense(cheap)
    by_display, by_rank = _order(ctx.sort_table, False), _order(ctx.rank_table, True)
    return RuleTables(suit, strength, ctx.isolated_table, value, ctx.sort_table, ctx.rank_table, cheap_table,
                      _dense(strong), ctx.rules.follow_policy, ctx.rules.throw_compare is ThrowCompare.ALL,
                      by_display, by_rank, cheap_distinct=len(set(cheap_table)) == len(cheap_table),
                      decks=ctx.rules.decks, display_order=vec[i64](by_display), rank_order=vec[i64](by_rank),
                      suit_vec=vec[i64](suit), cheap_vec=vec[i64](cheap_table),
                      cheap_by_suit=_by_suit(suit, cheap_table))


def _by_suit(suit: tuple[int, ...], cheap: tuple[int, ...]) -> tuple[vec[i64], ...]:
    """Each effective suit's card indices by ``cheap``, lowest first; ``()`` when two cards' keys tie."""
    if len(set(cheap)) != len(cheap):
        return ()
    return tuple(vec[i64](sorted([i for i in range(len(suit)) if suit[i] == s], key=cheap.__getitem__))
                 for s in range(TRUMP + 1))


def _order(key: tuple[int, ...], reverse: bool) -> tuple[int, ...]:
    """The card indices sorted by ``key`` (``reverse``: high→low), or ``()`` when two cards' keys tie (the order of
    tied cards would then depend on where they stand in a hand)."""
    if len(set(key)) != len(key):
        return ()
    if len(key) > 64 or min(key) < 0:
        return tuple(sorted(range(len(key)), key=key.__getitem__, reverse=reverse))
    coded = sorted([k * 64 + i for i, k in enumerate(key)], reverse=reverse)  # (plain numbers: no key calls)
    return tuple([c & 63 for c in coded])


def _dense(key: Callable[[Card], Any]) -> tuple[int, ...]:
    """Each card's position among the distinct values of ``key`` over all cards (equal keys, equal ranks)."""
    values = sorted({key(c) for c in ALL_CARDS})
    pos = {v: i for i, v in enumerate(values)}
    return tuple([pos[key(c)] for c in ALL_CARDS])
