"""Throws (甩牌, RULES §4): whether a lead of several units stands, and what a failed throw forces.

A throw stands only if no other player, from their own hand, could beat any of its units within
the led suit: a single by a strictly higher single, a pair by a strictly higher pair, a tractor by a
higher tractor of at least as many pairs; with N decks a tuple of width w by w or more copies of a higher card,
a tractor by a higher one at least as wide and as long (RULES §12.2). If one can, the leader plays instead the
smallest beaten unit over all other hands (the one whose highest card is lowest; on an equal top card singles
before pairs before triples before tractors; then ♠ ♥ ♦ ♣) and pays the ``throw_penalty``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cardrules import tuples
from engine.cardrules.tables import rule_tables
from engine.cards import Card
from engine.rules import Rules, ThrowPenalty
from engine.trump import TrumpContext
from engine.units import Unit, UnitKind, decompose_lead, split_pairs, tractor_paths

log = logging.getLogger(__name__)

PENALTY_PER_CARD = 10


@dataclass(frozen=True)
class ThrowCheck:
    """The outcome of a lead: ``forced`` is what is actually played (all cards when it stands);
    ``beaten_unit`` is the unit someone could beat (``()`` when it stands)."""

    failed: bool
    forced: tuple[Card, ...]
    beaten_unit: tuple[Card, ...]


def unit_is_beaten(unit: Unit, holding: Sequence[Card], ctx: TrumpContext) -> bool:
    """Whether ``holding`` (cards of the unit's effective suit) holds a unit beating ``unit``: a tuple of width w
    by w or more copies of a strictly higher card, a tractor by one at least as wide and as long whose lowest
    tuple is higher (RULES §4, §12.2)."""
    top = ctx.strength(unit.top)
    if unit.kind == UnitKind.SINGLE:
        return any(ctx.strength(c) > top for c in holding)
    if unit.width > 2:
        return _wide_unit_is_beaten(unit, holding, ctx)
    pairs, _ = split_pairs(holding)
    if unit.kind == UnitKind.PAIR:
        return any(ctx.strength(p) > top for p in pairs)
    need = unit.pairs
    return any(len(path) >= need and ctx.strength(pairs[path[-1]]) > top
               for path in tractor_paths(pairs, ctx))


def _wide_unit_is_beaten(unit: Unit, holding: Sequence[Card], ctx: TrumpContext) -> bool:
    """``unit_is_beaten`` for a unit of three or more copies per rank (three or four decks)."""
    r = rule_tables(ctx)
    counts = tuples.counts_of([c.index for c in holding])
    width, length = unit.width, unit.length
    if length == 1:
        top = r.strength[unit.top.index]
        return any(n >= width and r.strength[c] > top for c, n in counts.items())
    lowest = r.strength[unit.cards[-1].index]
    return any(n >= width and r.strength[card] > lowest
               and any(len(members) >= length for _, members in tuples.tractors_from(r, card, counts, width, length))
               for card, n in counts.items())


def smallness(unit: Unit, ctx: TrumpContext) -> tuple[int, int, int]:
    """Order of beaten units for 甩错出小 (RULES §4, §12.2): the lowest highest card first; on an equal top card a
    single before a pair before a triple before a quadruple before a tractor (narrower, then fewer ranks
    first); then the suit order ♠ ♥ ♦ ♣."""
    kind = unit.width - 1 if unit.length == 1 else 100 + 10 * unit.width + unit.length
    return (ctx.strength(unit.top), kind, ctx.tie_order(unit.top))


def check_throw(lead_cards: Sequence[Card], others: Sequence[Sequence[Card]], ctx: TrumpContext) -> ThrowCheck:
    """Check a lead against the other three hands (RULES §4). A single unit always stands.

    Raises ``IllegalAction`` for an empty or mixed-suit lead."""
    lead = decompose_lead(lead_cards, ctx)
    cards = tuple(lead_cards)
    if not lead.is_throw:
        return ThrowCheck(False, cards, ())
    beaten: list[Unit] = []
    holdings = [[c for c in hand if ctx.suit_of(c) == lead.suit] for hand in others]
    for unit in lead.units:
        if any(unit_is_beaten(unit, h, ctx) for h in holdings):
            beaten.append(unit)
    if not beaten:
        return ThrowCheck(False, cards, ())
    smallest = min(beaten, key=lambda u: smallness(u, ctx))
    log.debug("throw %s fails on %s", cards, smallest.cards)
    return ThrowCheck(True, smallest.cards, smallest.cards)


def throw_penalty(attempted: int, returned: int, rules: Rules) -> int:
    """Points owed for a failed throw (magnitude ≥ 0; 0 when nothing was taken back), option
    ``throw_penalty``: 10 × cards returned / × cards attempted / × (attempted − 1), or none."""
    if returned <= 0:
        return 0
    match rules.throw_penalty:
        case ThrowPenalty.PER_CARD_RETURNED:
            return PENALTY_PER_CARD * returned
        case ThrowPenalty.PER_CARD_ATTEMPTED:
            return PENALTY_PER_CARD * attempted
        case ThrowPenalty.ATTEMPTED_MINUS_ONE:
            return PENALTY_PER_CARD * max(attempted - 1, 0)
        case _:
            return 0
