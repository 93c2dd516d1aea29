"""Actions: everything that can change a table. Immutable, JSON-serializable, replayable.

Player actions carry a ``seat``; system actions (dealing, closing a window, starting the next hand,
stopping a timed match) carry ``seat = None`` and are applied by the interface (a timer, the host).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol, overload

from engine.cards import Card, format_cards, parse_card, parse_cards
from engine.errors import EngineError, lookup
from engine.friends import FriendCall
from engine.shape import MAX_PLAYERS


@dataclass(frozen=True)
class Action:
    """Base class. ``kind`` is the JSON tag."""

    kind: ClassVar[str] = ""
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        cards = getattr(self, "cards", None)
        if cards is not None:
            out["cards"] = format_cards(cards)
        return out


@dataclass(frozen=True)
class DealCard(Action):
    """System: deal the next card of the deal order (live, progressive dealing)."""

    kind: ClassVar[str] = "deal_card"


@dataclass(frozen=True)
class DealAll(Action):
    """System: deal every remaining card at once (async mode), then the declaration window is open."""

    kind: ClassVar[str] = "deal_all"


@dataclass(frozen=True)
class Declare(Action):
    """Show level cards / jokers to declare, overcall or reinforce (亮主, 反主, 加固).

    ``cards`` is the whole declaration the seat shows after this move (as in the judge's ``bid``)."""

    kind: ClassVar[str] = "declare"
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Pass(Action):
    """Decline to declare (declaration window) or to overcall the kitty (炒地皮 round)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class CloseDeclaring(Action):
    """System: the declaration window closes (timeout, or the interface ends it); the dealer takes the kitty."""

    kind: ClassVar[str] = "close_declaring"


@dataclass(frozen=True)
class Bury(Action):
    """The kitty holder buries as many cards as the kitty held (扣底; 8 with two decks). In 找朋友 the dealer names
    its friend calls with the bury (RULES §13.3: after the bury, before play); ``calls`` is empty otherwise."""

    kind: ClassVar[str] = "bury"
    cards: tuple[Card, ...] = ()
    calls: tuple[FriendCall, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.calls:  # (absent without 找朋友: the log keeps its bytes)
            out["calls"] = [{"card": str(c.card), "ordinal": c.ordinal} for c in self.calls]
        return out


@dataclass(frozen=True)
class Play(Action):
    """Lead or follow with ``cards`` (a unit, a throw, or a follow)."""

    kind: ClassVar[str] = "play"
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class StartHand(Action):
    """System: after a hand is settled, shuffle and start the next one."""

    kind: ClassVar[str] = "start_hand"


@dataclass(frozen=True)
class StopMatch(Action):
    """System: stop a ``timed`` match now; the higher level wins, a tie goes to the dealer team — or, with
    ``draw``, is a draw (常规赛中，若双方同为一级则作平局处理)."""

    kind: ClassVar[str] = "stop_match"
    draw: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "draw": True} if self.draw else {"type": self.kind}


@dataclass(frozen=True)
class Undo(Action):
    """Take back ``seat``'s play, the latest of the trick in progress (悔牌, a casual table's aid granted with the
    other players' consent): the cards go back to the hand and the seat is to play again."""

    kind: ClassVar[str] = "undo"


class SanctionReason(StrEnum):
    """Why a sanction was given: the bot's clock (超时) or a referee; stored and sent by its value."""

    TIMEOUT = "timeout"
    REFEREE = "referee"

    @classmethod
    def parse(cls, value: object) -> SanctionReason:
        """A known reason (a member or its text); anything else raises ``EngineError("action.invalid")``."""
        return lookup(_REASONS, value, "action.invalid", action=repr(value)[:80])


_REASONS: dict[str, SanctionReason] = {r.value: r for r in SanctionReason}
SANCTION_REASONS: tuple[str, ...] = tuple(_REASONS)


@dataclass(frozen=True)
class Penalize(Action):
    """System: a penalty (罚分) on ``team``: ``points`` go to the other side in the hand in progress (0: a
    warning, 警告, recorded only); ``reason`` is ``timeout`` (超时, the bot's clock) or ``referee``."""

    kind: ClassVar[str] = "penalize"
    team: int = 0
    points: int = 0
    reason: SanctionReason = SanctionReason.REFEREE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "team": self.team, "points": self.points, "reason": self.reason}


