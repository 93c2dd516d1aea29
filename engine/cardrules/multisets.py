"""Sub-multisets of a holding (on card indices), lazily and in preference order: every ``k`` cards of it by count
vector (``multisets``), and those that split into a lead's shape, pairs and tractors first (``shaped``). The
follow enumeration (``engine.cardrules.follow``) draws its legal follows from them.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator, Sequence

from engine.cardrules.tables import RuleTables
from engine.cardrules.units import Shape, counts_of, ordered, pair_cards, tractor_paths

log = logging.getLogger(__name__)


def multisets(cards: Sequence[int], k: int, rank: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``cards`` with ``k`` cards, preferred cards (lowest ``rank``) first: the
    count vectors over the distinct cards in decreasing lexicographic order."""
    first, copies = _tally(cards)
    return _multisets_of(first, copies, k, rank)


def _tally(cards: Sequence[int]) -> tuple[list[int], list[int]]:
    """The distinct cards in order of first appearance and their copies (``counts_of``'s keys and values),
    counted in a list by card index (0..53) instead of a dict."""
    items: list[int] = cards if isinstance(cards, list) else list(cards)  # (compiled: read without an iterator)
    seen = [0] * 64  # card index -> position in ``first`` + 1
    first: list[int] = []
    copies: list[int] = []
    for i in items:
        if not 0 <= i < 64:  # not a card index: counted in a dict
            counts = counts_of(cards)
            return list(counts), list(counts.values())
        at = seen[i]
        if at:
            copies[at - 1] = copies[at - 1] + 1
        else:
            first.append(i)
            copies.append(1)
            seen[i] = len(first)
    return first, copies


def _multisets_of(first: list[int], copies: list[int], k: int, rank: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """``multisets`` of the distinct cards ``first`` (in order of first appearance) with ``copies`` each."""
    distinct, avail = _preferred(first, copies, rank)
    return _walk(distinct, avail, k)


def _preferred(first: list[int], copies: list[int], rank: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The distinct cards ``first`` and their ``copies``, lowest ``rank`` first (ties: in order of first
    appearance, as ``units.ordered``)."""
    coded = [rank[c] * 64 + j for j, c in enumerate(first)] if len(first) <= 64 else []
    if coded:
        coded.sort()
        return [first[c & 63] for c in coded], [copies[c & 63] for c in coded]
    order = sorted(range(len(first)), key=lambda j: rank[first[j]])
    return [first[j] for j in order], [copies[j] for j in order]


def _walk(distinct: list[int], avail: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """The sub-multisets of ``k`` cards of ``distinct`` (``avail`` copies each, in preference order): the count
    vectors in decreasing lexicographic order."""
    return _two_of(distinct, avail) if k == 2 else _vectors(distinct, avail, k)


def _two_of(distinct: list[int], avail: list[int]) -> Iterator[tuple[int, ...]]:
    """``_walk`` of two cards (most multi-card follows: a pair led): two copies of a card if held, then the card
    with each later one."""
    m = len(distinct)
    for a in range(m):
        first = distinct[a]
        if avail[a] >= 2:
            yield (first, first)
        for b in range(a + 1, m):
            yield (first, distinct[b])


def _vectors(distinct: list[int], avail: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """``_walk``, by stepping the count vector to the next lower one."""
    if k == 1:
        for c in distinct:
            yield (c,)
        return
    m = len(distinct)
    suffix = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        suffix[i] = suffix[i + 1] + avail[i]
    if suffix[0] < k:
        return
    take = [0] * m
    chosen: list[int] = []  # the blocks of take[0..last] copies of each distinct card, in order
    last = _fill(distinct, avail, take, chosen, 0, k) if k else -1
    while True:
        yield tuple(chosen)
        # next vector: the last position that can give one card to the positions after it
        tail = 0
        i = last
        while i >= 0 and not (take[i] > 0 and suffix[i + 1] > tail):
            tail += take[i]
            i -= 1
        if i < 0:
            return
        for j in range(i + 1, last + 1):
            take[j] = 0
        for _ in range(tail + 1):
            chosen.pop()
        take[i] -= 1
        last = _fill(distinct, avail, take, chosen, i + 1, tail + 1)


def _fill(distinct: list[int], avail: list[int], take: list[int], chosen: list[int], start: int, need: int) -> int:
    """Take the preferred cards from ``start`` on; returns the last position taken from."""
    j = start
    while True:
        t = avail[j] if avail[j] < need else need
        take[j] = t
        for _ in range(t):
            chosen.append(distinct[j])
        need -= t
        if not need:
            return j
        j += 1


class _Shaped:
    """Sub-multisets of some cards that split into a shape's units, preferred pairs and tractors first
    (may repeat a multiset that splits in several ways; the caller dedupes)."""

    def __init__(self, r: RuleTables, cards: Sequence[int], shape: Shape, rank: tuple[int, ...]) -> None:
        self.rank = rank
        self.tractors = sorted([k for k in shape if k >= 2], reverse=True)
        self.n_pairs = sum([1 for k in shape if k == 1])
        self.n_singles = sum([1 for k in shape if k == 0])
        self.distinct: list[int] = []  # (with singles in the shape: the cards, preferred first, and their copies)
        self.avail: list[int] = []
        self.at: dict[int, int] = {}  # (a card's position in ``distinct``)
        if self.n_singles:
            first, copies = _tally(cards)
            self.distinct, self.avail = _preferred(first, copies, rank)
            self.at = {c: j for j, c in enumerate(self.distinct)}
        pairs = ordered(pair_cards(cards), rank)  # (``sort(key=rank.__getitem__)``: the same order)
        self.pairs = pairs
        paths = tractor_paths(r, pairs) if self.tractors else []
        if len(paths) > 1:
            paths.sort(key=lambda p: [rank[pairs[i]] for i in p])
        self.paths = paths

    def pick(self, pos: int, used: set[int], start: int) -> Iterator[tuple[int, ...]]:
        tractors = self.tractors
        if pos == len(tractors):
            yield from self.rest_after(used)
            return
        begin = start if pos and tractors[pos - 1] == tractors[pos] else 0
        for idx in range(begin, len(self.paths)):
            p = self.paths[idx]
            if len(p) == tractors[pos] and not used.intersection(p):
                yield from self.pick(pos + 1, used | set(p), idx + 1)

    def rest_after(self, used: set[int]) -> Iterator[tuple[int, ...]]:
        pairs = self.pairs
        free = [i for i in range(len(pairs)) if i not in used]
        for combo in itertools.combinations(free, self.n_pairs):
            taken: list[int] = []
            for i in (*used, *combo):
                taken.append(pairs[i])
                taken.append(pairs[i])
            if not self.n_singles:
                yield tuple(taken)
                continue
            left = list(self.avail)
            for i in taken:
                left[self.at[i]] -= 1
            distinct = [c for j, c in enumerate(self.distinct) if left[j]]
            for singles in _walk(distinct, [n for n in left if n], self.n_singles):
                yield (*taken, *singles)


def shaped(r: RuleTables, cards: Sequence[int], shape: Shape, rank: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Sub-multisets of ``cards`` that split into ``shape``'s units (see ``_Shaped``)."""
    return _Shaped(r, cards, shape, rank).pick(0, set(), 0)
