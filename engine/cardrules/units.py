"""Pairs, tractors and shapes on card indices (RULES §4, §7).

A tractor (拖拉机) is two or more pairs of one effective suit, consecutive in its order (off level pairs link
only with ``tractor_through_level``). A *shape* is a format as pair counts of its units, longest first: ``3``
a tractor of three pairs, ``1`` a pair (对子), ``0`` a single; e.g. ``(3, 1, 0)``. ``holds``: disjoint
tractors and pairs of a shape can be taken from some cards (a tractor may serve as its pairs, a pair as two
singles). The format ladder (RULES §7) lists the shapes a follower must match, strictest first.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.cardrules.tables import RuleTables

log = logging.getLogger(__name__)

Shape = tuple[int, ...]  # pair counts of a lead's units, longest first: 0 single, 1 pair, n tractor


def shape_size(shape: Shape) -> int:
    """Cards of a shape (a tractor of n pairs has 2n; a unit ``w * 100 + L`` of width w ≥ 3 has wL,
    ``engine.cardrules.tuples``)."""
    size = 0
    for n in shape:
        size += (2 * n if n else 1) if n < 100 else (n // 100) * (n % 100)
    return size


def format_ladder(shape: Shape) -> tuple[Shape, ...]:
    """The lead's format ladder (RULES §7): each rung splits the unit with the most splits left.

    A tractor of n pairs has 2n−1 splits left (n−1 to separate pairs, then n to singles), a pair 1.
    ``(3,)`` → ``(2, 1)`` → ``(1, 1, 1)`` → ``(1, 1, 0, 0)`` → ``(1, 0, 0, 0, 0)`` → ``(0,)*6``.
    Kept by shape (a dict read: an ``lru_cache`` call costs several hundred instructions on every check).
    """
    ladder = _LADDERS.get(shape)
    if ladder is None:
        if len(_LADDERS) >= 4096:
            _LADDERS.clear()
        ladder = _LADDERS[shape] = _ladder(shape)
    return ladder


_LADDERS: dict[Shape, tuple[Shape, ...]] = {}


def _ladder(shape: Shape) -> tuple[Shape, ...]:
    rungs = [tuple(sorted(shape, reverse=True))]
    while True:
        current = list(rungs[-1])
        if not current or current[0] == 0:
            return tuple(rungs)
        n = current.pop(0)  # the longest unit has the most splits left
        current.extend((n - 1, 1) if n >= 2 else (0, 0))
        rungs.append(tuple(sorted(current, reverse=True)))


def ordered(items: list[int], key: tuple[int, ...], reverse: bool = False) -> list[int]:
    """``sorted(items, key=key.__getitem__, reverse=reverse)``, the same order (ties keep theirs): a sort of plain
    numbers (key * 64 + position) instead of a key call per item."""
    n = len(items)
    if n > 64:
        return sorted(items, key=key.__getitem__, reverse=reverse)
    if reverse:
        coded = [key[x] * 64 + 63 - k for k, x in enumerate(items)]
        coded.sort(reverse=True)
        return [items[63 - (c & 63)] for c in coded]
    coded = [key[x] * 64 + k for k, x in enumerate(items)]
    coded.sort()
    return [items[c & 63] for c in coded]


def distinct(cards: list[int]) -> list[int]:
    """``list(dict.fromkeys(cards))``: the first of each card, in order, marked in a list by card index (0..53)
    instead of a dict."""
    seen = [False] * 64
    out: list[int] = []
    for i in cards:
        if not 0 <= i < 64:  # not a card index: as dict.fromkeys
            return list(dict.fromkeys(cards))
        if not seen[i]:
            seen[i] = True
            out.append(i)
    return out


def counts_of(cards: Sequence[int]) -> dict[int, int]:
    """Copies of each card, in order of first appearance (as ``collections.Counter``)."""
    out: dict[int, int] = {}
    for i in cards:
        out[i] = out.get(i, 0) + 1
    return out


def pair_cards(cards: Sequence[int]) -> list[int]:
    """One card per identical pair, in order of first appearance (a third copy counts as a single)."""
    out: list[int] = []
    counts = [0] * 64  # by card index (0..53): a list, not a dict
    first: list[int] = []
    items: list[int] = cards if isinstance(cards, list) else list(cards)  # (compiled: read without an iterator)
    for i in items:
        if not 0 <= i < 64:  # not a card index: counted in a dict
            return [k for k, n in counts_of(cards).items() for _ in range(n // 2)]
        if not counts[i]:
            first.append(i)
        counts[i] = counts[i] + 1  # (compiled, ``+=`` on a list item is a generic number call)
    for i in first:
        for _ in range(counts[i] // 2):
            out.append(i)
    return out


def pair_count(cards: Sequence[int]) -> int:
    """Identical pairs among ``cards``."""
    n = 0
    for k in counts_of(cards).values():
        n += k // 2
    return n


def contains(hand: Sequence[int], part: Sequence[int]) -> bool:
    """Every card of ``part`` is in ``hand`` as many times (multisets of card indices)."""
    rest = list(hand)
    for i in part:
        if i not in rest:
            return False
        rest.remove(i)
    return True


def adjacent(r: RuleTables, low: int, high: int) -> bool:
    """A pair of ``low`` and a pair of ``high`` are consecutive links of a tractor."""
    return (r.suit[low] == r.suit[high] and r.strength[high] == r.strength[low] + 1
            and not r.isolated[low] and not r.isolated[high])


def tractor_paths(r: RuleTables, pairs: Sequence[int]) -> list[tuple[int, ...]]:
    """Every tractor (≥ 2 pairs) among the pair cards ``pairs``, as index tuples low→high into ``pairs``:
    by the strength of their lowest pair, each followed by its longer extensions."""
    strength = r.strength
    order = sorted(range(len(pairs)), key=lambda i: strength[pairs[i]])
    nexts = [[j for j in order if adjacent(r, pairs[i], pairs[j])] for i in range(len(pairs))]
    paths: list[tuple[int, ...]] = []
    for i in order:
        if nexts[i]:
            _grow(nexts, (i,), paths)
    return paths


def _grow(nexts: list[list[int]], path: tuple[int, ...], paths: list[tuple[int, ...]]) -> None:
    for j in nexts[path[-1]]:
        longer = (*path, j)
        paths.append(longer)
        _grow(nexts, longer, paths)


def holds(r: RuleTables, cards: Sequence[int], shape: Shape) -> bool:
    """Disjoint units of the shape's tractors and pairs can be taken from ``cards`` (singles are not
    checked: the caller ensures there are enough cards)."""
    tractors = [n for n in shape if n >= 2]
    n_pairs = sum([1 for n in shape if n == 1])
    pairs = pair_cards(cards)
    if len(pairs) < sum(tractors) + n_pairs:
        return False
    return not tractors or packs(r, pairs, tractors)


def packs(r: RuleTables, pairs: Sequence[int], lengths: Sequence[int]) -> bool:
    """Disjoint tractors of exactly ``lengths`` pairs exist among the pair cards ``pairs``."""
    masks: list[int] = []
    sizes: list[int] = []
    for p in tractor_paths(r, pairs):
        mask = 0
        for i in p:
            mask |= 1 << i
        masks.append(mask)
        sizes.append(len(p))
    return _pack(sorted(lengths, reverse=True), 0, masks, sizes, 0, 0)


def _pack(want: list[int], pos: int, masks: list[int], lengths: list[int], used: int, start: int) -> bool:
    """Disjoint tractors of the lengths ``want[pos:]`` exist among the paths (``masks``) not in ``used``."""
    if pos == len(want):
        return True
    m = want[pos]
    begin = start if pos > 0 and want[pos - 1] == m else 0
    for k in range(begin, len(masks)):
        if lengths[k] == m and not masks[k] & used and _pack(want, pos + 1, masks, lengths, used | masks[k], k + 1):
            return True
    return False


def fits(r: RuleTables, cards: Sequence[int], shape: Shape) -> bool:
    """``cards`` (exactly as many as the shape holds) split into the shape's units."""
    return len(cards) == shape_size(shape) and holds(r, cards, shape)


def is_tractor(r: RuleTables, cards: Sequence[int]) -> bool:
    """Two or more pairs of one effective suit, consecutive in that suit's order, and nothing else."""
    if len(cards) < 4 or len(cards) % 2:
        return False
    counts = counts_of(cards)
    if any(n % 2 for n in counts.values()):
        return False
    pairs = pair_cards(cards)
    suit = r.suit[pairs[0]]
    if any(r.suit[i] != suit for i in pairs):
        return False
    return any(len(p) == len(pairs) for p in tractor_paths(r, pairs))


def tractors(r: RuleTables, cards: Sequence[int]) -> list[tuple[int, ...]]:
    """Every tractor contained in ``cards`` (all lengths ≥ 2) as its cards high→low, longest first, then
    higher first."""
    pairs = pair_cards(cards)
    rank = r.rank
    units = [sorted([pairs[i] for i in path for _ in range(2)], key=lambda c: -rank[c])
             for path in tractor_paths(r, pairs)]
    units.sort(key=lambda u: (len(u) // 2, rank[u[0]], [rank[c] for c in u]), reverse=True)
    return [tuple(u) for u in units]
