"""One hand (一副): dealing, declaring (亮主/反主), the kitty (扣底, 炒地皮), and the 25 tricks.

``HandState`` is the mutable state of the current hand; ``Table`` owns it and handles the match around it. It is
an ``engine.phase.HandRecord`` (what the hand keeps from the deal to the settlement) with the state of its current
phase (``state``), which defines the actions of that phase: ``Dealing`` (here), ``engine.window.Declaring``,
``engine.rounds.Burying`` and ``KittyOvercall``, ``engine.playing.Playing`` and ``HandOver``; the declarations live
in one ``engine.bids.Bids`` (``hand.bids``). Every action validates first and mutates only once it is known to be
legal, so an ``IllegalAction`` leaves the hand unchanged.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Any

from engine import builders, rounds, window
from engine.actions import Action
from engine.bids import Bids, SwapStage
from engine.cards import Card, format_cards, parse_cards, shuffled_deck
from engine.events import CardDealt, DealingDone, Event
from engine.friends import FriendCall, friends_from_json, friends_to_json
from engine.levels import Level
from engine.phase import HandPhase, HandRecord, declaring_choices
from engine.playing import HandOver, Playing
from engine.rules import Rules
from engine.trump import Trump
from engine.units import Lead
from engine.views import Phase, ThrowFailure, TrickView

log = logging.getLogger(__name__)

HAND_SIZE = 25  # two decks, four seats; every shape: ``Rules.shape.hand_size`` (RULES §12.1, §13.1)
KITTY_SIZE = rounds.KITTY_SIZE
DEAL_SIZE = 4 * HAND_SIZE


def deal_seed(seed: int, hand_number: int, redeal: int) -> int:
    """The shuffle seed of a hand: a stable hash of the table seed, hand number and redeal count."""
    digest = hashlib.sha256(f"{seed}:{hand_number}:{redeal}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Dealing(HandPhase):
    """发牌: ``dealt`` cards of the deck have been dealt, one at a time in seat order from the first drawer; every
    seat may declare with the cards it has drawn (``engine.window.declare``). The last card opens the window."""

    dealt: int

    def __init__(self, dealt: int = 0) -> None:
        super().__init__(Phase.DEALING)
        self.dealt = dealt

    def to_act(self, hand: HandRecord) -> tuple[int, ...]:
        return tuple(range(hand.players))

    def seat_actions(self, hand: HandRecord, seat: int) -> list[Action] | None:
        return declaring_choices(hand, seat)

    def cards_dealt(self, hand: HandRecord) -> int:
        return self.dealt

    def declare(self, hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        return window.declare(hand, seat, cards)

    def deal(self, hand: HandRecord, count: int) -> list[Event]:
        """Deal ``count`` cards (or all remaining); the last card opens the declaration window."""
        events: list[Event] = []
        start = self.dealt
        size, players = hand.deal_size(), hand.players
        end = min(size, start + count)
        hands, deck, first = hand.hands, hand.deck, hand.first_drawer
        by_seat: list[list[Card]] = [[] for _ in range(players)]  # the cards each seat draws now
        for i in range(start, end):
            seat = (first + i) % players  # hand.seat_of_card(i)
            card = deck[i]
            hands[seat].append(card)
            by_seat[seat].append(card)
        self.dealt = end
        if count == 1 and end > start:
            seat = (first + start) % players
            events.append(CardDealt(seat, card=by_seat[seat][0], to=seat))
            events.append(CardDealt(seat, count=len(hands[seat])))
        else:
            for seat in range(players):
                if by_seat[seat]:
                    events.append(builders.cards_dealt(seat, tuple(by_seat[seat])))
        if end == size:
            hand.state = window.Declaring()
            events.append(DealingDone(hand.bids.public_declaration()))
        return events


@dataclass(kw_only=True)
class HandState(HandRecord):
    """The state of one hand: its record (``engine.phase.HandRecord``) and its phase's state (``state``), which
    the actions go to. ``dealt``, ``leader``, ``trick`` and ``winning`` read the phase's state (before play the
    leader is seat 0 and the trick empty; once the hand is over, where the play stopped)."""

    # -- set-up -----------------------------------------------------------------------------------
    @classmethod
    def start(cls, rules: Rules, seed: int, number: int, level: Level, dealer: int | None, first_drawer: int,
              first_hand: bool, redeals: int = 0, team_levels: tuple[Level, Level] | None = None) -> HandState:
        """A fresh hand: the deck shuffled from the seed, nothing dealt yet. ``team_levels`` (both teams'
        levels) makes a later hand under ``no_declaration: swap_dealer`` a 换庄 hand."""
        shape = rules.shape
        hand = cls(rules=rules, number=number, level=level, dealer=dealer, first_drawer=first_drawer,
                   first_hand=first_hand, redeals=redeals, players=shape.players, state=Dealing(),
                   hands=[[] for _ in range(shape.players)], won=[0] * shape.players)
        if team_levels is not None and rules.no_declaration == "swap_dealer" and dealer is not None:
            hand.bids.swap_stage, hand.bids.team_levels = SwapStage.DUE, team_levels
        hand.deck = shuffled_deck(deal_seed(seed, number, redeals), shape.decks)
        hand.kitty = list(hand.deck[hand.deal_size():])
        return hand

    def seat_of_card(self, i: int) -> int:
        """Cards are dealt one at a time in seat order from the first drawer."""
        return (self.first_drawer + i) % self.players

    # -- what the phase's state holds -------------------------------------------------------------
    @property
    def dealt(self) -> int:
        return self.state.cards_dealt(self)

    def playing(self) -> Playing | None:
        """The play: the trick in progress, or where it stopped once the hand is over (None before play)."""
        state = self.state
        if isinstance(state, Playing):
            return state
        return state.stopped if isinstance(state, HandOver) else None

    @property
    def leader(self) -> int:
        play = self.playing()
        return 0 if play is None else play.leader

    @property
    def trick(self) -> list[tuple[int, tuple[Card, ...]]]:
        play = self.playing()
        return [] if play is None else play.trick

    @property
    def winning(self) -> int:
        play = self.playing()
        return 0 if play is None else play.winning

    # -- the actions: the current phase's ---------------------------------------------------------
    def deal(self, count: int) -> list[Event]:
        """Deal ``count`` cards (or all remaining); the last card opens the declaration window."""
        return self.state.deal(self, count)

    def declare(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """Declare, overcall or reinforce in the deal and the window, or overcall in a 炒地皮 round."""
        return self.state.declare(self, seat, cards)

    def pass_turn(self, seat: int) -> list[Event]:
        """Pass in the declaration window, or in a 炒地皮 round."""
        return self.state.pass_turn(self, seat)

    def all_passed(self) -> bool:
        return self.state.window_closed(self)

    def close_declaring(self) -> tuple[list[Event], bool]:
        """Close the window: set trump and dealer, give the kitty. Returns (events, needs_redeal)."""
        return self.state.close(self)

    def bury(self, seat: int, cards: tuple[Card, ...], calls: tuple[FriendCall, ...] = ()) -> list[Event]:
        """The kitty holder buries the kitty's count of its cards (point cards allowed); 找朋友: with the calls."""
        return self.state.bury(self, seat, cards, calls)

    def play(self, seat: int, cards: tuple[Card, ...]) -> tuple[list[Event], bool]:
        """Lead or follow. Returns (events, hand_finished)."""
        return self.state.play(self, seat, cards)

    def end(self) -> None:
        """The hand is over (settled or awarded): the play stays as it stood."""
        self.state = HandOver(self.playing())

    # -- the trick in progress (``engine.playing.Playing``) ---------------------------------------------
    def trick_lead(self) -> Lead | None:
        """The current trick's lead, decomposed (kept while the trick lasts); None before the lead."""
        state = self.state
        return state.trick_lead(self) if isinstance(state, Playing) else None

    def current_winner(self) -> int | None:
        """The seat winning the current trick so far."""
        return self.winning if self.trick else None

    def current_trick_view(self) -> TrickView:
        play = self.playing()
        return TrickView(0, (), None, 0, self.players) if play is None else play.current_trick_view(self)

    # -- serialization --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number, "level": self.level, "dealer": self.dealer, "first_drawer": self.first_drawer,
            "first_hand": self.first_hand, "redeals": self.redeals, "deck": format_cards(self.deck),
            "dealt": self.dealt, "hands": [format_cards(h) for h in self.hands], "kitty": format_cards(self.kitty),
            "phase": str(self.phase), **self.bids.window_json(), "trump": self.trump,
            "kitty_holder": self.kitty_holder, "overcall_queue": list(self.bids.queue), "leader": self.leader,
            "trick": [[s, format_cards(c)] for s, c in self.trick],
            "tricks": [trick_to_json(t) for t in self.tricks],
            "defender_points": self.defender_points, "winning": self.winning,
            "penalties": [{"seat": p.seat, "attempted": format_cards(p.attempted), "forced": format_cards(p.forced),
                           "beaten_unit": format_cards(p.beaten_unit), "penalty": p.penalty} for p in self.penalties],
            **self.bids.rounds_json(),
            **({} if self.friends is None else {"friends": friends_to_json(self.friends), "won": list(self.won)}),
        }

    @classmethod
    def from_json(cls, rules: Rules, obj: dict[str, Any]) -> HandState:
        trump = obj["trump"]
        return cls(
            rules=rules, players=rules.players, number=obj["number"], level=Level.parse(obj["level"]),
            dealer=obj["dealer"],
            first_drawer=obj["first_drawer"], first_hand=obj["first_hand"], redeals=obj["redeals"],
            deck=list(parse_cards(obj["deck"])),
            hands=[list(parse_cards(h)) for h in obj["hands"]], kitty=list(parse_cards(obj["kitty"])),
            state=phase_from_json(obj), bids=Bids.from_json(obj),
            trump=None if trump is None else Trump.parse(trump), kitty_holder=obj["kitty_holder"],
            tricks=[trick_from_json(t, rules.players) for t in obj["tricks"]], defender_points=obj["defender_points"],
            penalties=[ThrowFailure(p["seat"], parse_cards(p["attempted"]), parse_cards(p["forced"]),
                                    parse_cards(p["beaten_unit"]), p["penalty"]) for p in obj["penalties"]],
            friends=friends_from_json(obj["friends"]) if "friends" in obj else None,
            won=list(obj.get("won", [0] * rules.players)),
        )


def phase_from_json(obj: dict[str, Any]) -> HandPhase:
    """The state of a stored hand's phase (``obj`` is the hand's JSON)."""
    phase = Phase(obj["phase"])
    if phase is Phase.DEALING:
        return Dealing(obj["dealt"])
    if phase is Phase.PLAYING or phase is Phase.HAND_OVER:
        play = Playing(obj["leader"], [(s, parse_cards(c)) for s, c in obj["trick"]], obj["winning"])
        return play if phase is Phase.PLAYING else HandOver(play)
    return {Phase.DECLARING: window.Declaring, Phase.BURYING: rounds.Burying,
            Phase.KITTY_OVERCALL: rounds.KittyOvercall}[phase]()


def trick_to_json(trick: TrickView) -> dict[str, Any]:
    return {"leader": trick.leader, "plays": [[s, format_cards(c)] for s, c in trick.plays],
            "winner": trick.winner, "points": trick.points}


def trick_from_json(obj: dict[str, Any], players: int = 4) -> TrickView:
    return TrickView(obj["leader"], tuple((s, parse_cards(c)) for s, c in obj["plays"]), obj["winner"], obj["points"],
                     players)
