"""The playing phase of a hand (出牌): the 25 tricks, played on a ``PlayingHand`` (``engine.hand.HandState``).

A lead is decomposed into units; a throw (甩牌) that another seat can beat fails — the smallest beaten unit is
played instead and the thrower's side pays ``throw_penalty``; a follow must keep the lead's format as far as the
hand allows (``engine.follow``). The trick's winner is kept as plays arrive; the defenders (闲家) score the
points of the tricks they win. Every check runs before any change, so an ``IllegalAction`` changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine import builders
from engine.cardrules import trick as core_trick
from engine.cardrules.tables import SUITS, TRUMP, rule_tables
from engine.cards import Card, remove_cards
from engine.errors import IllegalAction
from engine.events import Event, FriendJoined, ThrowFailed
from engine.follow import follow_error
from engine.friends import Friends, joined_events
from engine.friends_settlement import defender_points
from engine.rules import Rules
from engine.throws import check_throw, throw_penalty
from engine.trick import trick_winner
from engine.trump import TrumpContext
from engine.units import Lead, Shape, decompose_lead
from engine.views import Phase, ThrowFailure, TrickView

_PLAYING: Final = Phase.PLAYING  # a module constant reads faster than an enum member on hot paths
_SINGLE: Final[Shape] = (0,)


@dataclass
class PlayingHand:
    """What the playing phase reads and changes of a hand: the base of ``engine.hand.HandState``, which defines
    the methods. A native class (not a protocol): compiled, its fields are read in place, not looked up."""

    rules: Rules
    phase: Phase = Phase.DEALING
    hands: list[list[Card]] = field(default_factory=lambda: [[], [], [], []])
    players: int = 4  # seats at the table (RULES §13.1); the hands are theirs
    friends: Friends | None = None  # 找朋友: the calls and the dealer's team so far (None with fixed partners)
    won: list[int] = field(default_factory=list)  # 找朋友: the points each seat has won in tricks (§13.5)
    leader: int = 0
    trick: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    tricks: list[TrickView] = field(default_factory=list)
    defender_points: int = 0
    penalties: list[ThrowFailure] = field(default_factory=list)
    winning: int = 0  # the seat winning the current trick so far (kept as plays arrive)

    def to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def ctx(self) -> TrumpContext:
        raise NotImplementedError

    def trick_lead(self) -> Lead | None:
        raise NotImplementedError

    def dealer_team(self) -> int | None:
        raise NotImplementedError


def play(hand: PlayingHand, seat: int, cards: tuple[Card, ...]) -> tuple[list[Event], bool]:
    """Lead or follow. Returns (events, hand_finished)."""
    if hand.phase is not _PLAYING:
        raise IllegalAction("action.wrong_phase", phase=str(hand.phase))
    trick, hands = hand.trick, hand.hands
    players = hand.players
    if seat != (hand.leader + len(trick)) % players:  # hand.to_act()[0] while playing, without the call
        raise IllegalAction("action.not_your_turn")
    if not cards:
        raise IllegalAction("play.empty")
    rest = _without(hands[seat], cards)  # the hand after the play (if the play holds)
    if rest is None:
        raise IllegalAction("play.not_in_hand")
    ctx = hand.ctx()
    events: list[Event] = []
    led: Lead | None = None
    if not trick:
        lead = decompose_lead(cards, ctx)  # raises play.mixed_suits
        if lead.is_throw:
            others = [hands[(seat + k) % players] for k in range(1, players)]
            check = check_throw(cards, others, ctx)
            if check.failed:
                events.append(throw_failed(hand, seat, cards, check.forced, check.beaten_unit))
                cards = tuple(check.forced)
                rest = remove_cards(hands[seat], cards)
    else:
        led = hand.trick_lead()
        assert led is not None  # the trick has a lead
        key = follow_error(led, hands[seat], cards, ctx)
        if key is not None:
            raise IllegalAction(key)
    hands[seat] = rest
    trick.append((seat, tuple(cards)))
    hand.winning = winner_after_play(hand, ctx, led)
    events.append(builders.played(seat, tuple(cards)))
    if len(trick) < players:
        return events, False
    return events + finish_trick(hand), not hands[0]


def _without(hand: list[Card], cards: tuple[Card, ...]) -> list[Card] | None:
    """``cards_without(hand, cards)`` on a hand's list and a play's tuple (compiled: both read in place, without
    iterators): the first equal card of each played card goes, order kept; None if one is not in ``hand``."""
    rest = hand[:]
    for c in cards:
        i = c.index
        n = len(rest)
        k = 0
        while k < n and rest[k].index != i:
            k += 1
        if k == n:
            return None
        del rest[k]
    return rest


def winner_after_play(hand: PlayingHand, ctx: TrumpContext, lead: Lead | None = None) -> int:
    """The seat winning the trick once its last play is added: ``trick_winner`` folds left over the
    plays, so only the new play is compared with the one winning so far. ``lead``: the trick's decomposed lead
    when the caller has it (else ``hand.trick_lead()``)."""
    trick = hand.trick
    if len(trick) == 1:
        return trick[0][0]
    winning = hand.winning
    best: tuple[Card, ...] | None = None
    for k in range(len(trick) - 1):
        if trick[k][0] == winning:
            best = trick[k][1]
            break
    if best is None:  # not kept (an inconsistent state): compare every play
        return trick[trick_winner([c for _, c in trick], ctx)][0]
    if lead is None:
        lead = hand.trick_lead()
        assert lead is not None
    seat, cards = trick[-1]
    r = rule_tables(ctx)
    led = SUITS[lead.suit]
    if len(cards) == 1 and len(best) == 1 and lead.shape == _SINGLE:  # a single led (most tricks): no index lists
        card = cards[0].index
        suit = r.suit[card]
        value = r.value
        if (suit == led or (suit == TRUMP and led != TRUMP)) and value[card] > value[best[0].index]:
            return seat
        return winning
    played = [c.index for c in cards]
    if core_trick.has_format(r, led, lead.shape, played) and core_trick.beats(
            r, lead.shape, played, [c.index for c in best]):
        return seat
    return winning


def throw_failed(hand: PlayingHand, seat: int, attempted: tuple[Card, ...], forced: tuple[Card, ...],
                 beaten: tuple[Card, ...]) -> Event:
    """甩牌失败: the smallest beaten unit is played; the penalty moves the defenders' points."""
    magnitude = throw_penalty(len(attempted), len(attempted) - len(forced), hand.rules)
    friends = hand.friends
    on_dealer_team = seat % 2 == hand.dealer_team() if friends is None else friends.on_team(seat)
    penalty = magnitude if on_dealer_team else -magnitude  # 找朋友: by the team known now, settled by the final one
    hand.defender_points += penalty
    failure = ThrowFailure(seat, tuple(attempted), tuple(forced), tuple(beaten), penalty)
    hand.penalties.append(failure)
    return ThrowFailed(seat, failure.attempted, failure.forced, failure.beaten_unit, penalty)


