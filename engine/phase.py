"""The phases of a hand (一副的阶段): what a hand keeps from the deal to the settlement, and the state of its phase.

A hand (``engine.hand.HandState``) is a ``HandRecord`` (the cards, the declarations, the trump, the dealer, the
tricks won and the points so far: what every phase reads and the stored JSON holds) and a ``HandPhase``, the state
of the phase it is in, which holds only that phase's own fields and defines that phase's actions:
``engine.hand.Dealing`` (发牌, the cards dealt so far), ``engine.window.Declaring`` (the declaration window after the
deal), ``engine.rounds.Burying`` (扣底) and ``engine.rounds.KittyOvercall`` (炒地皮), ``engine.playing.Playing`` (the
trick in progress) and ``engine.playing.HandOver``. An action that its phase does not define is refused with
``action.wrong_phase``; an action a phase ends with puts the next phase's state in the hand (``HandRecord.state``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from engine.actions import Action
from engine.bids import Bids
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import Event
from engine.friends import FriendCall, Friends
from engine.legal import declaring_actions
from engine.levels import Level
from engine.rules import Rules
from engine.trump import Trump, TrumpContext, trump_context
from engine.views import Phase, ThrowFailure, TrickView

log = logging.getLogger(__name__)


class HandPhase:
    """The state of a hand's current phase: every action refused here (``action.wrong_phase``), nobody to act;
    each phase's class defines its own. ``phase`` names it (``HandRecord.phase``, the stored ``phase``)."""

    phase: Phase

    def __init__(self, phase: Phase) -> None:
        self.phase = phase

    def wrong_phase(self) -> IllegalAction:
        return IllegalAction("action.wrong_phase", phase=str(self.phase))

    def to_act(self, hand: HandRecord) -> tuple[int, ...]:
        """Seats that may act now."""
        return ()

    def seat_actions(self, hand: HandRecord, seat: int) -> list[Action] | None:
        """``seat``'s legal actions when the phase answers without building the views (``None``: the views
        answer, ``engine.legal.seat_legal_actions``; the same lists)."""
        return None

    def trick_view(self, hand: HandRecord) -> TrickView | None:
        """The trick in progress as everyone sees it (``None`` outside play)."""
        return None

    def kitty_seen_by(self, hand: HandRecord, seat: int) -> bool:
        """``seat`` sees the kitty (底牌) now: its holder, from taking it up to the end of play."""
        return False

    def cards_dealt(self, hand: HandRecord) -> int:
        """Cards dealt to the seats so far: all of them once the deal is over."""
        return hand.deal_size()

    def deal(self, hand: HandRecord, count: int) -> list[Event]:
        raise self.wrong_phase()

    def declare(self, hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        raise self.wrong_phase()

    def pass_turn(self, hand: HandRecord, seat: int) -> list[Event]:
        raise self.wrong_phase()

    def window_closed(self, hand: HandRecord) -> bool:
        """Every seat of the declaration window has passed (the window closes)."""
        return False

    def close(self, hand: HandRecord) -> tuple[list[Event], bool]:
        raise self.wrong_phase()

    def bury(self, hand: HandRecord, seat: int, cards: tuple[Card, ...], calls: tuple[FriendCall, ...]) -> list[Event]:
        raise self.wrong_phase()

    def play(self, hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> tuple[list[Event], bool]:
        raise self.wrong_phase()


@dataclass(kw_only=True)
class HandRecord:
    """What a hand keeps from the deal to its settlement. ``dealer`` is ``None`` in the first hand until someone
    declares (抢庄); ``level`` and ``dealer`` change in 换庄, ``trump`` in a 炒地皮 round; ``kitty`` holds the kitty
    (底牌), then the buried cards; ``kitty_holder`` the last seat that took it up; ``bids`` the declarations;
    ``tricks``, ``defender_points`` (moved by penalties too), ``penalties`` and 找朋友's ``friends`` and ``won``
    what the tricks scored. ``state`` is the current phase's. A native class: compiled, read in place."""

    rules: Rules
    players: int  # seats at the table (RULES §13.1); the hands are theirs
    number: int
    level: Level
    dealer: int | None
    first_drawer: int
    first_hand: bool
    redeals: int = 0
    state: HandPhase
    deck: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    kitty: list[Card] = field(default_factory=list)
    bids: Bids = field(default_factory=Bids)  # the declarations: the window, 暗扣, 换庄, the rounds after the bury
    trump: Trump | None = None
    kitty_holder: int | None = None
    friends: Friends | None = None  # 找朋友: the calls and the dealer's team so far (None with fixed partners)
    won: list[int] = field(default_factory=list)  # 找朋友: the points each seat has won in tricks (§13.5)
    tricks: list[TrickView] = field(default_factory=list)
    defender_points: int = 0
    penalties: list[ThrowFailure] = field(default_factory=list)
    _ctx: TrumpContext | None = field(default=None, repr=False, compare=False)

    @property
    def phase(self) -> Phase:
        return self.state.phase

    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now."""
        return self.state.to_act(self)

    def ctx(self) -> TrumpContext:
        """The trump context of this hand (trump must be decided)."""
        assert self.trump is not None
        cached = self._ctx
        if cached is None or cached.trump != self.trump:
            cached = self._ctx = trump_context(self.level, self.trump, self.rules)
        return cached

    def dealer_team(self) -> int | None:
        return None if self.dealer is None else self.dealer % 2

    def deal_size(self) -> int:
        """Cards dealt to the seats: all but the kitty (100 with two decks and four seats)."""
        shape = self.rules.shape
        return shape.cards - shape.kitty


def declaring_choices(hand: HandRecord, seat: int) -> list[Action]:
    """``seat``'s declarations (and ``Pass`` after the deal) in a declaring phase, without building the views."""
    if seat not in hand.to_act():
        return []
    bids = hand.bids
    return declaring_actions(seat, hand.phase, tuple(hand.hands[seat]), bids.public_declaration(), hand.level,
                             hand.rules, hand.dealer, bids.only_team(hand.dealer), bids.own_concealed(seat))
