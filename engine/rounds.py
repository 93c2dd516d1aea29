"""The kitty (扣底) and the rounds of overcalls after the bury (RULES §5 v2): the phases ``Burying``, ``KittyOvercall``.

The kitty (底牌) goes to the dealer once the declaration window closes (``engine.window``), or to a seat that
overcalls in a round after the bury; its holder buries 8 cards (point cards allowed). Then:

- 炒地皮 rounds after the bury (``kitty_overcall: true``, ``concealed``: repeated from each new burier's next seat
  until a full round passes; ``no_trump_only`` (反无主): one round from the dealer's next seat to the dealer, not
  in the first hand, continued after an overcaller re-buries). A round never opens when nobody declared (the
  trump came from ``no_declaration``). The seat asked overcalls from its own hand and takes up the buried cards.
- 暗扣暗反 (``concealed``): declarations and overcalls are made face down (``engine.bids``); they are turned up
  when the round after the bury ends (a joker pair is shown at once and turns them all up; nothing follows it).

When no round opens (or the last one ends) the face-down declarations are turned up and play begins.
"""

from __future__ import annotations

import logging

from engine import builders
from engine.actions import Action
from engine.cards import Card, cards_without, is_sub_multiset
from engine.declaring import (
    CONCEALED,
    KITTY,
    NO_TRUMP,
    NO_TRUMP_ONLY,
    check_declaration,
    declaration_kind,
    kitty_round_mode,
)
from engine.errors import IllegalAction
from engine.events import Buried, Event, FriendsCalled, KittyOvercallRound, KittyTaken, PlayStarted
from engine.friends import FriendCall, Friends, check_calls
from engine.phase import HandPhase, HandRecord, declaring_choices
from engine.playing import Playing
from engine.views import Phase

log = logging.getLogger(__name__)

KITTY_SIZE = 8  # two decks, four seats; every shape: ``Rules.shape.kitty`` (RULES §12.1)


class Burying(HandPhase):
    """扣底: the seat that took up the kitty (``HandRecord.kitty_holder``) buries."""

    def __init__(self) -> None:
        super().__init__(Phase.BURYING)

    def to_act(self, hand: HandRecord) -> tuple[int, ...]:
        return (hand.kitty_holder,) if hand.kitty_holder is not None else ()

    def kitty_seen_by(self, hand: HandRecord, seat: int) -> bool:
        return hand.kitty_holder == seat

    def bury(self, hand: HandRecord, seat: int, cards: tuple[Card, ...], calls: tuple[FriendCall, ...]) -> list[Event]:
        return bury(hand, seat, cards, calls)


