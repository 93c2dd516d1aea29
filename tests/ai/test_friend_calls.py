"""The AI dealer's friend calls (找朋友, RULES §13.3; ``engine.ai.calls``): legal under every ``friend_cards`` policy,
the top allowed card of a short suit, and a copy another player must play whenever the policy allows one."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bury
from engine.ai import suggest
from engine.ai.calls import call_suits, choose_calls
from engine.cards import Card, parse_cards
from engine.friends import FriendCall, check_calls
from engine.randomplay import random_action
from engine.rules import Rules
from engine.shape import DECK_CARDS
from engine.table import Table
from engine.views import Phase

ALL = [Card(r, s) for s in "SHCD" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")]
ALL += parse_cards("SJ BJ")


def _rules(players: int, policy: str = "no_trumps", decks: int | None = None) -> Rules:
    extra = {} if decks is None else {"decks": decks}
    return Rules.from_preset("standard", players=players, mode="friends", friend_cards=policy, **extra)


def test_the_top_card_of_the_shortest_held_suit_first_void_suits_last() -> None:
    hand = parse_cards("3S 4S 5S 6S 7S 9H 8H 2C BJ 5D 5D 6D")  # level 5: the 5s are trumps; trump S
    assert call_suits(hand, "5", "S") == ["C", "D", "H"]
    calls = choose_calls(hand, (), "5", "S", _rules(6))  # two calls, three decks
    assert calls == (FriendCall(Card("A", "C"), 1), FriendCall(Card("A", "D"), 1))


def test_a_card_the_dealer_holds_is_called_one_copy_later() -> None:
    hand = parse_cards("AC 2C 3C AD 4D 4D 7H 8H 9H 10H")  # holds AC and AD, no AH: AH first
    rules = _rules(8)  # three calls, four decks
    calls = choose_calls(hand, (), "2", "S", rules)
    assert calls[0] == FriendCall(Card("A", "H"), 1)
    assert all(c.card not in hand for c in calls)  # Ks of the short suits come before the dealer's own aces
    assert [c.card for c in calls] == [Card("A", "H"), Card("K", "C"), Card("K", "D")]


def test_never_its_own_copy_with_one_deck() -> None:
    hand = parse_cards("AH KH AC AD 3S")  # one deck: each ace it holds is the only copy
    assert choose_calls(hand, (), "2", "S", _rules(4, decks=1)) == (FriendCall(Card("K", "C"), 1),)


def test_a_copy_buried_in_the_kitty_is_not_called() -> None:
    hand = parse_cards("2C 3C 4D 5D 6D 7H 8H 9H")  # 2C is a trump (level 2): clubs shortest, then H, D (ties: S H C D)
    # the one AC is buried: the next suit's ace
    assert choose_calls(hand, parse_cards("AC"), "2", "S", _rules(4, decks=1)) == (FriendCall(Card("A", "H"), 1),)


@pytest.mark.parametrize("policy", ["no_trumps", "trumps_included", "no_highest", "no_points"])
@settings(max_examples=30, deadline=None)
@given(players=st.integers(4, 8), seed=st.integers(0, 10**6), level=st.sampled_from(["2", "5", "10", "K", "A"]),
       trump=st.sampled_from(["S", "H", "C", "D", "NT"]))
def test_the_calls_are_legal_and_avoid_the_dealer_whenever_they_can(policy: str, players: int, seed: int, level: str,
                                                                   trump: str) -> None:
    rules = _rules(players, policy)
    deck = ALL * rules.decks
    random.Random(seed).shuffle(deck)
    shape = rules.shape
    assert len(deck) == DECK_CARDS * rules.decks
    hand, kitty = deck[:shape.hand_size], deck[shape.hand_size:shape.hand_size + shape.kitty]
    calls = choose_calls(hand, kitty, level, trump, rules)
    check_calls(calls, level, trump, rules)  # raises on a wrong count, a duplicate or a card not allowed
    for call in calls:  # another player must play the called copy: the dealer's own copies come before it
        assert call.ordinal == hand.count(call.card) + 1
        assert rules.decks - hand.count(call.card) - kitty.count(call.card) >= 1


@pytest.mark.parametrize("players", [5, 6, 8])
def test_a_human_dealers_hint_buries_with_its_calls(players: int) -> None:
    rules = _rules(players)
    table, rng = Table.new(rules, players), random.Random(players)
    while table.phase is not Phase.BURYING:
        table.apply(random_action(table, rng))
    [seat] = table.to_act()
    hint = suggest(table.seat_view(seat))
    assert isinstance(hint, Bury) and len(hint.calls) == rules.friend_calls
    table.apply(hint)  # legal as it is: the hint a player clicks is played
    assert table.phase is Phase.PLAYING and table.hand.friends is not None
