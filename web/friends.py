"""找朋友 on the web table: the calls and the dealer's team as a page sees them, the choices of the dealer's call
step, and a page's calls read from its frame.

The calls (朋友牌: card + ordinal, "the 2nd K♣") and the team so far are public once play begins (the engine's
``PublicView.friends``): each call says how many copies are still to be skipped, whether it is filled and by whom.
The dealer's step (after choosing the bury, before play) offers the cards ``friend_cards`` allows (by suit, as
ranks: never a list of card codes, which only ever means the seat's own cards) and ordinals 1..decks; a selection
is checked as the engine will check it (``runtime.check_dealer_calls``), and by the engine again when the bury
comes; refusals are localized.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.cards import RANKS, SUITS, Card, parse_card
from engine.errors import EngineError
from engine.friends import FriendCall, Friends, call_error, friends_to_json
from engine.views import PublicView
from runtime import Panel, check_dealer_calls

log = logging.getLogger(__name__)

MAX_CALLS = 8


def friends_json(friends: Friends | None) -> dict[str, Any] | None:
    """The calls and the dealer's team (the dealer, then friends in the order they were revealed), as the engine
    stores them (``engine.friends.friends_to_json``)."""
    return None if friends is None else friends_to_json(friends)


def shape_json(view: PublicView) -> dict[str, Any]:
    """The table's shape: seats, decks, 找朋友 or fixed partners, and how many friends the dealer calls."""
    rules = view.rules
    friends = not rules.shape.fixed_partners
    return {"players": rules.players, "decks": rules.decks, "mode": "friends" if friends else "tractor",
            "friend_calls": rules.friend_calls if friends else 0, "friends": friends_json(view.friends)}


def call_choices(view: PublicView) -> dict[str, Any]:
    """The dealer's call step: how many calls, the ordinals (1..decks), and per suit the ranks it may call
    (``jokers``: whether the jokers may be called)."""
    rules, level, trump = view.rules, view.level, view.trump or "NT"

    def allowed(card: Card) -> bool:
        return call_error(FriendCall(card, 1), level, trump, rules) is None

    return {"count": rules.friend_calls, "ordinals": rules.decks,
            "ranks": {s: [r for r in reversed(RANKS) if allowed(Card(r, s))] for s in SUITS},
            "jokers": [j for j in ("BJ", "SJ") if allowed(Card(j, ""))] != []}


def read_calls(raw: object) -> tuple[FriendCall, ...] | None:
    """A frame's ``calls`` (``[{"card": "KC", "ordinal": 2}, …]``), or None when malformed."""
    if not isinstance(raw, list) or len(raw) > MAX_CALLS:
        return None
    calls = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("card"), str) or len(item["card"]) > 3 \
                or type(item.get("ordinal")) is not int:
            return None
        try:
            calls.append(FriendCall(parse_card(item["card"]), item["ordinal"]))
        except EngineError:
            return None
    return tuple(calls)


def calls_error(panel: Panel, buried: Sequence[Card], calls: Sequence[FriendCall]) -> tuple[str | None, dict[str, Any]]:
    """The refusal of the dealer's calls with this bury, as the engine will judge them (key and parameters), or
    ``(None, {})``."""
    try:
        check_dealer_calls(panel, buried, calls)
    except EngineError as exc:
        return exc.key, exc.params
    return None, {}
