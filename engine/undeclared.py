"""When nobody declares the trump (option ``no_declaration``, RULES §5): the trump turned up from the kitty
(翻底), no trump, or a redeal, and which kitty cards are shown to find it."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.cards import RANKS, Card
from engine.rules import Rules
from engine.trump import Trump

log = logging.getLogger(__name__)



def trump_when_undeclared(kitty: Sequence[Card], rules: Rules, level: str = "2") -> Trump | None:
    """The trump when nobody declared in a later hand (option ``no_declaration``); ``None`` = redeal.

    ``kitty_first``: the first kitty card's suit, a joker → no trump. ``kitty_third``: the third card,
    on a joker go on to the next; if no card from the third on is a plain card (impossible with an
    8-card kitty, which holds at most 4 jokers) → no trump, as seed 000 does for a joker third card.
    ``kitty_level``: the suit of the first level card in the kitty, else of the highest-ranked plain card
    (the earliest of equals). ``swap_dealer`` (换庄) is played by the hand itself; where it cannot apply
    (the 16-deal format) nobody declaring redeals."""
    policy = rules.no_declaration
    if policy in ("redeal", "swap_dealer"):
        return None
    if policy == "no_trump" or not kitty:
        return Trump.NT
    if policy == "kitty_first":
        return Trump.NT if kitty[0].is_joker else Trump.of_suit(kitty[0].suit)
    if policy == "kitty_level":
        return _kitty_level_suit(kitty, level)
    for card in kitty[2:]:
        if not card.is_joker:
            return Trump.of_suit(card.suit)
    return Trump.NT


def turned_kitty_cards(kitty: Sequence[Card], rules: Rules, level: str = "2") -> tuple[Card, ...]:
    """The kitty cards turned face up to find the trump when nobody declared (翻底), in kitty order: only
    as many as ``trump_when_undeclared`` had to look at (the first card; up to the third or the first plain
    card after it; up to the first level card, else all eight), none for ``no_trump`` or a redeal policy.
    The rest of the kitty stays hidden: it goes to the dealer unseen."""
    policy = rules.no_declaration
    if policy in ("redeal", "no_trump") or not kitty:
        return ()
    if policy in ("kitty_first", "swap_dealer"):
        return tuple(kitty[:1])
    if policy == "kitty_level":
        stop = next((i for i, c in enumerate(kitty) if not c.is_joker and c.rank == level), len(kitty) - 1)
        return tuple(kitty[:stop + 1])
    stop = next((i for i in range(2, len(kitty)) if not kitty[i].is_joker), len(kitty) - 1)
    return tuple(kitty[:stop + 1])


def _kitty_level_suit(kitty: Sequence[Card], level: str) -> Trump:
    """民政部: the first level card's suit; without one, the highest plain card's (A high), earliest first."""
    plain = [c for c in kitty if not c.is_joker]
    for card in plain:
        if card.rank == level:
            return Trump.of_suit(card.suit)
    if not plain:
        return Trump.NT
    best = max(RANKS.index(c.rank) for c in plain)
    return Trump.of_suit(next(c.suit for c in plain if RANKS.index(c.rank) == best))
