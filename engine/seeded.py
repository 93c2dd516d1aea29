"""Seeded draws, bit for bit those of ``random.Random`` (its ``shuffle`` and ``choice``), compiled with the rules.

The deck's shuffle and the random players' choices are the same draws as the standard library makes from the
same generator state (``getrandbits`` and rejection, as CPython's ``Random._randbelow``), so every seed deals and
plays the same hands with or without the compiled build; only the Python-level loop is gone. A subclass of
``random.Random`` (which may draw differently) is left to its own methods."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def randbelow(rng: random.Random, n: int) -> int:
    """A number in ``[0, n)`` (``n > 0``), as ``Random._randbelow_with_getrandbits`` draws it."""
    k = n.bit_length()
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
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
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
