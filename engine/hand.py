"""One hand (一副): dealing, declaring (亮主/反主), the kitty (扣底, 炒地皮), and the 25 tricks.

``HandState`` is the mutable state of the current hand; ``Table`` owns it and handles the match
around it. The hand deals itself and routes every other action to its phase's rules: ``engine.window`` (the
declaration window), ``engine.rounds`` (the bury and the rounds after it), ``engine.playing`` (the tricks); the
declarations live in one ``engine.bids.Bids`` (``hand.bids``). Every action validates first and mutates only once
it is known to be legal, so an ``IllegalAction`` leaves the hand unchanged.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from typing import Any, Final

from engine import builders, playing, rounds, window
from engine.bids import Bids, SwapStage
from engine.cards import Card, card_points, format_cards, parse_cards, shuffled_deck
from engine.errors import IllegalAction
from engine.events import CardDealt, DealingDone, Event
from engine.friends import FriendCall, friends_from_json, friends_to_json
from engine.levels import Level
from engine.rules import Rules
from engine.trump import Trump, TrumpContext, trump_context
from engine.units import Lead, decompose_lead
from engine.views import Phase, ThrowFailure, TrickView

log = logging.getLogger(__name__)

HAND_SIZE = 25  # two decks, four seats; every shape: ``Rules.shape.hand_size`` (RULES §12.1, §13.1)
KITTY_SIZE = rounds.KITTY_SIZE
DEAL_SIZE = 4 * HAND_SIZE
# a module constant reads faster than an enum member (a class attribute lookup) on hot paths
_PLAYING: Final = Phase.PLAYING
_DEALING: Final = Phase.DEALING
_DECLARING: Final = Phase.DECLARING
_BURYING: Final = Phase.BURYING
_KITTY_OVERCALL: Final = Phase.KITTY_OVERCALL


def deal_seed(seed: int, hand_number: int, redeal: int) -> int:
    """The shuffle seed of a hand: a stable hash of the table seed, hand number and redeal count."""
    digest = hashlib.sha256(f"{seed}:{hand_number}:{redeal}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(kw_only=True)
class HandState(playing.PlayingHand):
    """The state of one hand. ``dealer`` is ``None`` in the first hand until someone declares (抢庄). The fields
    the tricks play on (``rules``, ``phase``, ``hands``, ``leader``, ``trick``, ``tricks``, ``defender_points``,
    ``penalties``, ``winning``) are ``engine.playing.PlayingHand``'s."""

    number: int
    level: Level
    dealer: int | None
    first_drawer: int
    first_hand: bool
    redeals: int = 0
    deck: list[Card] = field(default_factory=list)
    dealt: int = 0
    kitty: list[Card] = field(default_factory=list)
    bids: Bids = field(default_factory=Bids)  # the declarations: the window, 暗扣, 换庄, the rounds after the bury
    trump: Trump | None = None
    kitty_holder: int | None = None
    _ctx: TrumpContext | None = field(default=None, repr=False, compare=False)
    _lead: tuple[tuple[Card, ...], TrumpContext, Lead] | None = field(default=None, repr=False, compare=False)

    # -- set-up -----------------------------------------------------------------------------------
    @classmethod
    def start(cls, rules: Rules, seed: int, number: int, level: Level, dealer: int | None, first_drawer: int,
              first_hand: bool, redeals: int = 0, team_levels: tuple[Level, Level] | None = None) -> HandState:
        """A fresh hand: the deck shuffled from the seed, nothing dealt yet. ``team_levels`` (both teams'
        levels) makes a later hand under ``no_declaration: swap_dealer`` a 换庄 hand."""
        shape = rules.shape
        hand = cls(rules=rules, number=number, level=level, dealer=dealer, first_drawer=first_drawer,
                   first_hand=first_hand, redeals=redeals, players=shape.players,
                   hands=[[] for _ in range(shape.players)], won=[0] * shape.players)
        if team_levels is not None and rules.no_declaration == "swap_dealer" and dealer is not None:
            hand.bids.swap_stage, hand.bids.team_levels = SwapStage.DUE, team_levels
        hand.deck = shuffled_deck(deal_seed(seed, number, redeals), shape.decks)
        hand.kitty = list(hand.deck[hand.deal_size():])
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

    def deal_size(self) -> int:
        """Cards dealt to the seats: all but the kitty (100 with two decks and four seats)."""
        shape = self.rules.shape
        return shape.cards - shape.kitty

    def seat_of_card(self, i: int) -> int:
        """Cards are dealt one at a time in seat order from the first drawer."""
        return (self.first_drawer + i) % self.players

    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now."""
        phase = self.phase
        if phase is _PLAYING:  # the common case first
            return ((self.leader + len(self.trick)) % self.players,)
        if phase is _DEALING:
            return tuple(range(self.players))
        if phase is _DECLARING:
            return self.bids.window_to_act(self.players)
        if phase is _BURYING:
            return (self.kitty_holder,) if self.kitty_holder is not None else ()
        if phase is _KITTY_OVERCALL:
            return self.bids.turn()
        return ()

    # -- dealing ----------------------------------------------------------------------------------
    def deal(self, count: int) -> list[Event]:
        """Deal ``count`` cards (or all remaining); the last card opens the declaration window."""
        if self.phase is not _DEALING:
            raise IllegalAction("action.wrong_phase", phase=str(self.phase))
        events: list[Event] = []
        start = self.dealt
        size, players = self.deal_size(), self.players
        end = min(size, start + count)
        hands, deck, first = self.hands, self.deck, self.first_drawer
        by_seat: list[list[Card]] = [[] for _ in range(players)]  # the cards each seat draws now
        for i in range(start, end):
            seat = (first + i) % players  # self.seat_of_card(i)
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
        if self.dealt == size:
            self.phase = _DECLARING
            events.append(DealingDone(self.bids.public_declaration()))
        return events

    # -- declaring (engine.window, engine.rounds) and the kitty (engine.rounds) ---------------------------------
    def declare(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """Declare, overcall or reinforce in the deal and the window, or overcall in a 炒地皮 round."""
        if self.phase is _KITTY_OVERCALL:
            return rounds.overcall(self, seat, cards)
        return window.declare(self, seat, cards)

    def pass_turn(self, seat: int) -> list[Event]:
        """Pass in the declaration window, or in a 炒地皮 round."""
        if self.phase is _KITTY_OVERCALL:
            return rounds.pass_turn(self, seat)
        return window.pass_turn(self, seat)

    def all_passed(self) -> bool:
        return self.phase is _DECLARING and not self.to_act()

    def close_declaring(self) -> tuple[list[Event], bool]:
        """Close the window: set trump and dealer, give the kitty. Returns (events, needs_redeal)."""
        return window.close(self)

    def bury(self, seat: int, cards: tuple[Card, ...], calls: tuple[FriendCall, ...] = ()) -> list[Event]:
        """The kitty holder buries the kitty's count of its cards (point cards allowed); 找朋友: with the calls."""
        return rounds.bury(self, seat, cards, calls)

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
                         sum(card_points(c) for _, c in self.trick), self.players)

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
            deck=list(parse_cards(obj["deck"])), dealt=obj["dealt"],
            hands=[list(parse_cards(h)) for h in obj["hands"]], kitty=list(parse_cards(obj["kitty"])),
            phase=Phase(obj["phase"]), bids=Bids.from_json(obj), trump=None if trump is None else Trump.parse(trump),
            kitty_holder=obj["kitty_holder"], leader=obj["leader"],
            trick=[(s, parse_cards(c)) for s, c in obj["trick"]],
            tricks=[trick_from_json(t, rules.players) for t in obj["tricks"]],
            defender_points=obj["defender_points"], winning=obj["winning"],
            penalties=[ThrowFailure(p["seat"], parse_cards(p["attempted"]), parse_cards(p["forced"]),
                                    parse_cards(p["beaten_unit"]), p["penalty"]) for p in obj["penalties"]],
            friends=friends_from_json(obj["friends"]) if "friends" in obj else None,
            won=list(obj.get("won", [0] * rules.players)),
        )


def trick_to_json(trick: TrickView) -> dict[str, Any]:
    return {"leader": trick.leader, "plays": [[s, format_cards(c)] for s, c in trick.plays],
            "winner": trick.winner, "points": trick.points}


def trick_from_json(obj: dict[str, Any], players: int = 4) -> TrickView:
    return TrickView(obj["leader"], tuple((s, parse_cards(c)) for s, c in obj["plays"]), obj["winner"], obj["points"],
                     players)
