"""Events: what ``Table.apply`` reports, one frozen dataclass per kind (a tagged union, ``Event``).

Each event says who may see it (``to``: ``None`` = everyone, else one seat), so no interface leaks a
hand; a consumer ``match``es on the class. ``to_json()`` gives the wire form
``{"kind": ..., "data": {...}, "to": ...}`` (cards as canonical strings).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, Literal, TypeAlias

from engine.actions import SanctionReason
from engine.cards import Card, format_cards
from engine.errors import lookup
from engine.levels import Level
from engine.trump import Trump
from engine.views import DeclarationView, HandResult
from engine.wire import result_to_json

PUBLIC: None = None
DeclarationKind = Literal["declare", "overcall", "reinforce"]
_OMIT_NONE = {"omit_none": True}  # a private event's field that its public twin leaves out


@dataclass(frozen=True, slots=True)
class EngineEvent:
    """What every event has: its ``kind`` (the wire tag) and its audience ``to``."""

    kind: ClassVar[str]
    to: int | None = field(default=PUBLIC, kw_only=True)

    @property
    def is_public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        """True if ``seat`` (``None`` = a spectator) may see this event."""
        return self.to is None or self.to == seat

    def data(self) -> dict[str, Any]:
        """The JSON-ready payload (the wire form's ``data``)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "to":
                continue
            value = getattr(self, f.name)
            if value is None and f.metadata.get("omit_none"):
                continue
            out[f.metadata.get("key", f.name)] = _json(value)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data(), "to": self.to}


def _json(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return format_cards(value) if value and isinstance(value[0], Card) else list(value)
    if isinstance(value, DeclarationView):
        return {"seat": value.seat, "cards": format_cards(value.cards), "trump": value.trump}
    return value


@dataclass(frozen=True, slots=True)
class HandStarted(EngineEvent):
    """A hand begins (also after a redeal); ``dealer`` is ``None`` until the first hand's declaration."""

    kind: ClassVar[str] = "hand_started"
    hand_number: int
    dealer: int | None
    level: Level
    first_drawer: int
    redeals: int
    levels: tuple[Level, ...]  # the teams' (找朋友: each seat's)


@dataclass(frozen=True, slots=True)
class CardDealt(EngineEvent):
    """One card drawn: the seat itself sees ``card``, everyone else the seat's new ``count``."""

    kind: ClassVar[str] = "card_dealt"
    seat: int
    card: Card | None = field(default=None, metadata={**_OMIT_NONE})
    count: int | None = field(default=None, metadata={**_OMIT_NONE})


@dataclass(frozen=True, slots=True)
class CardsDealt(EngineEvent):
    """Several cards dealt at once (private to ``seat``)."""

    kind: ClassVar[str] = "cards_dealt"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealingDone(EngineEvent):
    """The last card is dealt: the declaration window (亮主) is open; the standing declaration."""

    kind: ClassVar[str] = "dealing_done"
    declaration: DeclarationView | None


@dataclass(frozen=True, slots=True)
class Declared(EngineEvent):
    """A declaration (亮主), overcall (反主) or reinforcement (加固); ``how`` is ``kind`` on the wire."""

    kind: ClassVar[str] = "declared"
    seat: int
    cards: tuple[Card, ...]
    trump: Trump
    how: DeclarationKind = field(metadata={"key": "kind"})


@dataclass(frozen=True, slots=True)
class Passed(EngineEvent):
    """A seat passes in the declaration window or a 炒地皮 round."""

    kind: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class DeclaringClosed(EngineEvent):
    """Trump and dealer are set; ``kitty`` holds the kitty cards turned up to find the trump when nobody
    declared (翻底: only those looked at, ``undeclared.turned_kitty_cards``), else ``None``."""

    kind: ClassVar[str] = "declaring_closed"
    trump: Trump | None  # None while the standing declaration is face down (暗扣)
    dealer: int
    how: str
    kitty: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Redeal(EngineEvent):
    """Nobody declared and the rules say deal again."""

    kind: ClassVar[str] = "redeal"
    reason: str


@dataclass(frozen=True, slots=True)
class KittyTaken(EngineEvent):
    """The kitty (底牌) goes to ``seat``; only that seat sees ``cards``."""

    kind: ClassVar[str] = "kitty_taken"
    seat: int
    cards: tuple[Card, ...] | None = field(default=None, metadata={**_OMIT_NONE})


@dataclass(frozen=True, slots=True)
class Buried(EngineEvent):
    """The kitty holder buried (扣底) 8 cards; only that seat sees ``cards``."""

    kind: ClassVar[str] = "buried"
    seat: int
    cards: tuple[Card, ...] | None = field(default=None, metadata={**_OMIT_NONE})


@dataclass(frozen=True, slots=True)
class KittyOvercallRound(EngineEvent):
    """炒地皮: ``seat`` may now overcall and take up the buried cards."""

    kind: ClassVar[str] = "kitty_overcall_round"
    seat: int
    mode: str = "true"  # kitty_overcall: true (炒地皮), concealed (暗反), no_trump_only (反无主)


@dataclass(frozen=True, slots=True)
class PlayStarted(EngineEvent):
    """Tricks begin; the dealer leads."""

    kind: ClassVar[str] = "play_started"
    leader: int
    trump: Trump | None


@dataclass(frozen=True, slots=True)
class Played(EngineEvent):
    """A lead or a follow (a failed throw's forced cards, after ``ThrowFailed``)."""

    kind: ClassVar[str] = "played"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ThrowFailed(EngineEvent):
    """甩牌失败: the smallest beaten unit is played instead; ``penalty`` moves the defenders' points."""

    kind: ClassVar[str] = "throw_failed"
    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]
    beaten_unit: tuple[Card, ...]
    penalty: int


