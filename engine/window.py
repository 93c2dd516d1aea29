"""The declaration window of a hand (亮主/反主): the phase ``Declaring``, and declaring while the cards are dealt.

Seats declare while the cards are dealt and in the window after the deal; a declaration, overcall or
reinforcement is checked by ``engine.declaring`` and recorded in the hand's ``Bids``. The window closes when every
seat has passed since the last declaration (or the interface closes it): the standing declaration sets the trump
and, in the first hand, the dealer (抢庄); without one the rules' ``no_declaration`` decides (a redeal, the kitty's
cards, no trump, or 换庄). Then the kitty goes to the dealer (``engine.rounds``).

换庄 (``no_declaration: swap_dealer``, later hands): only the due dealer's team may make the first declaration in
the deal and its window; then a second window, in turn from the due dealer's next seat, for the other team at its
own level (谁亮主谁坐庄); then the first kitty card; then a redeal.
"""

from __future__ import annotations

import logging

from engine import builders, rounds
from engine.actions import Action
from engine.bids import Bids, SwapStage
from engine.cards import Card, is_sub_multiset
from engine.declaring import check_declaration, declaration_kind
from engine.errors import IllegalAction
from engine.events import DeclaringClosed, Event, Redeal, SwapDealer, SwapWindow
from engine.phase import HandPhase, HandRecord, declaring_choices
from engine.rules import Rules
from engine.trump import Trump
from engine.undeclared import trump_when_undeclared, turned_kitty_cards
from engine.views import Phase

log = logging.getLogger(__name__)


class Declaring(HandPhase):
    """The declaration window after the deal: every seat that has not passed since the last declaration may
    declare or pass (in 换庄's second window, in turn); the interface may close it (``close``)."""

    def __init__(self) -> None:
        super().__init__(Phase.DECLARING)

    def to_act(self, hand: HandRecord) -> tuple[int, ...]:
        return hand.bids.window_to_act(hand.players)

    def seat_actions(self, hand: HandRecord, seat: int) -> list[Action] | None:
        return declaring_choices(hand, seat)

    def declare(self, hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        return declare(hand, seat, cards)

    def pass_turn(self, hand: HandRecord, seat: int) -> list[Event]:
        return pass_turn(hand, seat)

    def window_closed(self, hand: HandRecord) -> bool:
        return not self.to_act(hand)

    def close(self, hand: HandRecord) -> tuple[list[Event], bool]:
        return close(hand)


def declare(hand: HandRecord, seat: int, cards: tuple[Card, ...]) -> list[Event]:
    """Declare, overcall or reinforce with cards the seat holds (only cards already drawn count): in the deal and
    in the window."""
    if not is_sub_multiset(cards, hand.hands[seat]):
        raise IllegalAction("declare.not_held")
    if seat not in hand.to_act():
        raise IllegalAction("action.not_your_turn")
    bids = hand.bids
    bids.check_not_repeated(seat, cards)
    trump = check_declaration(bids.declaration, seat, cards, hand.level, hand.rules, hand.first_hand,
                              only_team=bids.only_team(hand.dealer))
    kind = declaration_kind(bids.declaration, seat, cards)
    events = bids.show(seat, tuple(cards), trump, kind, hand.rules, hand.first_hand)
    if bids.first_declarer is None:
        bids.first_declarer = seat
    if kind != "reinforce":  # a reinforcement only makes overcalling harder: earlier passes stand
        bids.passed = set()
    if bids.swap_stage is SwapStage.OTHER:
        events += swap_declared(hand, seat)
    return events


def pass_turn(hand: HandRecord, seat: int) -> list[Event]:
    """Pass in the declaration window (until the next declaration, or for good in 换庄's second window)."""
    bids = hand.bids
    if seat in bids.passed:
        raise IllegalAction("declare.already_passed")
    if seat not in hand.to_act():
        raise IllegalAction("action.not_your_turn")
    if bids.swap_stage is SwapStage.OTHER:
        bids.queue.pop(0)
    bids.passed.add(seat)
    return [builders.passed(seat)]  # (built: no interpreted dataclass __init__)


def close(hand: HandRecord) -> tuple[list[Event], bool]:
    """Close the window: set trump and dealer, give the kitty. Returns (events, needs_redeal)."""
    bids = hand.bids
    how = "declared"
    if bids.declaration is not None:
        hand.trump = bids.declaration.trump
        if hand.dealer is None:
            hand.dealer = first_hand_dealer(hand.rules, bids)
    elif hand.dealer is None:
        return [Redeal("no_declaration_first_hand")], True
    elif bids.swap_stage is SwapStage.DUE:
        return open_second_window(hand), False
    else:
        trump = swap_kitty_card(hand) if bids.swap_stage else trump_when_undeclared(hand.kitty, hand.rules,
                                                                                      hand.level)
        if trump is None:
            return [Redeal("no_declaration")], True
        hand.trump, how = trump, f"no_declaration_{hand.rules.no_declaration}"
    assert hand.dealer is not None
    turned = turned_kitty_cards(hand.kitty, hand.rules, hand.level) if how.startswith("no_decl") else None
    events: list[Event] = [DeclaringClosed(bids.public_trump(hand.trump), hand.dealer, how, turned)]
    events += rounds.give_kitty(hand, hand.dealer)
    return events, False


def first_hand_dealer(rules: Rules, bids: Bids) -> int | None:
    """抢庄: the final declarer, the first (反主不反庄), or the last with level cards (一对王不能反庄)."""
    assert bids.declaration is not None
    policy = rules.first_hand_dealer
    if policy == "first_declarer":
        return bids.first_declarer
    if policy == "final_suit_declarer" and bids.suit_declarer is not None:
        return bids.suit_declarer
    return bids.declaration.seat


# -- 换庄 ---------------------------------------------------------------------------------------------------
def open_second_window(hand: HandRecord) -> list[Event]:
    """The due dealer's team declared nothing: the other team's window, in turn, at its own level."""
    bids = hand.bids
    assert hand.dealer is not None and bids.team_levels is not None
    other = 1 - hand.dealer % 2
    bids.swap_stage = SwapStage.OTHER
    hand.level = bids.team_levels[other]
    bids.queue = [(hand.dealer + 1) % 4, (hand.dealer + 3) % 4]
    bids.passed = set()
    return [SwapWindow(other, hand.level, bids.queue[0])]


def swap_declared(hand: HandRecord, seat: int) -> list[Event]:
    """谁亮主谁坐庄: the first declaration of the second window takes the deal; overcalls follow as usual."""
    hand.dealer = seat
    bids = hand.bids
    bids.swap_stage = SwapStage.NONE
    bids.queue = []
    bids.passed = set()
    return [SwapDealer(seat, hand.level)]


def swap_kitty_card(hand: HandRecord) -> Trump | None:
    """Nobody declared in either window: the first kitty card decides (its rank a team's level: that team
    deals at it with its suit as trump, the due team first); the trump, or ``None`` to redeal."""
    bids = hand.bids
    assert hand.dealer is not None and bids.team_levels is not None
    card = hand.kitty[0]
    if card.is_joker:
        return None
    due = hand.dealer
    for team, seat in ((due % 2, due), (1 - due % 2, (due + 1) % 4)):
        if card.rank == bids.team_levels[team]:
            hand.dealer, hand.level = seat, bids.team_levels[team]
            bids.swap_stage = SwapStage.NONE
            return Trump.of_suit(card.suit)
    return None
