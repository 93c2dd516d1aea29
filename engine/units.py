"""Units and leads (RULES §4): singles, pairs (对子), tractors (拖拉机) and how a lead decomposes.

A *shape* is a format written as a tuple of pair counts, longest first: ``3`` a tractor of three
pairs, ``1`` a pair, ``0`` a single; e.g. ``(3, 1, 0)``. ``fits(cards, shape, ctx)`` tells whether
cards can be split into those units (a tractor may serve as its pairs, a pair as two singles).
"""

from __future__ import annotations

import itertools
import logging
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property, lru_cache

from engine.cards import Card
from engine.errors import IllegalAction
from engine.trump import TrumpContext

log = logging.getLogger(__name__)

Shape = tuple[int, ...]


class UnitKind(StrEnum):
    """The three kinds of unit."""

    SINGLE = "single"
    PAIR = "pair"
    TRACTOR = "tractor"


@dataclass(frozen=True)
class Unit:
    """One unit; ``cards`` high→low."""

    kind: UnitKind
    cards: tuple[Card, ...]

    @property
    def pairs(self) -> int:
        """0 for a single, 1 for a pair, n for a tractor of n pairs."""
        return 0 if self.kind == UnitKind.SINGLE else len(self.cards) // 2

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card:
        return self.cards[0]


@dataclass(frozen=True)
class Lead:
    """A decomposed lead: its effective suit and units (longest first, then high→low)."""

    suit: str
    units: tuple[Unit, ...]

    @property
    def is_throw(self) -> bool:
        """More than one unit (甩牌)."""
        return len(self.units) > 1

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for u in self.units for c in u.cards)

    @cached_property
    def size(self) -> int:
        return sum(u.size for u in self.units)

    @cached_property
    def shape(self) -> Shape:
        """Pair counts of the units, longest first (e.g. ``(2, 0)`` for a tractor and a single)."""
        return tuple(sorted((u.pairs for u in self.units), reverse=True))


def make_unit(cards: Sequence[Card], ctx: TrumpContext) -> Unit:
    """A unit from a single card, two identical cards or the pairs of a tractor (not validated)."""
    ordered = tuple(sorted(cards, key=ctx.rank_key, reverse=True))
    kind = UnitKind.SINGLE if len(ordered) == 1 else UnitKind.PAIR if len(ordered) == 2 else UnitKind.TRACTOR
    return Unit(kind, ordered)