@dataclass(frozen=True, slots=True)
class TrickWon(EngineEvent):
    """A trick is complete: its winner, its points, the defenders' total, its number (1-based)."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    points: int
    defender_points: int
    trick_number: int


@dataclass(frozen=True, slots=True)
class HandSettled(EngineEvent):
    """The hand's settlement (RULES §8); on the wire, ``data`` is the ``HandResult`` itself."""

    kind: ClassVar[str] = "hand_settled"
    result: HandResult

    def data(self) -> dict[str, Any]:
        return result_to_json(self.result)


class MatchOverReason(StrEnum):
    """Why a match ended (``MatchOver.reason``, ``Table.match_over_reason``; stored and sent by its value)."""

    PASSED_END_LEVEL = "passed_end_level"  # a team won as dealers at the end level
    FIXED_DEALS_DONE = "fixed_deals_done"  # the 16 deals of fixed_deals are played
    TIME_UP = "time_up"  # timed: time was called
    DISQUALIFIED = "disqualified"  # 取消比赛资格

    @classmethod
    def parse(cls, value: object) -> MatchOverReason:
        """A known reason (a member or its text); anything else raises ``EngineError("action.invalid")``."""
        return lookup({m.value: m for m in cls}, value, "action.invalid", action=repr(value)[:80])


@dataclass(frozen=True, slots=True)
class MatchOver(EngineEvent):
    """The match ends: the winning team (``None``: a level draw), why, the final levels and match points."""

    kind: ClassVar[str] = "match_over"
    winner: int | None
    reason: MatchOverReason
    levels: tuple[Level, ...]  # 找朋友: one per seat
    match_points: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TimeCalled(EngineEvent):
    """Time is called in a ``timed`` match during hand ``hand_number``: the match ends once it is settled."""

    kind: ClassVar[str] = "time_called"
    hand_number: int


@dataclass(frozen=True, slots=True)
class DeclaredConcealed(EngineEvent):
    """暗扣/暗反: ``seat`` declared face down (the public twin of a private ``Declared``: no cards, no trump)."""

    kind: ClassVar[str] = "declared_concealed"
    seat: int
    how: DeclarationKind = field(metadata={"key": "kind"})


@dataclass(frozen=True, slots=True)
class DeclarationsRevealed(EngineEvent):
    """The face-down declarations are turned up (the round after the bury ended, or a joker pair was shown)."""

    kind: ClassVar[str] = "declarations_revealed"
    declarations: tuple[DeclarationView, ...]
    trump: Trump | None

    def data(self) -> dict[str, Any]:
        return {"declarations": [_json(d) for d in self.declarations], "trump": self.trump}


@dataclass(frozen=True, slots=True)
class SwapWindow(EngineEvent):
    """换庄: the due dealer's team declared nothing; ``team`` may declare at its ``level``, ``seat`` first."""

    kind: ClassVar[str] = "swap_window"
    team: int
    level: Level
    seat: int


@dataclass(frozen=True, slots=True)
class SwapDealer(EngineEvent):
    """谁亮主谁坐庄: the first declaration of the 换庄 window gives ``dealer`` the deal at ``level``."""

    kind: ClassVar[str] = "swap_dealer"
    dealer: int
    level: Level


@dataclass(frozen=True, slots=True)
class Penalized(EngineEvent):
    """A penalty (罚分, ``points`` to the other side) or a warning (警告, ``points`` 0) on ``team`` in hand
    ``hand_number``; ``defender_points`` is the defenders' total after it (``None`` between hands)."""

    kind: ClassVar[str] = "penalized"
    team: int
    points: int
    reason: SanctionReason
    hand_number: int
    defender_points: int | None = None


@dataclass(frozen=True, slots=True)
class HandAwarded(EngineEvent):
    """判负一副: hand ``hand_number`` is given to ``team`` (a ``HandSettled`` follows)."""

    kind: ClassVar[str] = "hand_awarded"
    team: int
    reason: SanctionReason
    hand_number: int


@dataclass(frozen=True, slots=True)
class Disqualified(EngineEvent):
    """取消比赛资格: ``team`` is disqualified (a ``MatchOver`` follows, won by the other team)."""

    kind: ClassVar[str] = "disqualified"
    team: int
    reason: SanctionReason


@dataclass(frozen=True, slots=True)
class PlayUndone(EngineEvent):
    """悔牌: ``seat`` took back ``cards``, its latest play; it is to play again."""

    kind: ClassVar[str] = "play_undone"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class FriendsCalled(EngineEvent):
    """找朋友: the dealer's friend calls, public as play begins: ``calls`` are ``(card, ordinal)`` pairs ("the
    ordinal-th copy of card to be played")."""

    kind: ClassVar[str] = "friends_called"
    seat: int
    calls: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class FriendJoined(EngineEvent):
    """找朋友: at the end of trick ``trick``, ``seat`` played the called ``card`` (copy ``ordinal``) and joins the
    dealer's team (RULES §13.4)."""

    kind: ClassVar[str] = "friend_joined"
    seat: int
    card: Card
    ordinal: int
    trick: int


Event: TypeAlias = (HandStarted | CardDealt | CardsDealt | DealingDone | Declared | Passed | DeclaringClosed
                    | Redeal | KittyTaken | Buried | KittyOvercallRound | PlayStarted | Played | ThrowFailed
                    | TrickWon | HandSettled | MatchOver | TimeCalled | DeclaredConcealed | DeclarationsRevealed
                    | SwapWindow | SwapDealer | Penalized | HandAwarded | Disqualified
                    | PlayUndone | FriendsCalled | FriendJoined)
