"""Declaring (亮主/反主/加固) by trump length and strength.

A hand is rated for each possible trump: every card that would be trump counts 1, jokers and level cards
count extra, as do the trump suit's A and K; no trump (无主) counts only jokers and level cards but adds a
little for aces. The seat declares when its best legal option's rating reaches a share of the cards it
holds, overcalls an opponent only when clearly stronger, never overcalls its partner, and always
reinforces its own single when it can. After the bury (炒地皮, 暗反, 反无主) it never overcalls its own
side; in a 换庄 second window it declares more readily, since declaring takes the deal. In the first hand
declaring takes the deal too (抢庄: the declarer's team deals first), so the seat declares on a weaker hand
and overcalls an opponent whenever it can: 1,500 duplicate first hands of basic players gain +0.14 levels
per deal (95% CI +0.11..+0.17) over the thresholds of later hands, which ``basic_v1``/``basic_v2`` keep.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.actions import Action, Declare, Pass
from engine.bids import shown_before
from engine.cards import Card
from engine.declaring import NO_TRUMP, declaration_options, stage_of
from engine.rules import Rules
from engine.views import DeclarationView, Phase, SeatView

log = logging.getLogger(__name__)

OPEN_SHARE = 0.30  # rating share to declare first (first hand, or a 换庄 window)
OPEN_SHARE_LATER = 0.34  # to declare first in a later hand (the dealer's team is known)
OVERCALL_SHARE = 0.40  # to overcall an opponent while the cards are dealt (a later hand: the trump only)
FIRST_OPEN_SHARE = 0.20  # to declare first in the first hand (抢庄: the declarer's team deals)
FIRST_OVERCALL_SHARE = 0.0  # to overcall an opponent in the first hand: whenever it can (the deal changes sides)
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


def choose_declaration(view: SeatView, grab_deal: bool = True) -> Action | None:
    """A ``Declare``, a ``Pass`` (when passing is allowed), or ``None`` (nothing to do while dealing).
    ``grab_deal=False`` declares in the first hand as in later ones (the rules of ``basic_v1``/``basic_v2``)."""
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
    full = pub.rules.shape.hand_size
    if pub.phase is Phase.KITTY_OVERCALL:
        n = full
    best = max(options, key=lambda o: (trump_rating(view.hand, pub.level, _trump_of(o), pub.rules), len(o)))
    rating = trump_rating(view.hand, pub.level, _trump_of(best), pub.rules)
    share = rating / min(n, full)
    if pub.phase is Phase.DEALING and len(view.hand) < 10:
        return None
    need = _share_needed(view, current, first_hand and grab_deal)
    if need is not None and share >= need:
        return Declare(seat=seat, cards=best)
    return fallback


def _share_needed(view: SeatView, current: DeclarationView | None, grab_deal: bool) -> float | None:
    """The rating share the seat needs to declare or overcall ``current`` now (``None``: it never overcalls its
    partner); ``grab_deal``: the first hand, where declaring takes the deal (抢庄)."""
    pub = view.public
    if current is None:
        if grab_deal:
            return FIRST_OPEN_SHARE
        return OPEN_SHARE if pub.dealer is None or pub.declaring_team is not None else OPEN_SHARE_LATER
    if pub.rules.shape.fixed_partners and current.seat % 2 == view.seat % 2:
        return None  # never overcall the partner (找朋友: no partner is known while declaring)
    if pub.phase is Phase.KITTY_OVERCALL:
        return KITTY_OVERCALL_SHARE
    return FIRST_OVERCALL_SHARE if grab_deal else OVERCALL_SHARE
