"""Seeded draws, bit for bit those of ``random.Random`` (its seeding, ``shuffle``, ``choice``, ``randrange``,
``randint`` and ``sample``), compiled with the rules.

The deck's shuffle and the random players' choices are the same draws as the standard library makes from the
same generator state (``getrandbits`` and rejection, as CPython's ``Random._randbelow``), so every seed deals and
plays the same hands with or without the compiled build; only the Python-level loop is gone. A subclass of
``random.Random`` (which may draw differently) is left to its own methods."""

from __future__ import annotations

import _random
import math
import random
from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_NEW: Final = random.Random.__new__  # (unseeded: ``random.Random``'s ``__init__`` seeds)
_SEED: Final = _random.Random.seed  # the C generator's own ``seed`` (``Random.seed`` ends by calling it)


def generator(seed: int) -> random.Random:
    """``random.Random(seed)`` for an int ``seed``: the same generator state, seeded by the C generator's ``seed``
    without the two Python-level calls (``__init__``, ``seed``) in front of it (a few microseconds a deal)."""
    rng: random.Random = _NEW(random.Random)
    _SEED(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # (as ``Random.seed`` sets it)
    return rng


#: ``n.bit_length()`` of the small numbers drawn below (a table read: compiled, the method is a generic call)
_BIT_LENGTH: Final[tuple[int, ...]] = tuple(n.bit_length() for n in range(1024))


def randbelow(rng: random.Random, n: int) -> int:
    """A number in ``[0, n)`` (``n > 0``), as ``Random._randbelow_with_getrandbits`` draws it."""
    k = _BIT_LENGTH[n] if 0 <= n < 1024 else n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)`` (Fisher–Yates from the end, the same draws)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits  # (bound once: a method call looks the method up on every draw)
    k = len(items).bit_length()  # n.bit_length() of each n below, kept as n falls past a power of two
    low = 1 << (k - 1) if k else 0
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        if n < low:
            k -= 1
            low >>= 1
        j: int = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)`` (``IndexError`` on an empty sequence)."""
    if type(rng) is not random.Random:
        return rng.choice(seq)
    if not len(seq):
        raise IndexError("Cannot choose from an empty sequence")
    return seq[randbelow(rng, len(seq))]


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (``n > 0``)."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    if n <= 0:
        raise ValueError("empty range for randrange()")
    return randbelow(rng, n)


def randint(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)`` (``a <= b``): ``a + randbelow(b - a + 1)``, as ``Random.randrange`` draws it."""
    if type(rng) is not random.Random:
        return rng.randint(a, b)
    if b < a:
        raise ValueError(f"empty range for randint({a}, {b})")
    return a + randbelow(rng, b - a + 1)


def sample(rng: random.Random, population: list[T], k: int) -> list[T]:
    """``rng.sample(population, k)``: a pool of the ``n`` items while that is smaller than a ``k``-item set (items
    drawn from the pool and their places refilled from its end), else draws of positions, a drawn one drawn again."""
    if type(rng) is not random.Random:
        return rng.sample(population, k)
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    setsize = 21  # (CPython's: a small set's size minus an empty list's)
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    result: list[T] = []
    if n <= setsize:
        pool = population[:]
        for i in range(k):
            j = randbelow(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
        return result
    selected: set[int] = set()
    for _ in range(k):
        j = randbelow(rng, n)
        while j in selected:
            j = randbelow(rng, n)
        selected.add(j)
        result.append(population[j])
    return result