def split_pairs(cards: Iterable[Card]) -> tuple[list[Card], list[Card]]:
    """(one card per identical pair, the unpaired cards); a third copy counts as a single."""
    pairs: list[Card] = []
    singles: list[Card] = []
    for card, n in Counter(cards).items():
        pairs.extend([card] * (n // 2))
        if n % 2:
            singles.append(card)
    return pairs, singles


def find_pairs(cards: Iterable[Card], ctx: TrumpContext) -> list[Unit]:
    """Every pair in ``cards`` as a unit, high→low."""
    pairs, _ = split_pairs(cards)
    pairs.sort(key=ctx.rank_key, reverse=True)
    return [Unit(UnitKind.PAIR, (p, p)) for p in pairs]


def tractor_paths(pairs: Sequence[Card], ctx: TrumpContext) -> list[tuple[int, ...]]:
    """Every tractor (≥2 pairs) among pair cards ``pairs`` as index tuples low→high into ``pairs``."""
    return index_tractor_paths([c.index for c in pairs], ctx)


def index_tractor_paths(pairs: Sequence[int], ctx: TrumpContext) -> list[tuple[int, ...]]:
    """``tractor_paths`` for pair cards given as ``Card.index`` values."""
    strength = ctx.strength_table
    adjacent = ctx.indices_adjacent
    order = sorted(range(len(pairs)), key=lambda i: strength[pairs[i]])
    nexts = {i: [j for j in order if adjacent(pairs[i], pairs[j])] for i in order}
    paths: list[tuple[int, ...]] = []

    def grow(path: tuple[int, ...]) -> None:
        for j in nexts[path[-1]]:
            longer = (*path, j)
            paths.append(longer)
            grow(longer)

    for i in order:
        if nexts[i]:
            grow((i,))
    return paths


def is_tractor(cards: Sequence[Card], ctx: TrumpContext) -> bool:
    """Two or more pairs of one effective suit, consecutive in that suit's order (RULES §4)."""
    if len(cards) < 4 or len(cards) % 2:
        return False
    pairs, singles = split_pairs(cards)
    if singles or len({ctx.suit_of(p) for p in pairs}) != 1:
        return False
    return any(len(p) == len(pairs) for p in tractor_paths(pairs, ctx))


def find_tractors(cards: Iterable[Card], ctx: TrumpContext) -> list[Unit]:
    """Every tractor contained in ``cards`` (all lengths ≥ 2), longest first, then higher first."""
    pairs, _ = split_pairs(cards)
    units = [make_unit([pairs[i] for i in path for _ in range(2)], ctx) for path in tractor_paths(pairs, ctx)]
    units.sort(key=lambda u: (u.pairs, ctx.rank_key(u.top), [ctx.rank_key(c) for c in u.cards]), reverse=True)
    return units


def _unit_order(u: Unit, ctx: TrumpContext) -> tuple[int, int, list[int]]:
    return (u.pairs, ctx.rank_key(u.top), [ctx.rank_key(c) for c in u.cards])


def decompose(cards: Sequence[Card], ctx: TrumpContext) -> list[Unit]:
    """Units of one-suit ``cards``: longest tractor first (ties: higher), then pairs, then singles."""
    pairs, singles = split_pairs(cards)
    units: list[Unit] = []
    while len(pairs) >= 2:
        paths = tractor_paths(pairs, ctx)
        if not paths:
            break
        best = max(paths, key=lambda p: (len(p), ctx.rank_key(pairs[p[-1]]),
                                         [ctx.rank_key(pairs[i]) for i in reversed(p)]))
        units.append(make_unit([pairs[i] for i in best for _ in range(2)], ctx))
        taken = set(best)
        pairs = [c for i, c in enumerate(pairs) if i not in taken]
    units.extend(Unit(UnitKind.PAIR, (p, p)) for p in pairs)
    units.extend(Unit(UnitKind.SINGLE, (s,)) for s in singles)
    units.sort(key=lambda u: _unit_order(u, ctx), reverse=True)
    return units


def decompose_lead(cards: Sequence[Card], ctx: TrumpContext) -> Lead:
    """Decompose a lead (RULES §4); raise ``play.empty`` / ``play.mixed_suits``.

    Leads recur (the same lead is checked against many follows), so decompositions are cached on the
    context, keyed by the sorted card indices."""
    if not cards:
        raise IllegalAction("play.empty")
    ids = tuple(sorted([c.index for c in cards]))
    cache = ctx.lead_cache
    lead = cache.get(ids)
    if lead is None:
        suit = ctx.suit_table
        first = suit[ids[0]]
        if any(suit[i] != first for i in ids):
            raise IllegalAction("play.mixed_suits")
        ordered = tuple(sorted(cards, key=ctx.sort_key))
        lead = Lead(first, tuple(decompose(ordered, ctx)))
        if len(cache) >= _LEAD_CACHE_SIZE:
            cache.clear()
        cache[ids] = lead
    return lead


# per trump context (at most 512 are cached): a long-running bot keeps at most 512 × 1024 leads. A hand needs
# a few dozen; 1024 and 8192 measured the same in benchmarks/engine_bench.py.
_LEAD_CACHE_SIZE = 1024


# -- shapes -----------------------------------------------------------------------------------------

def shape_size(shape: Shape) -> int:
    """Number of cards of a shape."""
    return sum(2 * n if n else 1 for n in shape)


@lru_cache(maxsize=4096)
def format_ladder(shape: Shape) -> tuple[Shape, ...]:
    """The lead's format ladder (RULES §7): each rung splits the unit with the most splits left.

    A tractor of n pairs has 2n−1 splits left (n−1 to separate pairs, then n to singles), a pair 1.
    ``(3,)`` → ``(2, 1)`` → ``(1, 1, 1)`` → ``(1, 1, 0, 0)`` → ``(1, 0, 0, 0, 0)`` → ``(0,)*6``.
    """
    rungs = [tuple(sorted(shape, reverse=True))]
    while True:
        current = list(rungs[-1])
        if not current or current[0] == 0:
            return tuple(rungs)
        n = current.pop(0)  # the longest unit has the most splits left
        current.extend((n - 1, 1) if n >= 2 else (0, 0))
        rungs.append(tuple(sorted(current, reverse=True)))


def fits(cards: Sequence[Card], shape: Shape, ctx: TrumpContext) -> bool:
    """Whether ``cards`` (as many as the shape holds) split into the shape's units."""
    if len(cards) != shape_size(shape):
        return False
    return holds(cards, shape, ctx)


def holds(cards: Iterable[Card], shape: Shape, ctx: TrumpContext) -> bool:
    """Whether disjoint units of the shape's tractors and pairs can be taken from ``cards``
    (singles are not checked: the caller ensures there are enough cards)."""
    tractors = [n for n in shape if n >= 2]
    n_pairs = sum(1 for n in shape if n == 1)
    pairs, _ = split_pairs(cards)
    if len(pairs) < sum(tractors) + n_pairs:
        return False
    if not tractors:
        return True
    return pack_tractors(pairs, tractors, ctx) is not None


def pack_tractors(pairs: Sequence[Card], lengths: Sequence[int], ctx: TrumpContext,
                  ) -> list[tuple[int, ...]] | None:
    """Disjoint tractors of exactly ``lengths`` pairs among ``pairs`` (index paths), or None."""
    paths = tractor_paths(pairs, ctx)
    by_len: dict[int, list[int]] = {}
    masks = [sum(1 << i for i in p) for p in paths]
    for k, p in enumerate(paths):
        by_len.setdefault(len(p), []).append(k)
    want = sorted(lengths, reverse=True)
    chosen: list[int] = []

    def search(pos: int, used: int, start: int) -> bool:
        if pos == len(want):
            return True
        m = want[pos]
        begin = start if pos > 0 and want[pos - 1] == m else 0
        cands = by_len.get(m, [])
        for idx in range(begin, len(cands)):
            k = cands[idx]
            if masks[k] & used:
                continue
            chosen.append(k)
            if search(pos + 1, used | masks[k], idx + 1):
                return True
            chosen.pop()
        return False

    return [paths[k] for k in chosen] if search(0, 0, 0) else None


def splits(cards: Sequence[Card], shape: Shape, ctx: TrumpContext, limit: int = 512) -> list[tuple[Unit, ...]]:
    """Every way (up to ``limit``) to split ``cards`` into the units of ``shape``; each split lists its
    units longest first, then high→low. Empty if the cards do not fit the shape."""
    if len(cards) != shape_size(shape):
        return []
    tractors = sorted((k for k in shape if k >= 2), reverse=True)
    n_pairs = sum(1 for k in shape if k == 1)
    pairs, _ = split_pairs(cards)
    paths = tractor_paths(pairs, ctx) if tractors else []
    out: list[tuple[Unit, ...]] = []

    def finish(chosen: list[tuple[int, ...]], used: set[int]) -> None:
        free = [i for i in range(len(pairs)) if i not in used]
        for combo in itertools.combinations(free, n_pairs):
            units = [make_unit([pairs[i] for i in p for _ in range(2)], ctx) for p in chosen]
            units += [Unit(UnitKind.PAIR, (pairs[i], pairs[i])) for i in combo]
            rest = Counter(cards)
            rest.subtract(c for u in units for c in u.cards)
            units += [Unit(UnitKind.SINGLE, (c,)) for c in rest.elements()]
            units.sort(key=lambda u: _unit_order(u, ctx), reverse=True)
            out.append(tuple(units))
            if len(out) >= limit:
                return

    def pick(pos: int, chosen: list[tuple[int, ...]], used: set[int], start: int) -> None:
        if len(out) >= limit:
            return
        if pos == len(tractors):
            finish(chosen, used)
            return
        begin = start if pos and tractors[pos - 1] == tractors[pos] else 0
        for idx in range(begin, len(paths)):
            p = paths[idx]
            if len(p) == tractors[pos] and not used.intersection(p):
                pick(pos + 1, [*chosen, p], used | set(p), idx + 1)

    pick(0, [], set(), 0)
    return out
