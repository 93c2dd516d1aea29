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

from engine.cards import Card, card_points
from engine.rules import ThrowCompare
from engine.trump import TRUMP_SUIT, TrumpContext
from engine.units import Lead, Unit, UnitKind, decompose, decompose_lead, is_tractor, splits

log = logging.getLogger(__name__)

Value = tuple[int, int]
Vector = tuple[tuple[Value, ...], ...]


def _value(card: Card, ctx: TrumpContext) -> Value:
    """Comparable strength across suits of one trick: any trump beats any plain card."""
    i = card.index
    return (1 if ctx.suit_table[i] == TRUMP_SUIT else 0, ctx.strength_table[i])


def _top_value(play: Sequence[Card], ctx: TrumpContext) -> Value:
    """The highest ``_value`` among ``play``."""
    suit, strength = ctx.suit_table, ctx.strength_table
    return max((1 if suit[c.index] == TRUMP_SUIT else 0, strength[c.index]) for c in play)


def _as_lead(lead: Lead | Sequence[Card], ctx: TrumpContext) -> Lead:
    return lead if isinstance(lead, Lead) else decompose_lead(lead, ctx)


def has_format(lead: Lead, play: Sequence[Card], ctx: TrumpContext) -> bool:
    """Whether ``play`` could win: the lead's size and units, all led suit or (plain lead) all trump;
    never a same-suit follow of a throw."""
    if len(play) != lead.size:
        return False
    table = ctx.suit_table
    suits = {table[c.index] for c in play}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    if suit != lead.suit and not (suit == TRUMP_SUIT and lead.suit != TRUMP_SUIT):
        return False
    if lead.is_throw:
        return suit != lead.suit and bool(splits(play, lead.shape, ctx, limit=1))
    kind = lead.units[0].kind
    if kind == UnitKind.SINGLE:
        return True
    if kind == UnitKind.PAIR:
        return play[0] == play[1]
    return is_tractor(play, ctx)


def _vectors(play: Sequence[Card], lead: Lead, ctx: TrumpContext) -> list[Vector]:
    """For each split of ``play`` into the lead's units: the tops' values grouped by unit size
    (longest units first), each group high→low."""
    sizes = sorted(set(lead.shape), reverse=True)
    out = []
    for split in splits(play, lead.shape, ctx):
        out.append(tuple(tuple(sorted((_value(u.top, ctx) for u in split if u.pairs == k), reverse=True))
                         for k in sizes))
    return out


def beats(challenger: Sequence[Card], winner: Sequence[Card], lead: Lead, ctx: TrumpContext) -> bool:
    """Whether ``challenger`` (a play with the lead's format) beats the current ``winner``'s play."""
    if not lead.is_throw:
        return _top_value(challenger, ctx) > _top_value(winner, ctx)
    mine, theirs = _vectors(challenger, lead, ctx), _vectors(winner, lead, ctx)
    if not mine:
        return False
    if not theirs:
        return True
    if ctx.rules.throw_compare is ThrowCompare.LARGEST:
        return max(v[0][0] for v in mine) > max(v[0][0] for v in theirs)
    return any(all(_dominates(m, t) for t in theirs) for m in mine)


def _dominates(mine: Vector, theirs: Vector) -> bool:
    """Every unit of ``mine`` beats the corresponding unit (same size, same rank order) of ``theirs``."""
    return all(a > b for ga, gb in zip(mine, theirs, strict=True) for a, b in zip(ga, gb, strict=True))


def trick_winner(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> int:
    """Index in ``plays`` of the play winning so far (``plays[0]`` is the lead, taken as valid)."""
    lead = decompose_lead(plays[0], ctx)
    best = 0
    for i in range(1, len(plays)):
        if has_format(lead, plays[i], ctx) and beats(plays[i], plays[best], lead, ctx):
            best = i
    return best


def trick_points(plays: Sequence[Sequence[Card]]) -> int:
    """Points (5s, 10s, Ks) of all cards in the trick."""
    return sum(card_points(p) for p in plays)


def winning_play_units(lead: Lead | Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> tuple[Unit, ...]:
    """``play`` split into the lead's units in the split most favourable to it (largest units and
    highest tops first); a play without the format is decomposed on its own."""
    lead = _as_lead(lead, ctx)
    options = splits(play, lead.shape, ctx)
    if options:
        return max(options, key=lambda s: [(u.pairs, _value(u.top, ctx)) for u in s])
    if len({ctx.suit_of(c) for c in play}) == 1:
        return tuple(decompose(play, ctx))
    top = max(play, key=lambda c: _value(c, ctx))
    return (Unit(UnitKind.SINGLE, (top,)),)


def winning_unit(lead: Lead | Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> Unit:
    """The largest unit of ``play`` read in the lead's format (longest tractor, else highest pair,
    else highest single) — what the kitty multiplier (抠底) counts."""
    units = winning_play_units(lead, play, ctx)
    return max(units, key=lambda u: (u.pairs, _value(u.top, ctx)))
