"""The events and actions of every play, pass and deal, built field by field (compiled): the same frozen dataclass
objects as their constructors make (equal, same hash, repr and wire form), without the dataclass ``__init__``, an
interpreted call of ~5,000 instructions (a random hand builds some 250 of them: a sixth of its time).

Each function sets exactly the fields of its class, in their order, as the generated ``__init__`` does (past the
frozen ``__setattr__``: a slotted class's member descriptors, else the instance's ``__dict__``, filled in the
field order);
``tests/engine/test_builders.py`` holds them to the constructors, field by field. A single card's ``Play`` and
``Played`` (most plays) are interned: made once per seat and card, then the same frozen object is returned.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Final, TypeVar

from engine.actions import Declare, Pass, Play
from engine.cards import ALL_CARDS, Card
from engine.events import CardsDealt, Passed, Played, TrickWon
from engine.views import TrickView

log = logging.getLogger(__name__)

T = TypeVar("T")
_new: Final = object.__new__
_set: Final = object.__setattr__


def _slot(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of a slotted class's field (its member descriptor's ``__set__``: no attribute lookup)."""
    setter: Callable[[Any, Any], None] = next(k.__dict__[name] for k in cls.__mro__ if name in k.__dict__).__set__
    return setter


_TO: Final = _slot(Played, "to")  # (EngineEvent's: every event has it)
_PLAYED_SEAT: Final = _slot(Played, "seat")
_PLAYED_CARDS: Final = _slot(Played, "cards")
_WON_SEAT: Final = _slot(TrickWon, "seat")
_WON_POINTS: Final = _slot(TrickWon, "points")
_WON_DEFENDERS: Final = _slot(TrickWon, "defender_points")
_WON_NUMBER: Final = _slot(TrickWon, "trick_number")
_PASSED_SEAT: Final = _slot(Passed, "seat")
_DEALT_SEAT: Final = _slot(CardsDealt, "seat")
_DEALT_CARDS: Final = _slot(CardsDealt, "cards")
#: the plays and events of single cards, by seat * 64 + card index (made on first use; at most 4 × 54 each)
_PLAYS: Final[list[Play | None]] = [None] * 256
_PLAYED: Final[list[Played | None]] = [None] * 256


def play(seat: int, cards: tuple[Card, ...]) -> Play:
    """``Play(seat=seat, cards=cards)``; a single card's is made once per seat and card (a frozen value: interned,
    as cards are)."""
    return _interned(_PLAYS, seat, cards, _play)


def play_of(seat: int, ids: tuple[int, ...]) -> Play:
    """``play(seat, cards)`` of the cards of indices ``ids`` (a listing's choice): a single card's interned play
    without making its cards' tuple."""
    if len(ids) == 1 and 0 <= seat < 4 and 0 <= ids[0] < 54:
        kept = _PLAYS[seat * 64 + ids[0]]
        if kept is not None:
            return kept
    return play(seat, tuple([ALL_CARDS[i] for i in ids]))


def _interned(kept: list[T | None], seat: int, cards: tuple[Card, ...],
              make: Callable[[int, tuple[Card, ...]], T]) -> T:
    """``make(seat, cards)``, made once and kept in ``kept`` when ``cards`` is one card of the deck and ``seat`` a
    seat (by seat * 64 + card index)."""
    i = cards[0].index if len(cards) == 1 else -1
    if not (0 <= seat < 4 and 0 <= i < 64):
        return make(seat, cards)
    k = seat * 64 + i
    value = kept[k]
    if value is None:
        value = kept[k] = make(seat, cards)
    return value


def _play(seat: int, cards: tuple[Card, ...]) -> Play:
    action: Play = _new(Play)
    fields = action.__dict__  # (the frozen __setattr__ bypassed: the same dict, in the same order, as __init__'s)
    fields["seat"] = seat
    fields["cards"] = cards
    return action


def declare(seat: int, cards: tuple[Card, ...]) -> Declare:
    """``Declare(seat=seat, cards=cards)`` (the listing of a declaring phase offers one per legal declaration)."""
    action: Declare = _new(Declare)
    fields = action.__dict__
    fields["seat"] = seat
    fields["cards"] = cards
    return action


def pass_turn(seat: int) -> Pass:
    """``Pass(seat=seat)``."""
    action: Pass = _new(Pass)
    action.__dict__["seat"] = seat
    return action


def played(seat: int, cards: tuple[Card, ...]) -> Played:
    """``Played(seat, cards)`` (public); a single card's is made once per seat and card (interned, as ``play``)."""
    return _interned(_PLAYED, seat, cards, _played)


def _played(seat: int, cards: tuple[Card, ...]) -> Played:
    event: Played = _new(Played)
    _TO(event, None)
    _PLAYED_SEAT(event, seat)
    _PLAYED_CARDS(event, cards)
    return event


def trick_won(seat: int, points: int, defender_points: int, trick_number: int) -> TrickWon:
    """``TrickWon(seat, points, defender_points, trick_number)`` (public)."""
    event: TrickWon = _new(TrickWon)
    _TO(event, None)
    _WON_SEAT(event, seat)
    _WON_POINTS(event, points)
    _WON_DEFENDERS(event, defender_points)
    _WON_NUMBER(event, trick_number)
    return event


def trick_view(leader: int, plays: tuple[tuple[int, tuple[Card, ...]], ...], winner: int | None,
               points: int, players: int = 4) -> TrickView:
    """``TrickView(leader, plays, winner, points, players)``."""
    view: TrickView = _new(TrickView)
    fields = view.__dict__
    fields["leader"] = leader
    fields["plays"] = plays
    fields["winner"] = winner
    fields["points"] = points
    fields["players"] = players
    return view


def passed(seat: int) -> Passed:
    """``Passed(seat)`` (public: a pass in the declaration window or a 炒地皮 round)."""
    event: Passed = _new(Passed)
    _TO(event, None)
    _PASSED_SEAT(event, seat)
    return event


def cards_dealt(seat: int, cards: tuple[Card, ...]) -> CardsDealt:
    """``CardsDealt(seat, cards, to=seat)`` (private to ``seat``: its cards of a deal)."""
    event: CardsDealt = _new(CardsDealt)
    _TO(event, seat)
    _DEALT_SEAT(event, seat)
    _DEALT_CARDS(event, cards)
    return event
