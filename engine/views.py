"""What a seat, a spectator or a renderer may see of a table: immutable views built by ``Table``.

``PublicView`` holds only public information (never a hand, never the buried kitty before the hand
ends). ``SeatView`` adds one seat's own hand (and the kitty if that seat buried it). Renderers of
public pictures take a ``PublicView``, so they cannot draw a private card; AI players take a
``SeatView``, so they cannot read another hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.actions import SanctionReason
from engine.cards import Card
from engine.friends import Friends
from engine.levels import Level
from engine.rules import Rules
from engine.trump import Trump


class Phase(StrEnum):
    """Where a hand stands."""

    DEALING = "dealing"  # cards are being dealt one at a time (declaring allowed)
    DECLARING = "declaring"  # all cards dealt, declaration window open
    BURYING = "burying"  # the kitty holder has 33 cards and must bury 8
    KITTY_OVERCALL = "kitty_overcall"  # 炒地皮 round: seats may overcall and re-bury
    PLAYING = "playing"
    HAND_OVER = "hand_over"  # settled; waiting for StartHand
    MATCH_OVER = "match_over"


@dataclass(frozen=True)
class DeclarationView:
    """The standing declaration: who showed what, and the trump it sets (``S H C D`` or ``NT``; ``Trump.HIDDEN`` in a
    public view of a face-down one)."""

    seat: int
    cards: tuple[Card, ...]
    trump: Trump
    reinforced: bool = False  # 加固: the declarer added the identical card (only a stronger kind overcalls it)
    concealed: bool = False  # 暗扣: made face down (a public view shows no cards and no trump until turned up)


@dataclass(frozen=True)
class TrickView:
    """A trick: who led, the plays in order ``(seat, cards)``, the winner so far (or final winner)."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int | None
    points: int
    players: int = field(default=4, compare=False, repr=False)  # seats at the table: a complete trick's plays

    @property
    def complete(self) -> bool:
        return len(self.plays) == self.players


@dataclass(frozen=True)
class ThrowFailure:
    """A failed throw (甩牌失败): what was attempted, what was forced, the beaten unit, the penalty
    (change to the defenders' points)."""

    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]
    beaten_unit: tuple[Card, ...]
    penalty: int


@dataclass(frozen=True)
class Sanction:
    """A penalty recorded on a match (罚分 / 警告 / 判负一副 / 取消资格): in hand ``hand``, ``team`` lost
    ``points`` to the other side (0: a warning), ``kind`` ``penalty``, ``award`` (the hand given to the other
    team) or ``disqualify``; ``reason`` ``timeout`` (the clock) or ``referee``."""

    hand: int
    team: int
    points: int
    kind: str = "penalty"
    reason: SanctionReason = SanctionReason.REFEREE

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "team": self.team, "points": self.points, "kind": self.kind,
                "reason": self.reason}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Sanction:
        return cls(int(obj["hand"]), int(obj["team"]), int(obj["points"]), str(obj["kind"]),
                   SanctionReason.parse(obj["reason"]))


@dataclass(frozen=True)
class HandResult:
    """The settlement of one hand (RULES §8)."""

    hand_number: int
    dealer: int
    level: Level
    trump: Trump
    kitty: tuple[Card, ...]
    kitty_points: int
    trick_points: int  # defenders' points from tricks, penalties included, before the kitty bonus
    kitty_multiplier: int  # 0 when the dealer team won the last trick
    kitty_bonus: int
    defender_points: int  # final P, after the bonus (and points_cap)
    last_winner: int
    levels_before: tuple[Level, ...]  # team levels "2" … "A", or negative "-1", … (blocked_gain); 找朋友: per seat
    levels_after: tuple[Level, ...]
    level_gains: tuple[int, ...]  # ranks gained by team 0 and team 1 in this hand (找朋友: by each seat)
    defenders_take_over: bool
    next_dealer: int
    match_winner: int | None
    notes: tuple[str, ...] = ()  # message keys for special events, e.g. "settle.jack_bottom"
    laps_before: tuple[int, int] = (0, 0)  # timed_laps: laps of team 0 and team 1 before and after the hand
    laps_after: tuple[int, int] = (0, 0)
    burier: int | None = None  # the seat whose burial stood (None in results stored before v2)
    team: tuple[int, ...] = ()  # 找朋友: the dealer's final team (the dealer, then its friends); () with fixed partners


@dataclass(frozen=True)
class PublicView:
    """Everything everyone at the table may know."""

    rules: Rules
    hand_number: int  # 1-based
    phase: Phase
    levels: tuple[Level, ...]  # team 0 (even seats) and team 1 (odd seats); 找朋友: one per seat
    dealer: int | None  # None in the first hand until someone declares (抢庄)
    level: Level  # the hand's level rank
    trump: Trump | None  # None while undecided
    declaration: DeclarationView | None
    to_act: tuple[int, ...]  # seats that may act now (one seat while playing)
    hand_sizes: tuple[int, ...]  # one per seat
    cards_dealt: int  # 0..100 during dealing
    trick: TrickView | None  # current trick (may be empty/complete)
    tricks: tuple[TrickView, ...]  # completed tricks of this hand, in order
    defender_points: int  # trick points + penalties so far
    penalties: tuple[ThrowFailure, ...]
    kitty_holder: int | None  # who holds/buried the kitty (dealer, or a 炒地皮 overcaller)
    last_result: HandResult | None  # the latest settled hand (shown while phase is HAND_OVER)
    results: tuple[HandResult, ...]  # every settled hand of the match
    match_winner: int | None
    passed: tuple[int, ...] = ()  # seats that passed in the current declaration window/round
    match_points: tuple[int, int] = (0, 0)  # fixed_deals: levels credited to each team so far
    laps: tuple[int, int] = (0, 0)  # timed_laps: times each team passed the end level
    time_called: bool = False  # timed: time is up, the match ends with the hand in progress
    declaring_team: int | None = None  # 换庄: the team that alone may make the first declaration now
    concealed_seats: tuple[int, ...] = ()  # 暗扣: seats whose face-down declarations are not turned up yet
    sanctions: tuple[Sanction, ...] = ()  # penalties, warnings, awarded hands of the match (engine.sanctions)
    friends: Friends | None = None  # 找朋友: the dealer's calls (public once play begins) and its team so far

    @property
    def dealer_team(self) -> int | None:
        return None if self.dealer is None else self.dealer % 2

    @property
    def previous_trick(self) -> TrickView | None:
        return self.tricks[-1] if self.tricks else None


@dataclass(frozen=True)
class SeatView:
    """What one seat may know: the public view, its own hand, the kitty if it buried it, its legal options."""

    seat: int
    public: PublicView
    hand: tuple[Card, ...]
    kitty: tuple[Card, ...] | None = None
    drawn_order: tuple[Card, ...] = field(default=())  # the seat's cards in the order it drew them
    concealed: tuple[DeclarationView, ...] = ()  # 暗扣: this seat's own face-down declarations not turned up yet

    @property
    def team(self) -> int:
        return self.seat % 2
