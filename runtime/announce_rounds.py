"""Announcements of the v2 declaring rounds (暗扣暗反, 换庄, 反无主): the public thread learns only that a seat
declared face down; the cards are named once the round ends and they are turned up."""

from __future__ import annotations

import logging

from engine.cards import format_cards
from engine.declaring import CONCEALED, NO_TRUMP_ONLY
from engine.events import (
    DeclarationsRevealed,
    DeclaredConcealed,
    DeclaringClosed,
    Event,
    KittyOvercallRound,
    SwapDealer,
    SwapWindow,
)
from runtime.presenter import Announcement
from runtime.records import TableRecord

log = logging.getLogger(__name__)

_ROUND_KEYS = {CONCEALED: "announce.kitty_round_concealed", NO_TRUMP_ONLY: "announce.kitty_round_no_trump"}


def round_announcement(rec: TableRecord, event: Event) -> Announcement | None:
    """The announcement of a v2 round event, or ``None``."""
    names = rec.names
    match event:
        case DeclaredConcealed(seat=seat, how=how):
            key = "announce.declared_concealed" if how == "declare" else "announce.overcall_concealed"
            return Announcement(key, {"name": names[seat]}, seat=seat)
        case DeclarationsRevealed(declarations=shown, trump=trump):
            text = "; ".join(f"{names[d.seat]} {' '.join(format_cards(d.cards))}" for d in shown)
            return Announcement("announce.declarations_revealed", {"shown": text, "trump": trump or "-"})
        case DeclaringClosed(trump=None, dealer=dealer):
            return Announcement("announce.declaring_closed_concealed", {"dealer": names[dealer]}, seat=dealer)
        case SwapWindow(team=team, level=level):
            return Announcement("announce.swap_window", {"a": names[team], "b": names[team + 2], "level": level})
        case SwapDealer(dealer=dealer, level=level):
            return Announcement("announce.swap_dealer", {"name": names[dealer], "level": level}, seat=dealer)
        case KittyOvercallRound(seat=seat, mode=mode):
            return Announcement(_ROUND_KEYS.get(mode, "announce.kitty_round"), {"name": names[seat]}, seat=seat)
    return None
