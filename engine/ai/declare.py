"""Declaring (亮主/反主/加固) by trump length and strength.

A hand is rated for each possible trump: every card that would be trump counts 1, jokers and level cards
count extra, as do the trump suit's A and K; no trump (无主) counts only jokers and level cards but adds a
little for aces. The seat declares when its best legal option's rating reaches a share of the cards it
holds, overcalls an opponent only when clearly stronger, never overcalls its partner, and always
reinforces its own single when it can. After the bury (炒地皮, 暗反, 反无主) it never overcalls its own
side; in a 换庄 second window it declares more readily, since declaring takes the deal.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.actions import Action, Declare, Pass
from engine.bids import shown_before
from engine.cards import Card
from engine.declaring import NO_TRUMP, declaration_options, stage_of
from engine.rules import Rules
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)

FULL_HAND = 25
OPEN_SHARE = 0.30  # rating share to declare first (first hand, or a 换庄 window)
OPEN_SHARE_LATER = 0.34  # to declare first in a later hand (the dealer's team is known)
OVERCALL_SHARE = 0.40  # to overcall an opponent while the cards are dealt
KITTY_OVERCALL_SHARE = 0.44  # to overcall after the bury (炒地皮)


def trump_rating(hand: Sequence[Card], level: str, trump: str, rules: Rules) -> float:
    """How good ``hand`` is with ``trump`` (about the number of trumps, high ones counted more)."""
    score = 0.0
    fixed = set(rules.fixed_trump_ranks)
    for c in hand:
        if c.is_joker:
            score += 2.0 if c.rank == "BJ" else 1.8
        elif c.rank == level:
            score += 1.6 if c.suit == trump else 1.4
        elif c.rank in fixed:
            score += 1.2
        elif trump != NO_TRUMP and c.suit == trump:
            score += 1.3 if c.rank in ("A", "K") else 1.0
        elif trump == NO_TRUMP and c.rank == "A":
            score += 0.6
    return score


def _trump_of(cards: Sequence[Card]) -> str:
    levels = [c for c in cards if not c.is_joker]
    return levels[0].suit if levels else NO_TRUMP


def choose_declaration(view: SeatView) -> Action | None:
    """A ``Declare``, a ``Pass`` (when passing is allowed), or ``None`` (nothing to do while dealing)."""
    pub = view.public
    seat = view.seat
    first_hand = pub.dealer is None
    options = declaration_options(view.hand, pub.declaration, seat, pub.level, pub.rules, first_hand,
                                  stage_of(pub.phase), pub.declaring_team)
    options = [o for o in options if not shown_before(o, view.concealed)]  # 暗扣: never the same cards twice
    can_pass = pub.phase is not Phase.DEALING
    fallback: Action | None = Pass(seat=seat) if can_pass else None
    if not options:
        return fallback
    current = pub.declaration
    if current is not None and current.seat == seat:
        # reinforce (加固) whenever the identical second card is in hand; never overcall oneself
        return Declare(seat=seat, cards=options[0]) if pub.phase is not Phase.KITTY_OVERCALL else fallback
    n = max(len(view.hand), 1)
    if pub.phase is Phase.KITTY_OVERCALL:
        n = FULL_HAND
    best = max(options, key=lambda o: (trump_rating(view.hand, pub.level, _trump_of(o), pub.rules), len(o)))
    rating = trump_rating(view.hand, pub.level, _trump_of(best), pub.rules)
    share = rating / min(n, FULL_HAND)
    if pub.phase is Phase.DEALING and len(view.hand) < 10:
        return None
    if current is None:
        need = OPEN_SHARE if first_hand or pub.declaring_team is not None else OPEN_SHARE_LATER
    elif current.seat % 2 == seat % 2:
        return fallback  # never overcall the partner
    else:
        need = KITTY_OVERCALL_SHARE if pub.phase is Phase.KITTY_OVERCALL else OVERCALL_SHARE
    if share >= need:
        return Declare(seat=seat, cards=best)
    return fallback
