"""The table deals and plays every fixed-partner shape (RULES §12.1, §13.1): one to four decks, four, six or eight
seats (even against odd seats). Whole hands of random legal play: no card created or lost, hand and kitty sizes
per the tables, the points sum to 100 per deck, and the state survives JSON."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, card_points
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


def _play_hand(table: Table, rng: random.Random) -> None:
    dealt_checked = False
    while table.phase is not Phase.HAND_OVER:
        if table.phase is Phase.DECLARING and not dealt_checked:
            shape = table.rules.shape
            assert [len(h) for h in table.hand.hands] == [shape.hand_size] * shape.players
            assert len(table.hand.kitty) == shape.kitty
            dealt_checked = True
        table.apply(random_action(table, rng))


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.sampled_from([4, 6, 8]), st.integers(0, 10**6))
def test_a_whole_hand_of_every_shape(decks: int, players: int, seed: int) -> None:
    rules = Rules.from_preset("standard", decks=decks, players=players)
    table = Table.new(rules, seed)
    _play_hand(table, random.Random(seed))
    hand, result = table.hand, table.results[-1]
    played = [c for trick in hand.tricks for _, cards in trick.plays for c in cards]
    assert Counter(played + hand.kitty) == Counter({c: decks for c in ALL_CARDS})  # nothing created or lost
    assert all(len(t.plays) == players and len({len(c) for _, c in t.plays}) == 1 for t in hand.tricks)
    assert sum(t.points for t in hand.tricks) + card_points(hand.kitty) == 100 * decks
    assert not any(hand.hands)
    assert 0 <= result.next_dealer < players and result.next_dealer % 2 in (0, 1)
    assert Table.from_json(table.to_json()).to_json() == table.to_json()


def test_six_seats_play_in_turn_and_partners_are_even_or_odd() -> None:
    rules = Rules.from_preset("standard", players=6)
    table = Table.new(rules, 7)
    _play_hand(table, random.Random(7))
    for trick in table.hand.tricks:
        seats = [seat for seat, _ in trick.plays]
        assert seats == [(trick.leader + k) % 6 for k in range(6)]
    result = table.results[-1]
    dealer = result.dealer
    assert result.next_dealer == ((dealer + 1) % 6 if result.defenders_take_over else (dealer + 2) % 6)


def test_a_trick_is_complete_when_every_seat_played() -> None:
    table = Table.new(Rules.from_preset("standard", players=8, decks=4), 3)
    rng = random.Random(3)
    while not table.hand.tricks:
        table.apply(random_action(table, rng))
        trick = table.hand.current_trick_view() if table.phase is Phase.PLAYING else None
        assert trick is None or trick.complete is (len(trick.plays) == 8)
    assert table.hand.tricks[0].complete
    assert Table.from_json(table.to_json()).hand.tricks[0].complete
