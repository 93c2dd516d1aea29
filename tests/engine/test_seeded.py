"""``engine.seeded``: the deck's shuffle and the random players' choices draw exactly as ``random.Random`` does
(compiled or not), so every seed deals and plays the same hands as before the draws were compiled."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import shuffled_deck, two_decks
from engine.seeded import choice, generator, randbelow, randint, randrange, sample, shuffle


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


@given(st.integers(min_value=-2**70, max_value=2**70))
def test_a_generator_is_random_random_of_its_seed(seed: int) -> None:
    mine, theirs = generator(seed), random.Random(seed)
    assert type(mine) is random.Random and mine.getstate() == theirs.getstate()
    assert mine.gauss(0, 1) == theirs.gauss(0, 1) and mine.getstate() == theirs.getstate()


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.tuples(st.integers(min_value=0, max_value=120),
                                                                     st.integers(min_value=0, max_value=120)),
                                                           min_size=1, max_size=30))
def test_sample_randint_and_randrange_are_the_standard_draws(seed: int, draws: list[tuple[int, int]]) -> None:
    """Every branch of ``Random.sample`` (a pool up to 21 items, or 85 and more for 6 or more; else a set of
    drawn positions), ``randint`` and ``randrange``: the same items and the same generator state after them."""
    a, b = random.Random(seed), random.Random(seed)
    for n, k in draws:
        population = [f"x{i}" for i in range(n)]
        if k <= n:
            assert sample(a, population, k) == b.sample(population, k)
        else:
            with pytest.raises(ValueError):
                sample(a, population, k)
            with pytest.raises(ValueError):
                b.sample(population, k)
        if n:
            assert randrange(a, n) == b.randrange(n)
        assert randint(a, min(n, k), max(n, k)) == b.randint(min(n, k), max(n, k))
    assert a.getstate() == b.getstate()


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
    with pytest.raises(ValueError):
        randint(random.Random(1), 2, 1)
    with pytest.raises(ValueError):
        randrange(random.Random(1), 0)