@dataclass(frozen=True)
class AwardHand(Action):
    """System: the hand in progress is given to ``team`` (判负一副): the dealer team climbs one level, or the
    defenders take the stage (上台), as if it had been played out that way."""

    kind: ClassVar[str] = "award_hand"
    team: int = 0
    reason: SanctionReason = SanctionReason.REFEREE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "team": self.team, "reason": self.reason}


@dataclass(frozen=True)
class Disqualify(Action):
    """System: ``team`` is disqualified (取消比赛资格): the match ends now, won by the other team."""

    kind: ClassVar[str] = "disqualify"
    team: int = 0
    reason: SanctionReason = SanctionReason.REFEREE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "team": self.team, "reason": self.reason}


class ActionLog(Protocol):
    """``Table.actions``: a list, or an interface's log that keeps only the recent actions (indexed by version)."""

    def append(self, action: Action, /) -> None: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Action]: ...
    @overload
    def __getitem__(self, index: int, /) -> Action: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[Action]: ...


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (DealCard, DealAll, Declare, Pass, CloseDeclaring, Bury, Play, StartHand, StopMatch,
                              Penalize, AwardHand, Disqualify, Undo)
}


def _sanction_from_json(cls: type[Action], obj: dict[str, Any]) -> Action:
    """A referee's or the clock's action: a team 0/1, a known reason, points >= 0 (``Penalize`` only)."""
    team, reason, points = obj.get("team"), obj.get("reason"), obj.get("points", 0)
    if team not in (0, 1) or isinstance(team, bool) or not isinstance(reason, str) or reason not in _REASONS \
            or not isinstance(points, int) or isinstance(points, bool) or points < 0:
        raise EngineError("action.invalid", action=repr(obj)[:80])
    if cls is Penalize:
        return Penalize(team=team, points=points, reason=_REASONS[reason])
    return cls(team=team, reason=_REASONS[reason])  # type: ignore[call-arg]


def action_from_json(obj: Any) -> Action:
    """Inverse of ``Action.to_json``; raises ``EngineError('action.invalid')`` on a malformed object."""
    if not isinstance(obj, dict) or obj.get("type") not in ACTION_TYPES:
        raise EngineError("action.invalid", action=repr(obj)[:80])
    cls = ACTION_TYPES[obj["type"]]
    if cls in (Penalize, AwardHand, Disqualify):
        return _sanction_from_json(cls, obj)
    if cls is StopMatch and obj.get("draw", False) is not False:
        if obj["draw"] is not True:
            raise EngineError("action.invalid", action=repr(obj)[:80])
        return StopMatch(draw=True)
    seat = obj.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_PLAYERS):
        raise EngineError("action.invalid", action=repr(obj)[:80])
    if cls in (Declare, Bury, Play):
        cards = obj.get("cards")
        if not isinstance(cards, list):
            raise EngineError("action.invalid", action=repr(obj)[:80])
        if cls is Bury and "calls" in obj:
            return Bury(seat=seat, cards=parse_cards(cards), calls=_calls_from_json(obj["calls"], obj))
        return cls(seat=seat, cards=parse_cards(cards))
    return cls(seat=seat)


def _calls_from_json(raw: Any, obj: Any) -> tuple[FriendCall, ...]:
    """A bury's friend calls: ``[{"card": "AS", "ordinal": 1}, …]``."""
    if not isinstance(raw, list) or not all(isinstance(c, dict) and isinstance(c.get("card"), str)
                                            and type(c.get("ordinal")) is int for c in raw):
        raise EngineError("action.invalid", action=repr(obj)[:80])
    return tuple(FriendCall(parse_card(c["card"]), c["ordinal"]) for c in raw)
