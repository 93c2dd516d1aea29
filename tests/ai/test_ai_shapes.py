"""The AI players on other deck counts and in four-seat 找朋友 (RULES §12.1, §13.3): their bury has the kitty's
size, and the dealer calls friends with it, so every action they choose is one the table accepts."""

from __future__ import annotations

import random

import pytest

from engine.actions import Bury
from engine.ai import choose_action
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


def _play_hand(table: Table, level: str, seed: int) -> list[Bury]:
    """One hand with ``level`` at every seat (the deal by the system's random actions); the buries made."""
    rng = random.Random(seed)
    buries: list[Bury] = []
    while table.phase is not Phase.HAND_OVER:
        seats = table.to_act()
        if table.phase is Phase.DEALING or not seats:
            table.apply(random_action(table, rng))
            continue
        action = choose_action(table.seat_view(seats[0]), level, rng, iterations=4)
        if action is None:
            table.apply(random_action(table, rng))
            continue
        if isinstance(action, Bury):
            buries.append(action)
        table.apply(action)  # raises if the AI chose an illegal action
    return buries


@pytest.mark.parametrize("decks", [1, 3])
@pytest.mark.parametrize("level", ["random", "basic"])
def test_the_ai_buries_the_kittys_count(decks: int, level: str) -> None:
    rules = Rules.from_preset("standard", decks=decks)
    buries = _play_hand(Table.new(rules, 4), level, 4)
    assert buries and all(len(b.cards) == rules.shape.kitty for b in buries)


@pytest.mark.parametrize("level", ["random", "basic"])
def test_the_ai_dealer_calls_friends_in_four_seat_friends(level: str) -> None:
    rules = Rules.from_preset("standard", players=4, mode="friends")
    table = Table.new(rules, 9)
    buries = _play_hand(table, level, 9)
    assert buries and all(len(b.calls) == rules.friend_calls for b in buries)
    assert table.results[-1].team[0] == table.hand.dealer
