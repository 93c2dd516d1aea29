"""Winning a trick (RULES §7): the lead sets the format; only plays of that format can win.

A later play can win only if it splits into the lead's units (a pair may serve as two singles, a tractor
as its pairs) and is all of the led suit or — on a plain-suit lead — all trumps (a ruff, 毙/将吃). Single
units compare by their top card, ties to the earlier play. Within the led suit no follow beats a valid
throw (甩牌); ruffs of a throw compare by option ``throw_compare``: ``largest`` (the largest unit) or
``all`` (every unit must beat the corresponding one), each play read in its most favourable split.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.cardrules import trick as core
from engine.cardrules.tables import SUITS, rule_tables
from engine.cardrules.tuples import code_order
from engine.cards import Card, card_points
from engine.trump import TRUMP_SUIT, TrumpContext
from engine.units import Lead, Unit, decompose, decompose_lead, single_unit, splits

log = logging.getLogger(__name__)

Value = tuple[int, int]


def _value(card: Card, ctx: TrumpContext) -> Value:
    """Comparable strength across suits of one trick: any trump beats any plain card."""
    i = card.index
    return (1 if ctx.suit_table[i] == TRUMP_SUIT else 0, ctx.strength_table[i])


def _as_lead(lead: Lead | Sequence[Card], ctx: TrumpContext) -> Lead:
    return lead if isinstance(lead, Lead) else decompose_lead(lead, ctx)


def has_format(lead: Lead, play: Sequence[Card], ctx: TrumpContext) -> bool:
    """Whether ``play`` could win: the lead's size and units, all led suit or (plain lead) all trump;
    never a same-suit follow of a throw."""
    return core.has_format(rule_tables(ctx), SUITS[lead.suit], lead.shape, [c.index for c in play])


def beats(challenger: Sequence[Card], winner: Sequence[Card], lead: Lead, ctx: TrumpContext) -> bool:
    """Whether ``challenger`` (a play with the lead's format) beats the current ``winner``'s play."""
    return core.beats(rule_tables(ctx), lead.shape, [c.index for c in challenger], [c.index for c in winner])


def trick_winner(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> int:
    """Index in ``plays`` of the play winning so far (``plays[0]`` is the lead, taken as valid)."""
    lead = decompose_lead(plays[0], ctx)
    return core.trick_winner(rule_tables(ctx), lead.shape, [[c.index for c in p] for p in plays])


def trick_points(plays: Sequence[Sequence[Card]]) -> int:
    """Points (5s, 10s, Ks) of all cards in the trick."""
    return sum(card_points(p) for p in plays)


def winning_play_units(lead: Lead | Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> tuple[Unit, ...]:
    """``play`` split into the lead's units in the split most favourable to it (largest units and
    highest tops first); a play without the format is decomposed on its own."""
    lead = _as_lead(lead, ctx)
    options = splits(play, lead.shape, ctx)
    if options:
        return max(options, key=lambda s: [(code_order(u.code), _value(u.top, ctx)) for u in s])
    if len({ctx.suit_of(c) for c in play}) == 1:
        return tuple(decompose(play, ctx))
    top = max(play, key=lambda c: _value(c, ctx))
    return (single_unit(top),)


def winning_unit(lead: Lead | Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> Unit:
    """The largest unit of ``play`` read in the lead's format (most cards, a tractor before a tuple of as many,
    then the highest) — what the kitty multiplier (抠底) counts."""
    units = winning_play_units(lead, play, ctx)
    return max(units, key=lambda u: (code_order(u.code), _value(u.top, ctx)))
