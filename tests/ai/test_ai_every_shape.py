"""Every AI level plays every table shape legally (RULES §12–§13): one to four decks, four to eight seats, fixed
partners (even against odd seats) and 找朋友, whole hands from the deal to settlement. ``Table.apply`` raises
``IllegalAction`` on any action the rules refuse, so a hand that settles is a hand of legal actions only."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.ai import choose_action
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

LEVELS = ("random", "basic", "strong")


def play_hand(rules: Rules, seed: int, levels: list[str]) -> Table:
    """The first hand of ``Table.new(rules, seed)`` with ``levels[seat]`` at each seat (strong: one sampled deal
    per decision), system actions by the table's random actions."""
    table = Table.new(rules, seed)
    rng = random.Random(seed)
    while table.phase is not Phase.HAND_OVER:
        seats = table.to_act()
        if table.phase is Phase.DEALING or not seats:
            table.apply(random_action(table, rng))
            continue
        action = choose_action(table.seat_view(seats[0]), levels[seats[0]], rng, iterations=1)
        table.apply(action if action is not None else random_action(table, rng))
    return table


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks=st.integers(1, 4), players=st.integers(4, 8), friends=st.booleans(), seed=st.integers(0, 10**6),
       strong=st.integers(-1, 7), others=st.lists(st.sampled_from(LEVELS[:2]), min_size=8, max_size=8))
def test_every_level_plays_every_shape_legally(decks: int, players: int, friends: bool, seed: int, strong: int,
                                               others: list[str]) -> None:
    assume(friends or players % 2 == 0)  # fixed partners need an even table
    rules = Rules.from_preset("standard", decks=decks, players=players, mode="friends" if friends else "tractor")
    levels = ["strong" if seat == strong else others[seat] for seat in range(players)]
    table = play_hand(rules, seed, levels)
    assert table.phase is Phase.HAND_OVER and not any(table.hand.hands)  # every card played, the hand settled
    assert len(table.results) == 1 and bool(table.results[-1].team) == friends
