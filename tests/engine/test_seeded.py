"""``engine.seeded``: the deck's shuffle and the random players' choices draw exactly as ``random.Random`` does
(compiled or not), so every seed deals and plays the same hands as before the draws were compiled."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import shuffled_deck, two_decks
from engine.seeded import choice, randbelow, shuffle


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=120))
def test_shuffle_is_random_shuffle(seed: int, n: int) -> None:
    mine, theirs = list(range(n)), list(range(n))
    a, b = random.Random(seed), random.Random(seed)
    shuffle(a, mine)
    b.shuffle(theirs)
    assert mine == theirs and a.getstate() == b.getstate()


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(min_value=1, max_value=300), min_size=1,
                                                            max_size=40))
def test_choice_and_randbelow_are_the_standard_draws(seed: int, sizes: list[int]) -> None:
    a, b = random.Random(seed), random.Random(seed)
    for n in sizes:
        seq = list(range(n))
        assert choice(a, seq) == b.choice(seq)
    assert a.getstate() == b.getstate()
    assert [randbelow(a, n) for n in sizes] == [b._randbelow(n) for n in sizes]  # type: ignore[attr-defined]


def test_the_deck_is_the_standard_shuffle_of_two_decks() -> None:
    for seed in (0, 1, 7, 2**63 + 5):
        deck = two_decks()
        random.Random(seed).shuffle(deck)
        assert shuffled_deck(seed) == deck


def test_an_empty_choice_raises_and_a_subclass_draws_its_own_way() -> None:
    with pytest.raises(IndexError):
        choice(random.Random(1), [])

    class Loaded(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def]
            return seq[-1]

        def shuffle(self, x):  # type: ignore[no-untyped-def]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Loaded(1), items)
    assert items == [3, 2, 1] and choice(Loaded(1), items) == 1
