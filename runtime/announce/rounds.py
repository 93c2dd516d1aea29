"""Announcements of the v2 declaring rounds (暗扣暗反, 换庄, 反无主): the public thread learns only that a seat
declared face down; the cards are named once the round ends and they are turned up."""

from __future__ import annotations

import logging
from typing import Any

from data.records import TableRecord
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
from engine.views import Phase, PublicView
from runtime.presenter import Announcement

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


def second_window(view: PublicView) -> bool:
    """换庄: the other team's window (the due dealer still on record, the other team to declare)."""
    return view.declaring_team is not None and view.declaring_team != view.dealer_team


def same_window(before: PublicView, after: PublicView) -> bool:
    """Still the phase and window of ``before`` (a new one prompts its seats again)."""
    return before.phase is after.phase and second_window(before) == second_window(after)


def turn_prompt(view: PublicView) -> tuple[str, dict[str, Any]]:
    """The turn prompt's key and parameters: a 暗反 round asks for a face-down overcall through the private
    panel; the 换庄 second window names the level to declare at."""
    if view.phase is Phase.KITTY_OVERCALL and str(view.rules.kitty_overcall) == CONCEALED:
        return "announce.turn_concealed", {}
    if view.phase is Phase.DECLARING and second_window(view):
        return "announce.turn_swap", {"level": view.level}
    if view.phase is Phase.BURYING and not view.rules.shape.fixed_partners:  # 找朋友: the calls go with the bury
        return "announce.turn_burying_friends", {"n": view.rules.shape.kitty, "friends": view.rules.friend_calls}
    if view.phase is Phase.BURYING:
        return "announce.turn_burying", {"n": view.rules.shape.kitty}
    return f"announce.turn_{view.phase.value}", {}