def finish_trick(hand: PlayingHand) -> list[Event]:
    """The last play: the winner takes the trick (its points go to the defenders if they won it) and leads."""
    winner = hand.winning
    trick = hand.trick
    points = 0
    for _, cards in trick:
        for c in cards:  # (a typed tuple: card_points would walk it through an iterator)
            points += c.points
    joined: list[Event] = []
    if hand.friends is not None:
        joined = _reveal(hand, winner, points)
    elif winner % 2 != hand.dealer_team():
        hand.defender_points += points
    hand.tricks.append(builders.trick_view(hand.leader, tuple(trick), winner, points, hand.players))
    hand.trick = []
    hand.leader = winner
    return [builders.trick_won(winner, points, hand.defender_points, len(hand.tricks)), *joined]


def _reveal(hand: PlayingHand, winner: int, points: int) -> list[Event]:
    """找朋友 at the end of a trick: the winner keeps the points; called copies reveal friends (RULES §13.4-13.5);
    the defenders' points are those held by players not on the dealer's team so far (penalties by team)."""
    before = hand.friends
    assert before is not None
    hand.won[winner] += points
    after = before.after_trick(hand.trick, hand.rules)
    hand.friends = after
    won = dict(enumerate(hand.won))
    penalties: dict[int, int] = {}
    for p in hand.penalties:
        penalties[p.seat] = penalties.get(p.seat, 0) + abs(p.penalty)
    hand.defender_points = defender_points(won, penalties, after.team)
    number = len(hand.tricks) + 1
    return [FriendJoined(seat, call.card, call.ordinal, number) for seat, call in joined_events(before, after)]
