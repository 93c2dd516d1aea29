"""One hand (一副): dealing, declaring (亮主/反主), the kitty (扣底, 炒地皮), and the 25 tricks.

``HandState`` is the mutable state of the current hand; ``Table`` owns it and handles the match
around it. Every method validates first and mutates only once the action is known to be legal, so
an ``IllegalAction`` leaves the hand unchanged.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from typing import Any

from engine import playing, rounds
from engine.cards import Card, card_points, format_cards, is_sub_multiset, parse_cards, remove_cards, shuffled_deck
from engine.declaring import KITTY, check_declaration, declaration_kind, trump_when_undeclared, turned_kitty_cards
from engine.errors import IllegalAction
from engine.events import (
    Buried,
    CardDealt,
    CardsDealt,
    DealingDone,
    DeclaringClosed,
    Event,
    KittyTaken,
    Passed,
    PlayStarted,
    Redeal,
)
from engine.rounds import SwapStage
from engine.rules import Rules
from engine.trump import TrumpContext, trump_context
from engine.units import Lead, decompose_lead
from engine.views import DeclarationView, Phase, ThrowFailure, TrickView
from engine.wire import declaration_from_json, declaration_to_json

log = logging.getLogger(__name__)

HAND_SIZE = 25
KITTY_SIZE = 8
DEAL_SIZE = 4 * HAND_SIZE
_PLAYING = Phase.PLAYING  # a module name reads faster than an enum member on hot paths


def deal_seed(seed: int, hand_number: int, redeal: int) -> int:
    """The shuffle seed of a hand: a stable hash of the table seed, hand number and redeal count."""
    digest = hashlib.sha256(f"{seed}:{hand_number}:{redeal}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class HandState:
    """The state of one hand. ``dealer`` is ``None`` in the first hand until someone declares (抢庄)."""

    rules: Rules
    number: int
    level: str
    dealer: int | None
    first_drawer: int
    first_hand: bool
    redeals: int = 0
    deck: list[Card] = field(default_factory=list)
    dealt: int = 0
    hands: list[list[Card]] = field(default_factory=lambda: [[], [], [], []])
    kitty: list[Card] = field(default_factory=list)
    phase: Phase = Phase.DEALING
    declaration: DeclarationView | None = None
    first_declarer: int | None = None
    passed: set[int] = field(default_factory=set)
    trump: str | None = None
    kitty_holder: int | None = None
    overcall_queue: list[int] = field(default_factory=list)
    leader: int = 0
    trick: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    tricks: list[TrickView] = field(default_factory=list)
    defender_points: int = 0
    penalties: list[ThrowFailure] = field(default_factory=list)
    winning: int = 0  # the seat winning the current trick so far (kept as plays arrive)
    hidden: list[DeclarationView] = field(default_factory=list)  # 暗扣: face-down, not yet turned up
    suit_declarer: int | None = None  # the last seat that declared with level cards (final_suit_declarer)
    swap_stage: SwapStage = SwapStage.NONE  # 换庄: the due dealer team's window, then the other team's
    team_levels: tuple[str, str] | None = None  # 换庄: both teams' levels (the other team declares at its own)
    kitty_rounds: int = 0  # rounds of overcalls opened after the bury in this hand
    _ctx: TrumpContext | None = field(default=None, repr=False, compare=False)
    _lead: tuple[tuple[Card, ...], TrumpContext, Lead] | None = field(default=None, repr=False, compare=False)

    # -- set-up -----------------------------------------------------------------------------------
    @classmethod
    def start(cls, rules: Rules, seed: int, number: int, level: str, dealer: int | None, first_drawer: int,
              first_hand: bool, redeals: int = 0, team_levels: tuple[str, str] | None = None) -> HandState:
        """A fresh hand: the deck shuffled from the seed, nothing dealt yet. ``team_levels`` (both teams'
        levels) makes a later hand under ``no_declaration: swap_dealer`` a 换庄 hand."""
        hand = cls(rules=rules, number=number, level=level, dealer=dealer, first_drawer=first_drawer,
                   first_hand=first_hand, redeals=redeals)
        if team_levels is not None and rules.no_declaration == "swap_dealer" and dealer is not None:
            hand.swap_stage, hand.team_levels = SwapStage.DUE, team_levels
        hand.deck = shuffled_deck(deal_seed(seed, number, redeals))
        hand.kitty = list(hand.deck[DEAL_SIZE:])
        return hand

    def ctx(self) -> TrumpContext:
        """The trump context of this hand (trump must be decided)."""
        assert self.trump is not None
        cached = self._ctx
        if cached is None or cached.trump != self.trump:
            cached = self._ctx = trump_context(self.level, self.trump, self.rules)
        return cached

    def dealer_team(self) -> int | None:
        return None if self.dealer is None else self.dealer % 2

    def seat_of_card(self, i: int) -> int:
        """Cards are dealt one at a time in seat order from the first drawer."""
        return (self.first_drawer + i) % 4

    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now."""
        phase = self.phase
        if phase is _PLAYING:  # the common case first
            return ((self.leader + len(self.trick)) % 4,)
        if phase is Phase.DEALING:
            return (0, 1, 2, 3)
        if phase is Phase.DECLARING:
            if self.swap_stage is SwapStage.OTHER:
                return (self.overcall_queue[0],) if self.overcall_queue else ()
            return tuple(s for s in range(4) if s not in self.passed)
        if phase is Phase.BURYING:
            return (self.kitty_holder,) if self.kitty_holder is not None else ()
        if phase is Phase.KITTY_OVERCALL:
            return (self.overcall_queue[0],) if self.overcall_queue else ()
        return ()

    # -- dealing ----------------------------------------------------------------------------------
    def deal(self, count: int) -> list[Event]:
        """Deal ``count`` cards (or all remaining); the last card opens the declaration window."""
        if self.phase is not Phase.DEALING:
            raise IllegalAction("action.wrong_phase", phase=str(self.phase))
        events: list[Event] = []
        end = min(DEAL_SIZE, self.dealt + count)
        by_seat: dict[int, list[Card]] = {}
        for i in range(self.dealt, end):
            seat = self.seat_of_card(i)
            self.hands[seat].append(self.deck[i])
            by_seat.setdefault(seat, []).append(self.deck[i])
        self.dealt = end
        if count == 1 and by_seat:
            (seat, cards), = by_seat.items()
            events.append(CardDealt(seat, card=cards[0], to=seat))
            events.append(CardDealt(seat, count=len(self.hands[seat])))
        else:
            for seat, cards in sorted(by_seat.items()):
                events.append(CardsDealt(seat, tuple(cards), to=seat))
        if self.dealt == DEAL_SIZE:
            self.phase = Phase.DECLARING
            events.append(DealingDone(rounds.public_declaration(self)))
        return events

    # -- declaring --------------------------------------------------------------------------------
    def declare(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """Declare, overcall or reinforce with cards the seat holds (only cards already drawn count)."""
        if self.phase is Phase.KITTY_OVERCALL:
            return self._kitty_overcall(seat, cards)
        if self.phase not in (Phase.DEALING, Phase.DECLARING):
            raise IllegalAction("action.wrong_phase", phase=str(self.phase))
        if not is_sub_multiset(cards, self.hands[seat]):
            raise IllegalAction("declare.not_held")
        if seat not in self.to_act():
            raise IllegalAction("action.not_your_turn")
        rounds.check_not_repeated(self, seat, cards)
        trump = check_declaration(self.declaration, seat, cards, self.level, self.rules, self.first_hand,
                                  only_team=rounds.only_team(self))
        kind = declaration_kind(self.declaration, seat, cards)
        events = rounds.show(self, seat, tuple(cards), trump, kind)
        if self.first_declarer is None:
            self.first_declarer = seat
        if kind != "reinforce":  # a reinforcement only makes overcalling harder: earlier passes stand
            self.passed = set()
        if self.swap_stage is SwapStage.OTHER:
            events += rounds.swap_declared(self, seat)
        return events

    def pass_turn(self, seat: int) -> list[Event]:
        """Pass in the declaration window, or in a 炒地皮 round."""
        if self.phase is Phase.KITTY_OVERCALL:
            if not self.overcall_queue or self.overcall_queue[0] != seat:
                raise IllegalAction("action.not_your_turn")
            self.overcall_queue.pop(0)
            events: list[Event] = [Passed(seat)]
            if not self.overcall_queue:
                events += rounds.reveal(self) + self.begin_play()
            return events
        if self.phase is not Phase.DECLARING:
            raise IllegalAction("action.wrong_phase", phase=str(self.phase))
        if seat in self.passed:
            raise IllegalAction("declare.already_passed")
        if seat not in self.to_act():
            raise IllegalAction("action.not_your_turn")
        if self.swap_stage is SwapStage.OTHER:
            self.overcall_queue.pop(0)
        self.passed.add(seat)
        return [Passed(seat)]

    def all_passed(self) -> bool:
        return self.phase is Phase.DECLARING and not self.to_act()

    def close_declaring(self) -> tuple[list[Event], bool]:
        """Close the window: set trump and dealer, give the kitty. Returns (events, needs_redeal)."""
        if self.phase is not Phase.DECLARING:
            raise IllegalAction("action.wrong_phase", phase=str(self.phase))
        how = "declared"
        if self.declaration is not None:
            self.trump = self.declaration.trump
            if self.dealer is None:
                self.dealer = self._first_hand_dealer()
        elif self.dealer is None:
            return [Redeal("no_declaration_first_hand")], True
        elif self.swap_stage is SwapStage.DUE:
            return rounds.open_second_window(self), False
        else:
            trump = rounds.swap_kitty_card(self) if self.swap_stage else trump_when_undeclared(
                self.kitty, self.rules, self.level)
            if trump is None:
                return [Redeal("no_declaration")], True
            self.trump, how = trump, f"no_declaration_{self.rules.no_declaration}"
        assert self.dealer is not None
        turned = turned_kitty_cards(self.kitty, self.rules, self.level) if how.startswith("no_decl") else None
        events: list[Event] = [DeclaringClosed(rounds.public_trump(self), self.dealer, how, turned)]
        events += self._give_kitty(self.dealer)
        return events, False

    def _first_hand_dealer(self) -> int | None:
        """抢庄: the final declarer, the first (反主不反庄), or the last with level cards (一对王不能反庄)."""
        assert self.declaration is not None
        policy = self.rules.first_hand_dealer
        if policy == "first_declarer":
            return self.first_declarer
        if policy == "final_suit_declarer" and self.suit_declarer is not None:
            return self.suit_declarer
        return self.declaration.seat

    def _give_kitty(self, seat: int) -> list[Event]:
        self.kitty_holder = seat
        self.hands[seat].extend(self.kitty)
        self.phase = Phase.BURYING
        return [KittyTaken(seat, tuple(self.kitty), to=seat), KittyTaken(seat)]

    def _kitty_overcall(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """炒地皮: the seat whose turn it is overcalls from its own hand and takes up the buried cards."""
        if not self.overcall_queue or self.overcall_queue[0] != seat:
            raise IllegalAction("action.not_your_turn")
        if not is_sub_multiset(cards, self.hands[seat]):
            raise IllegalAction("declare.not_held")
        rounds.check_not_repeated(self, seat, cards)
        trump = check_declaration(self.declaration, seat, cards, self.level, self.rules, self.first_hand, KITTY)
        events = rounds.show(self, seat, tuple(cards), trump, declaration_kind(self.declaration, seat, cards, KITTY))
        self.trump = trump
        rounds.after_kitty_overcall(self, seat)
        return events + self._give_kitty(seat)

    # -- the kitty ----------------------------------------------------------------------------------
    def bury(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """The kitty holder buries exactly 8 of its cards (point cards allowed)."""
        if self.phase is not Phase.BURYING:
            raise IllegalAction("action.wrong_phase", phase=str(self.phase))
        if seat != self.kitty_holder:
            raise IllegalAction("action.not_your_turn")
        if len(cards) != KITTY_SIZE:
            raise IllegalAction("bury.wrong_count", count=len(cards))
        if not is_sub_multiset(cards, self.hands[seat]):
            raise IllegalAction("bury.not_in_hand")
        self.hands[seat] = remove_cards(self.hands[seat], cards)
        self.kitty = list(cards)
        events: list[Event] = [Buried(seat, tuple(cards), to=seat), Buried(seat)]
        return events + rounds.round_after_bury(self, seat)

    def begin_play(self) -> list[Event]:
        assert self.dealer is not None
        self.phase = Phase.PLAYING
        self.leader = self.dealer
        return [PlayStarted(self.dealer, self.trump)]

    # -- tricks (engine.playing) ----------------------------------------------------------------------
    def play(self, seat: int, cards: tuple[Card, ...]) -> tuple[list[Event], bool]:
        """Lead or follow. Returns (events, hand_finished)."""
        return playing.play(self, seat, cards)

    def trick_lead(self) -> Lead | None:
        """The current trick's lead, decomposed (kept while the trick lasts); None before the lead."""
        if not self.trick:
            return None
        cards = self.trick[0][1]
        ctx = self.ctx()
        kept = self._lead
        if kept is None or kept[0] is not cards or kept[1] is not ctx:
            kept = self._lead = (cards, ctx, decompose_lead(cards, ctx))
        return kept[2]

    def current_winner(self) -> int | None:
        """The seat winning the current trick so far."""
        return self.winning if self.trick else None

    def current_trick_view(self) -> TrickView:
        return TrickView(self.leader, tuple(self.trick), self.current_winner(),
                         sum(card_points(c) for _, c in self.trick))

    # -- serialization --------------------------------------------------------------------------------
    def _declaration_json(self) -> dict[str, Any] | None:
        return None if self.declaration is None else declaration_to_json(self.declaration)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number, "level": self.level, "dealer": self.dealer, "first_drawer": self.first_drawer,
            "first_hand": self.first_hand, "redeals": self.redeals, "deck": format_cards(self.deck),
            "dealt": self.dealt, "hands": [format_cards(h) for h in self.hands], "kitty": format_cards(self.kitty),
            "phase": str(self.phase), "declaration": self._declaration_json(),
            "first_declarer": self.first_declarer, "passed": sorted(self.passed), "trump": self.trump,
            "kitty_holder": self.kitty_holder, "overcall_queue": list(self.overcall_queue), "leader": self.leader,
            "trick": [[s, format_cards(c)] for s, c in self.trick],
            "tricks": [trick_to_json(t) for t in self.tricks],
            "defender_points": self.defender_points, "winning": self.winning,
            "penalties": [{"seat": p.seat, "attempted": format_cards(p.attempted), "forced": format_cards(p.forced),
                           "beaten_unit": format_cards(p.beaten_unit), "penalty": p.penalty} for p in self.penalties],
            **rounds.state_to_json(self),
        }

    @classmethod
    def from_json(cls, rules: Rules, obj: dict[str, Any]) -> HandState:
        d = obj["declaration"]
        return cls(
            rules=rules, number=obj["number"], level=obj["level"], dealer=obj["dealer"],
            first_drawer=obj["first_drawer"], first_hand=obj["first_hand"], redeals=obj["redeals"],
            deck=list(parse_cards(obj["deck"])), dealt=obj["dealt"],
            hands=[list(parse_cards(h)) for h in obj["hands"]], kitty=list(parse_cards(obj["kitty"])),
            phase=Phase(obj["phase"]),
            declaration=None if d is None else declaration_from_json(d),
            first_declarer=obj["first_declarer"], passed=set(obj["passed"]), trump=obj["trump"],
            kitty_holder=obj["kitty_holder"], overcall_queue=list(obj["overcall_queue"]), leader=obj["leader"],
            trick=[(s, parse_cards(c)) for s, c in obj["trick"]],
            tricks=[trick_from_json(t) for t in obj["tricks"]],
            defender_points=obj["defender_points"], winning=obj["winning"],
            penalties=[ThrowFailure(p["seat"], parse_cards(p["attempted"]), parse_cards(p["forced"]),
                                    parse_cards(p["beaten_unit"]), p["penalty"]) for p in obj["penalties"]],
            **rounds.state_from_json(obj),
        )


def trick_to_json(trick: TrickView) -> dict[str, Any]:
    return {"leader": trick.leader, "plays": [[s, format_cards(c)] for s, c in trick.plays],
            "winner": trick.winner, "points": trick.points}


def trick_from_json(obj: dict[str, Any]) -> TrickView:
    return TrickView(obj["leader"], tuple((s, parse_cards(c)) for s, c in obj["plays"]), obj["winner"], obj["points"])
