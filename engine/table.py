"""The table state machine: one object for a whole match (一局), driven by ``apply(action) -> events``.

``Table`` holds the match (team levels, dealer rotation, results) and the current ``HandState``.
An illegal action raises ``IllegalAction`` with a message key and changes nothing. The state
serializes to JSON and back exactly (``to_json``/``from_json``), and ``Table.replay(rules, seed,
actions)`` rebuilds it from the action log. Deterministic: the only randomness is the seeded shuffle.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, Final, cast

from engine import sanctions
from engine.actions import (
    Action,
    ActionLog,
    AwardHand,
    Bury,
    CloseDeclaring,
    DealAll,
    DealCard,
    Declare,
    Disqualify,
    Pass,
    Penalize,
    Play,
    StartHand,
    StopMatch,
    Undo,
    action_from_json,
)
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import (
    Disqualified,
    Event,
    HandAwarded,
    HandSettled,
    HandStarted,
    MatchOver,
    MatchOverReason,
    Penalized,
    PlayUndone,
    TimeCalled,
)
from engine.friends_settlement import friends_hand_result
from engine.hand import HandState, deal_seed
from engine.legal import seat_legal_actions, system_legal_actions
from engine.levels import Level, playing_rank
from engine.rules import MatchEnd, Rules
from engine.seeded import generator, randrange
from engine.settlement import fixed_deal, fixed_deals_winner, settle_hand, timed_winner
from engine.views import HandResult, Phase, PublicView, Sanction, SeatView
from engine.wire import result_from_json, result_to_json

log = logging.getLogger(__name__)

FIXED_DEALS = 16
STATE_FORMAT = 1
_MATCH_OVER: Final = Phase.MATCH_OVER


class Table:
    """A match of four seats (teams 0+2 and 1+3). Use ``Table.new``, ``from_json`` or ``replay``. Compiled (a
    native class: no weak references, no new attributes); ``views`` is the slot an interface keeps this table's
    derived views in (``runtime.viewcache``): a cache, not state."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        # team levels (team 0: even seats); 找朋友: one level per seat (RULES §13.2)
        start, holders = Level.parse(rules.start_level), 2 if rules.shape.fixed_partners else rules.players
        self.levels: list[Level] = [start] * holders
        self.results: list[HandResult] = []
        self.match_points: list[int] = [0, 0]
        self.laps: list[int] = [0, 0]  # timed_laps: times each team passed the end level
        self.time_called = False  # timed: time was called during a hand, the match ends when it is settled
        self.tie_draw = False  # timed: a level tie at time is a draw (StopMatch(draw=True)), not the team on stage
        self.match_winner: int | None = None
        self.match_over_reason: MatchOverReason | None = None
        self.sanctions: list[Sanction] = []  # penalties, warnings, awarded hands (engine.sanctions)
        self.version = 0  # actions applied since the match began
        self.actions: ActionLog = []  # actions applied to this object (the whole log when built by new/replay)
        self.views: Any = None
        self.hand: HandState = self._new_hand(1, None, 0)

    # -- construction -----------------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, seed: int) -> Table:
        """A new match; the first hand waits for ``DealCard``/``DealAll``."""
        return cls(rules, seed)

    @classmethod
    def replay(cls, rules: Rules, seed: int, actions: Iterable[Action]) -> Table:
        """Rebuild a match from its seed and action log."""
        table = cls(rules, seed)
        for action in actions:
            table.apply(action)
        return table

    def _fixed_deals(self) -> bool:
        return self.rules.match_end is MatchEnd.FIXED_DEALS

    def _new_hand(self, number: int, dealer: int | None, redeals: int) -> HandState:
        if self._fixed_deals():
            level, dealer = fixed_deal(number)
            return HandState.start(self.rules, self.seed, number, level, dealer, dealer, False, redeals)
        if dealer is None:  # first hand: a random seat draws first, and declaring decides the dealer (抢庄)
            first = randrange(generator(deal_seed(self.seed, 0, redeals)), self.rules.players)
            return HandState.start(self.rules, self.seed, number, playing_rank(self.levels[0]), None, first, True,
                                   redeals)
        level = playing_rank(self.levels[self._level_index(dealer)])  # a negative level plays 2
        return HandState.start(self.rules, self.seed, number, level, dealer, dealer, False, redeals,
                               team_levels=(playing_rank(self.levels[0]), playing_rank(self.levels[1])))

    # -- queries ------------------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return _MATCH_OVER if self.match_winner is not None or self.match_over_reason else self.hand.state.phase

    @property
    def hand_number(self) -> int:
        return self.hand.number

    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now."""
        return () if self.phase is _MATCH_OVER else self.hand.to_act()

    def legal_actions(self, seat: int | None) -> list[Action]:
        """Legal actions of ``seat`` (``None``: system actions). Leads list single units; any valid throw
        is also legal. Burying lists one choice (any 8 cards are legal)."""
        if self.phase is _MATCH_OVER:
            return []
        if seat is None:
            actions = system_legal_actions(self.hand.phase, self.hand.dealt, self.rules)
            if self.time_called:  # time was called: the match stops once this hand is settled
                actions = [a for a in actions if not isinstance(a, StopMatch) or self.hand.phase is Phase.HAND_OVER]
            return actions
        h = self.hand
        own = h.state.seat_actions(h, seat)  # the phase's own answer, without building the views
        if own is not None:
            return own
        return seat_legal_actions(self.seat_view(seat))

    def public_view(self) -> PublicView:
        """Everything everyone may know: never a hand, never the buried kitty before the hand ends."""
        h = self.hand
        bids = h.bids
        trick = h.state.trick_view(h)
        return PublicView(
            rules=self.rules, hand_number=h.number, phase=self.phase, levels=tuple(self.levels),
            dealer=h.dealer, level=h.level, trump=bids.public_trump(h.trump), declaration=bids.public_declaration(),
            to_act=self.to_act(),
            hand_sizes=tuple(len(cards) for cards in h.hands),
            cards_dealt=h.dealt, trick=trick, tricks=tuple(h.tricks), defender_points=h.defender_points,
            penalties=tuple(h.penalties), kitty_holder=h.kitty_holder,
            last_result=self.results[-1] if self.results else None, results=tuple(self.results),
            match_winner=self.match_winner, passed=tuple(sorted(bids.passed)),
            match_points=(self.match_points[0], self.match_points[1]), laps=(self.laps[0], self.laps[1]),
            time_called=self.time_called,
            declaring_team=bids.only_team(h.dealer), concealed_seats=bids.concealed_seats(),
            sanctions=tuple(self.sanctions), friends=h.friends,
        )

    def seat_view(self, seat: int, public: PublicView | None = None) -> SeatView:
        """What ``seat`` may know: the public view, its own hand, the kitty while it holds it. ``public``: this
        version's public view when the caller already has it (else it is built)."""
        if not 0 <= seat < self.hand.players:
            raise IllegalAction("action.bad_seat", seat=seat)
        h = self.hand
        knows_kitty = h.state.kitty_seen_by(h, seat)
        return SeatView(seat=seat, public=self.public_view() if public is None else public, hand=tuple(h.hands[seat]),
                        kitty=tuple(h.kitty) if knows_kitty else None, drawn_order=tuple(h.hands[seat]),
                        concealed=h.bids.own_concealed(seat))

    # -- applying actions ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return its events; an illegal action raises and changes nothing."""
        if self.phase is _MATCH_OVER:
            raise IllegalAction("action.match_over")
        seat = action.seat
        players = self.hand.players
        if type(action) is Play and type(seat) is int and 0 <= seat < players:  # the common case: no match statement
            events = self._play(seat, action.cards)
        elif seat is not None and seat not in range(players):
            raise IllegalAction("action.bad_seat", seat=seat)
        else:
            events = self._dispatch(action)  # every handler validates fully before it mutates
        self.version += 1
        actions: object = self.actions
        if type(actions) is list:  # (the common log: appended without the protocol's generic method call)
            cast(list[Action], actions).append(action)
        else:
            self.actions.append(action)
        return events

    def _dispatch(self, action: Action) -> list[Event]:
        h = self.hand
        match action:  # the classes are disjoint, so the order of the cases only matters for speed
            case Play(seat=int(seat), cards=cards):
                return self._play(seat, cards)
            case DealCard(seat=None):
                return h.deal(1)
            case DealAll(seat=None):
                return h.deal(100)
            case Declare(seat=int(seat), cards=cards):
                return h.declare(seat, cards)
            case Pass(seat=int(seat)):
                events = h.pass_turn(seat)
                return events + (self._close_declaring() if h.all_passed() else [])
            case CloseDeclaring(seat=None):
                return self._close_declaring()
            case Bury(seat=int(seat), cards=cards, calls=calls):
                return h.bury(seat, cards, calls)
            case StartHand(seat=None):
                return self._start_next_hand()
            case StopMatch(seat=None, draw=draw):
                return self._stop_match(draw)
            case Penalize(seat=None) | AwardHand(seat=None) | Disqualify(seat=None):
                return self._sanction(action)
            case Undo(seat=int(seat)):
                return [PlayUndone(seat, sanctions.undo(h, seat))]
        raise IllegalAction("action.invalid", action=action.kind)

    def _play(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """A play (出牌); the hand's last one settles it."""
        events, finished = self.hand.play(seat, cards)
        return events + self._settle() if finished else events

    def _close_declaring(self) -> list[Event]:
        events, redeal = self.hand.close_declaring()
        if redeal:
            h = self.hand
            self.hand = self._new_hand(h.number, h.dealer if not h.first_hand else None, h.redeals + 1)
            events.append(self._hand_started())
        return events

    def _hand_started(self) -> HandStarted:
        h = self.hand
        return HandStarted(h.number, h.dealer, h.level, h.first_drawer, h.redeals, tuple(self.levels))

    def _settle(self) -> list[Event]:
        """RULES §8: kitty bonus, level change, next dealer, match end."""
        h = self.hand
        assert h.dealer is not None and h.trump is not None
        last = h.tricks[-1]
        assert last.winner is not None  # a finished trick has its winner
        winning_play = next(cards for seat, cards in last.plays if seat == last.winner)
        if h.friends is not None:
            h.end()
            return self._settled(friends_hand_result(h, tuple(self.levels), winning_play, last.winner))
        result = settle_hand(rules=self.rules, hand_number=h.number, level=h.level, trump=h.trump, dealer=h.dealer,
                             levels=(self.levels[0], self.levels[1]), trick_points=h.defender_points,
                             kitty=h.kitty, last_play=winning_play, last_winner=last.winner, lead=last.plays[0][1],
                             burier=h.kitty_holder, laps=(self.laps[0], self.laps[1]))
        h.end()
        return self._settled(result)

    def _settled(self, result: HandResult) -> list[Event]:
        """Record a settled hand: levels (or fixed-deal credits), the match's end."""
        h = self.hand
        self.results.append(result)
        events: list[Event] = [HandSettled(result)]
        if self._fixed_deals():
            self.match_points[0] += result.level_gains[0]
            self.match_points[1] += result.level_gains[1]
            if h.number >= FIXED_DEALS:
                return events + self._end_match(fixed_deals_winner((self.match_points[0], self.match_points[1])),
                                                MatchOverReason.FIXED_DEALS_DONE)
            return events
        self.levels = list(result.levels_after)
        self.laps = [result.laps_after[0], result.laps_after[1]]
        if result.match_winner is not None:
            events += self._end_match(result.match_winner, MatchOverReason.PASSED_END_LEVEL)
        elif self.time_called:
            events += self._time_up()
        return events

    def _level_index(self, dealer: int) -> int:
        """Where the dealer's level is kept: its team's (fixed partners), or its own (找朋友)."""
        return dealer % 2 if len(self.levels) == 2 else dealer

    def _sanction(self, action: Action) -> list[Event]:
        """A penalty, an awarded hand or a disqualification (``engine.sanctions``; fixed partners only)."""
        h = self.hand
        if not self.rules.shape.fixed_partners:
            raise IllegalAction("friends.no_team_sanctions")
        events: list[Event]
        if isinstance(action, Penalize):
            sanction, points = sanctions.penalize(h, action.team, action.points, action.reason)
            events = [Penalized(action.team, action.points, action.reason, h.number, points)]
        elif isinstance(action, AwardHand):
            sanction, result = sanctions.award(h, action.team, action.reason, (self.levels[0], self.levels[1]),
                                               (self.laps[0], self.laps[1]))
            events = [HandAwarded(action.team, action.reason, h.number), *self._settled(result)]
        else:
            assert isinstance(action, Disqualify)
            sanction = sanctions.disqualify(h, action.team, action.reason)
            events = [Disqualified(action.team, action.reason),
                      *self._end_match(1 - action.team, MatchOverReason.DISQUALIFIED)]
        self.sanctions.append(sanction)
        return events

    def _end_match(self, winner: int | None, reason: MatchOverReason) -> list[Event]:
        self.match_winner = winner
        self.match_over_reason = reason
        return [MatchOver(winner, reason, tuple(self.levels),
                          (self.match_points[0], self.match_points[1]))]

    def _start_next_hand(self) -> list[Event]:
        if self.hand.phase is not Phase.HAND_OVER:
            raise IllegalAction("action.wrong_phase", phase=str(self.hand.phase))
        self.hand = self._new_hand(self.hand.number + 1, self.results[-1].next_dealer, 0)
        return [self._hand_started()]

    def _stop_match(self, draw: bool = False) -> list[Event]:
        """Time is called in a ``timed`` match (RULES §8): between hands the match stops now; during a hand that
        hand is played to its end first."""
        if not self.rules.timed:
            raise IllegalAction("action.not_timed")
        if self.hand.phase is Phase.HAND_OVER and self.results:
            self.tie_draw = draw
            return self._time_up()
        if self.time_called:
            raise IllegalAction("action.time_already_called")
        self.time_called, self.tie_draw = True, draw
        return [TimeCalled(self.hand.number)]

    def _time_up(self) -> list[Event]:
        """More laps, then the higher level wins; a tie goes to the team on stage for the next hand."""
        on_stage = self.results[-1].next_dealer % 2
        winner: int | None = timed_winner((self.levels[0], self.levels[1]), on_stage, (self.laps[0], self.laps[1]))
        if self.tie_draw and timed_winner((self.levels[0], self.levels[1]), 1 - on_stage,
                                          (self.laps[0], self.laps[1])) != winner:
            winner = None  # level (and laps) equal: a draw
        return self._end_match(winner, MatchOverReason.TIME_UP)

    # -- serialization --------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole state (not the action log): ``Table.from_json(t.to_json()).to_json() == t.to_json()``. The
        penalties (``sanctions``) and ``tie_draw`` appear only when set: a table without them is stored as before."""
        out = {
            "format": STATE_FORMAT, "rules": self.rules.to_json(), "seed": self.seed, "version": self.version,
            "levels": list(self.levels), "match_points": list(self.match_points), "laps": list(self.laps),
            "time_called": self.time_called,
            "match_winner": self.match_winner, "match_over_reason": self.match_over_reason,
            "results": [result_to_json(r) for r in self.results], "hand": self.hand.to_json(),
        }
        if self.tie_draw:
            out["tie_draw"] = True
        if self.sanctions:
            out["sanctions"] = [x.to_json() for x in self.sanctions]
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Table:
        """Inverse of ``to_json``; ``actions`` starts empty (the state already includes ``version`` actions)."""
        rules = Rules.from_json(obj["rules"])
        table = cls(rules, obj["seed"])  # (its new first hand is replaced below)
        table.version = obj["version"]
        table.actions = []
        table.views = None
        table.levels = [Level.parse(level) for level in obj["levels"]]
        table.match_points = list(obj["match_points"])
        table.laps = list(obj.get("laps", [0, 0]))  # absent in states stored before v2
        table.time_called = bool(obj.get("time_called", False))
        table.tie_draw = bool(obj.get("tie_draw", False))
        # (absent in tables saved before sanctions existed)
        table.sanctions = [Sanction.from_json(x) for x in obj.get("sanctions", [])]
        table.match_winner = obj["match_winner"]
        reason = obj["match_over_reason"]
        table.match_over_reason = None if reason is None else MatchOverReason.parse(reason)
        table.results = [result_from_json(r) for r in obj["results"]]
        table.hand = HandState.from_json(rules, obj["hand"])
        return table

    def actions_json(self) -> list[dict[str, Any]]:
        return [a.to_json() for a in self.actions]

    @classmethod
    def replay_json(cls, rules: Any, seed: int, actions: Iterable[dict[str, Any]]) -> Table:
        return cls.replay(Rules.from_json(rules), seed, (action_from_json(a) for a in actions))
