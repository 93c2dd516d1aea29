"""Following a lead (跟牌, RULES §7): which plays are legal, and the list of legal follows.

1. Play as many cards of the led effective suit as you hold, up to the number led.
2. Among them, match the lead's shape by the first rung of its format ladder that your led-suit
   holding can satisfy (有对必跟对, 有拖拉机必出拖拉机); option ``follow_policy``: ``ladder`` (default),
   ``pairs_only`` (only the number of pairs), ``suit_only`` (only rule 1).
3. Fill the rest from other suits freely.

The rules themselves are ``engine.cardrules.follow`` (on card indices); these take and give ``Card`` objects.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.cardrules import follow as core
from engine.cardrules.tables import SUITS, rule_tables
from engine.cards import ALL_CARDS, Card
from engine.trump import TrumpContext
from engine.units import Lead, Shape, decompose_lead

log = logging.getLogger(__name__)

LeadLike = Lead | Sequence[Card]


def as_lead(lead: LeadLike, ctx: TrumpContext) -> Lead:
    """A ``Lead`` from a ``Lead`` or the led cards."""
    return lead if isinstance(lead, Lead) else decompose_lead(lead, ctx)


def follow_error(lead: LeadLike, hand: Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> str | None:
    """Why ``play`` (from ``hand``, the whole hand before playing) is not a legal follow, as a message
    key (``play.wrong_count``, ``play.not_in_hand``, ``play.must_follow_suit``, ``play.must_follow_pairs``,
    ``play.must_follow_tractor``), or None if it is legal."""
    r = rule_tables(ctx)
    if isinstance(lead, Lead):
        led, shape = SUITS[lead.suit], lead.shape
    elif len(lead) == 1:  # one led card (most leads): its effective suit, without decomposing it
        led, shape = r.suit[lead[0].index], _SINGLE
    else:
        units = decompose_lead(lead, ctx)
        led, shape = SUITS[units.suit], units.shape
    if len(play) == 1 and len(shape) == 1 and shape[0] == 0:  # a single: one pass over the cards, no index lists
        card = play[0].index
        suit = r.suit
        in_hand = holds_led = False
        cards: list[Card] = hand if isinstance(hand, list) else list(hand)  # (compiled: read by index, typed)
        for c in cards:
            i: int = c.index
            if i == card:
                in_hand = True
            if suit[i] == led:
                holds_led = True
            if in_hand and holds_led:
                break
        # core.single_error, inline: any held card, of the led suit if the hand holds one
        if not in_hand:
            return "play.not_in_hand"
        return None if suit[card] == led or not holds_led else "play.must_follow_suit"
    return core.follow_error(r, led, shape, [c.index for c in hand], [c.index for c in play])


_SINGLE: Shape = (0,)


def follow_is_legal(lead: LeadLike, hand: Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> bool:
    """True if ``play`` is a legal follow to ``lead`` from ``hand``."""
    return follow_error(lead, hand, play, ctx) is None


def enumerate_follows(lead: LeadLike, hand: Sequence[Card], ctx: TrumpContext, limit: int = 200,
                      ) -> list[tuple[Card, ...]]:
    """The legal follows as distinct card multisets (display-sorted tuples), best candidates first, at most
    ``limit`` (every legal follow when there are no more): ``engine.cardrules.follow.enumerate_follows``."""
    lead = as_lead(lead, ctx)
    found = core.enumerate_follows(rule_tables(ctx), SUITS[lead.suit], lead.shape, [c.index for c in hand], limit)
    return [tuple([ALL_CARDS[i] for i in play]) for play in found]