class KittyOvercall(HandPhase):
    """炒地皮: a round of overcalls after the bury; the seat asked (``hand.bids.queue``'s first) overcalls or passes."""

    def __init__(self) -> None:
        super().__init__(Phase.KITTY_OVERCALL)

    def to_act(self, hand: HandRecord) -> tuple[int, ...]:
        return hand.bids.turn()

    def kitty_seen_by(self, hand: HandRecord, seat: int) -> bool:
        return hand.kitty_holder == seat

    def seat_actions(self, hand: HandRecord, seat: int) -> list[Action] | None:
        return declaring_choices(hand, seat)

    def declare(self, hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        return overcall(hand, seat, cards)

    def pass_turn(self, hand: HandRecord, seat: int) -> list[Event]:
        return pass_turn(hand, seat)


def give_kitty(hand: HandRecord, seat: int) -> list[Event]:
    """The kitty goes into ``seat``'s hand (only that seat sees it): it is to bury."""
    hand.kitty_holder = seat
    hand.hands[seat].extend(hand.kitty)
    hand.state = Burying()
    return [KittyTaken(seat, tuple(hand.kitty), to=seat), KittyTaken(seat)]


def bury(hand: HandRecord, seat: int, cards: tuple[Card, ...], calls: tuple[FriendCall, ...] = ()) -> list[Event]:
    """The kitty holder buries as many cards as the kitty held (8 with two decks; point cards allowed). In 找朋友
    the dealer names its friend calls with it (RULES §13.3), public as play begins."""
    if seat != hand.kitty_holder:
        raise IllegalAction("action.not_your_turn")
    size = hand.rules.shape.kitty
    if len(cards) != size:
        raise IllegalAction("bury.wrong_count", count=len(cards), size=size)
    rest = cards_without(hand.hands[seat], cards)
    if rest is None:
        raise IllegalAction("bury.not_in_hand")
    finds_friends = not hand.rules.shape.fixed_partners
    if finds_friends:
        assert hand.trump is not None
        check_calls(calls, hand.level, hand.trump, hand.rules)
    elif calls:
        raise IllegalAction("friends.not_friends_mode")
    hand.hands[seat] = rest
    hand.kitty = list(cards)
    events: list[Event] = [Buried(seat, tuple(cards), to=seat), Buried(seat)]
    if finds_friends:  # (with no call at all — friends=0 — the dealer plays alone)
        hand.friends = Friends.start(seat, calls)
        events.append(FriendsCalled(seat, tuple((str(c.card), c.ordinal) for c in calls)))
    return events + round_after_bury(hand, seat)


def begin_play(hand: HandRecord) -> list[Event]:
    """Tricks begin: the dealer leads."""
    assert hand.dealer is not None
    hand.state = Playing(hand.dealer)
    return [PlayStarted(hand.dealer, hand.trump)]


# -- rounds after the bury ----------------------------------------------------------------------------------
def overcall(hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> list[Event]:
    """炒地皮: the seat whose turn it is overcalls from its own hand and takes up the buried cards."""
    bids = hand.bids
    if not bids.queue or bids.queue[0] != seat:
        raise IllegalAction("action.not_your_turn")
    if not is_sub_multiset(cards, hand.hands[seat]):
        raise IllegalAction("declare.not_held")
    bids.check_not_repeated(seat, cards)
    trump = check_declaration(bids.declaration, seat, cards, hand.level, hand.rules, hand.first_hand, KITTY)
    kind = declaration_kind(bids.declaration, seat, cards, KITTY)
    events = bids.show(seat, tuple(cards), trump, kind, hand.rules, hand.first_hand)
    hand.trump = trump
    if kitty_round_mode(hand.rules) == NO_TRUMP_ONLY:  # the one round goes on with the seats after the overcaller
        bids.queue = [s for s in bids.queue if s != seat]
    else:  # a new round starts after its bury
        bids.queue = []
    return events + give_kitty(hand, seat)


def pass_turn(hand: HandRecord, seat: int) -> list[Event]:
    """Pass in a 炒地皮 round; the last pass ends it (the face-down declarations are turned up, play begins)."""
    bids = hand.bids
    if not bids.queue or bids.queue[0] != seat:
        raise IllegalAction("action.not_your_turn")
    bids.queue.pop(0)
    events: list[Event] = [builders.passed(seat)]
    if not bids.queue:
        events += bids.reveal() + begin_play(hand)
    return events


def round_after_bury(hand: HandRecord, burier: int) -> list[Event]:
    """After a bury: open (or continue) a round of overcalls after the bury, or turn up and begin play."""
    mode = kitty_round_mode(hand.rules)
    queue = _next_round(hand, burier, mode)
    bids = hand.bids
    if not queue:
        bids.queue = []
        return bids.reveal() + begin_play(hand)
    bids.queue = queue
    hand.state = KittyOvercall()
    return [KittyOvercallRound(queue[0], mode)]


def _next_round(hand: HandRecord, burier: int, mode: str) -> list[int]:
    """The seats still to be asked, in order ([] = no round)."""
    bids = hand.bids
    decl = bids.declaration
    if mode == "false" or decl is None:  # never when the trump came from no_declaration
        return []
    if mode == NO_TRUMP_ONLY:
        if bids.queue:  # the one round goes on after an overcaller re-buried
            return list(bids.queue)
        players = hand.rules.players
        if hand.first_hand or bids.kitty_rounds or _strongest(decl.cards, hand.rules.decks):
            return []
        bids.kitty_rounds += 1
        assert hand.dealer is not None
        return [(hand.dealer + k) % players for k in range(1, players + 1)]
    if mode == CONCEALED and not decl.concealed and decl.trump == NO_TRUMP:
        return []  # a joker pair ended the overcalling
    bids.kitty_rounds += 1
    players = hand.rules.players
    return [(burier + k) % players for k in range(1, players)]


_BJ_PAIR = (Card("BJ", ""), Card("BJ", ""))


def _strongest(cards: tuple[Card, ...], decks: int) -> bool:
    """Nothing overcalls it: every big joker (``BJ BJ`` with two decks)."""
    return cards == _BJ_PAIR if decks == 2 else len(cards) == decks and all(c.rank == "BJ" for c in cards)
