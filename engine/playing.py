"""The playing phase of a hand (出牌): the 25 tricks, the state ``Playing`` (the trick in progress), and ``HandOver``.

A lead is decomposed into units; a throw (甩牌) that another seat can beat fails — the smallest beaten unit is
played instead and the thrower's side pays ``throw_penalty``; a follow must keep the lead's format as far as the
hand allows (``engine.follow``). The trick's winner is kept as plays arrive; the defenders (闲家) score the
points of the tricks they win (the hand's ``HandRecord.tricks`` and ``defender_points``). Every check runs before
any change, so an ``IllegalAction`` changes nothing.
"""

from __future__ import annotations

from typing import Final

from engine import builders
from engine.actions import Action, Play
from engine.cardrules import trick as core_trick
from engine.cardrules.tables import SUITS, TRUMP, rule_tables
from engine.cards import Card, card_points, remove_cards
from engine.errors import IllegalAction
from engine.events import Event, FriendJoined, ThrowFailed
from engine.follow import follow_error
from engine.friends import joined_events
from engine.friends_settlement import defender_points
from engine.legal import play_options
from engine.phase import HandPhase, HandRecord
from engine.throws import check_throw, throw_penalty
from engine.trick import trick_winner
from engine.trump import TrumpContext
from engine.units import Lead, Shape, decompose_lead
from engine.views import Phase, ThrowFailure, TrickView

_SINGLE: Final[Shape] = (0,)


class Playing(HandPhase):
    """出牌: the trick in progress — who ``leader`` led, the ``trick``'s plays so far, the seat ``winning`` it so
    far (kept as plays arrive); the seat after the last play acts."""

    leader: int
    trick: list[tuple[int, tuple[Card, ...]]]
    winning: int
    _lead: tuple[tuple[Card, ...], TrumpContext, Lead] | None  # the trick's lead decomposed (a cache)

    def __init__(self, leader: int, trick: list[tuple[int, tuple[Card, ...]]] | None = None,
                 winning: int = 0) -> None:
        super().__init__(Phase.PLAYING)
        self.leader = leader
        self.trick = [] if trick is None else trick
        self.winning = winning
        self._lead = None

    def to_act(self, hand: HandRecord) -> tuple[int, ...]:
        return ((self.leader + len(self.trick)) % hand.players,)

    def kitty_seen_by(self, hand: HandRecord, seat: int) -> bool:
        return hand.kitty_holder == seat

    def seat_actions(self, hand: HandRecord, seat: int) -> list[Action] | None:
        if seat != (self.leader + len(self.trick)) % hand.players:
            return []
        return [Play(seat=seat, cards=c) for c in play_options(hand.hands[seat], self.trick_lead(hand), hand.ctx())]

    def trick_lead(self, hand: HandRecord) -> Lead | None:
        """The current trick's lead, decomposed (kept while the trick lasts); None before the lead."""
        if not self.trick:
            return None
        cards = self.trick[0][1]
        ctx = hand.ctx()
        kept = self._lead
        if kept is None or kept[0] is not cards or kept[1] is not ctx:
            kept = self._lead = (cards, ctx, decompose_lead(cards, ctx))
        return kept[2]

    def trick_view(self, hand: HandRecord) -> TrickView | None:
        return self.current_trick_view(hand)

    def current_trick_view(self, hand: HandRecord) -> TrickView:
        trick = self.trick
        return TrickView(self.leader, tuple(trick), self.winning if trick else None,
                         sum(card_points(c) for _, c in trick), hand.players)

    def play(self, hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> tuple[list[Event], bool]:
        """Lead or follow. Returns (events, hand_finished)."""
        trick, hands = self.trick, hand.hands
        players = hand.players
        if seat != (self.leader + len(trick)) % players:  # self.to_act(hand)[0], without the call
            raise IllegalAction("action.not_your_turn")
        if not cards:
            raise IllegalAction("play.empty")
        ctx = hand.ctx()
        events: list[Event] = []
        led: Lead | None = None  # a follow's: the trick's lead
        leading: Lead | None = None  # a lead's, once it stands (a failed throw's forced cards are decomposed later)
        if trick:
            led = self.trick_lead(hand)
            assert led is not None  # the trick has a lead
            rest = _followed(hands[seat], cards, led, ctx)
        else:
            left = _without(hands[seat], cards)  # the hand after the play (if the play holds)
            if left is None:
                raise IllegalAction("play.not_in_hand")
            rest = left
            lead = leading = decompose_lead(cards, ctx)  # raises play.mixed_suits
            if lead.is_throw:
                others = [hands[(seat + k) % players] for k in range(1, players)]
                check = check_throw(cards, others, ctx)
                if check.failed:
                    events.append(throw_failed(hand, seat, cards, check.forced, check.beaten_unit))
                    cards = tuple(check.forced)
                    rest = remove_cards(hands[seat], cards)
                    leading = None
        hands[seat] = rest
        played = tuple(cards)
        trick.append((seat, played))
        if leading is not None:  # kept for the follows (``trick_lead``)
            self._lead = (played, ctx, leading)
        self.winning = self.winner_after_play(hand, ctx, led)
        events.append(builders.played(seat, played))
        if len(trick) < players:
            return events, False
        return events + self.finish_trick(hand), not hands[0]

    def winner_after_play(self, hand: HandRecord, ctx: TrumpContext, lead: Lead | None = None) -> int:
        """The seat winning the trick once its last play is added: ``trick_winner`` folds left over the
        plays, so only the new play is compared with the one winning so far. ``lead``: the trick's decomposed lead
        when the caller has it (else ``self.trick_lead(hand)``)."""
        trick = self.trick
        if len(trick) == 1:
            return trick[0][0]
        winning = self.winning
        best: tuple[Card, ...] | None = None
        for k in range(len(trick) - 1):
            if trick[k][0] == winning:
                best = trick[k][1]
                break
        if best is None:  # not kept (an inconsistent state): compare every play
            return trick[trick_winner([c for _, c in trick], ctx)][0]
        if lead is None:
            lead = self.trick_lead(hand)
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

    def finish_trick(self, hand: HandRecord) -> list[Event]:
        """The last play: the winner takes the trick (its points go to the defenders if they won it) and leads."""
        winner = self.winning
        trick = self.trick
        points = 0
        for _, cards in trick:
            for c in cards:  # (a typed tuple: card_points would walk it through an iterator)
                points += c.points
        joined: list[Event] = []
        if hand.friends is not None:
            joined = _reveal(hand, trick, winner, points)
        elif winner % 2 != hand.dealer_team():
            hand.defender_points += points
        hand.tricks.append(builders.trick_view(self.leader, tuple(trick), winner, points, hand.players))
        self.trick = []
        self.leader = winner
        return [builders.trick_won(winner, points, hand.defender_points, len(hand.tricks)), *joined]


class HandOver(HandPhase):
    """The hand is settled (or awarded), waiting for the next one. ``stopped``: the play as it stood when the hand
    ended (kept in the stored state), ``None`` when it ended before play began."""

    stopped: Playing | None

    def __init__(self, stopped: Playing | None) -> None:
        super().__init__(Phase.HAND_OVER)
        self.stopped = stopped


def _followed(held: list[Card], cards: tuple[Card, ...], lead: Lead, ctx: TrumpContext) -> list[Card]:
    """The hand ``held`` after following ``lead`` with ``cards``; raises why the follow is illegal (a card not
    held first, then ``engine.follow.follow_error``'s key). A single card on a single lead (most plays): one pass
    over the hand finds the card and whether the led suit is held."""
    if len(cards) != 1 or lead.size != 1:
        rest = _without(held, cards)
        if rest is None:
            raise IllegalAction("play.not_in_hand")
        key = follow_error(lead, held, cards, ctx)
        if key is not None:
            raise IllegalAction(key)
        return rest
    suit = rule_tables(ctx).suit_vec  # (54 machine integers compiled: every held card is read)
    led = SUITS[lead.suit]
    card = cards[0].index
    at = -1
    holds_led = False
    n = len(held)
    for k in range(n):
        i = held[k].index
        if i == card and at < 0:
            at = k
        if suit[i] == led:
            holds_led = True
            if at >= 0:
                break
    if at < 0:
        raise IllegalAction("play.not_in_hand")
    if holds_led and suit[card] != led:
        raise IllegalAction("play.must_follow_suit")
    rest = held[:]
    del rest[at]
    return rest


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


def throw_failed(hand: HandRecord, seat: int, attempted: tuple[Card, ...], forced: tuple[Card, ...],
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


def _reveal(hand: HandRecord, trick: list[tuple[int, tuple[Card, ...]]], winner: int, points: int) -> list[Event]:
    """找朋友 at the end of a trick: the winner keeps the points; called copies reveal friends (RULES §13.4-13.5);
    the defenders' points are those held by players not on the dealer's team so far (penalties by team)."""
    before = hand.friends
    assert before is not None
    hand.won[winner] += points
    after = before.after_trick(trick, hand.rules)
    hand.friends = after
    won = dict(enumerate(hand.won))
    penalties: dict[int, int] = {}
    for p in hand.penalties:
        penalties[p.seat] = penalties.get(p.seat, 0) + abs(p.penalty)
    hand.defender_points = defender_points(won, penalties, after.team)
    number = len(hand.tricks) + 1
    return [FriendJoined(seat, call.card, call.ordinal, number) for seat, call in joined_events(before, after)]
