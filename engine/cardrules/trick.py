"""Winning a trick on card indices (RULES §7): the lead sets the format; only plays of that format can win.

A later play can win only if it splits into the lead's units (a pair may serve as two singles, a tractor as
its pairs) and is all of the led suit or, on a plain-suit lead, all trumps (a ruff, 毙). Single units compare
by their top card, ties to the earlier play. Within the led suit no follow beats a throw (甩牌); ruffs of a
throw compare by option ``throw_compare``: ``largest`` (the largest unit) or ``all`` (every unit must beat the
corresponding one), each play read in its most favourable split.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Sequence
from typing import Final

from engine.cardrules import tuples
from engine.cardrules.tables import TRUMP, RuleTables
from engine.cardrules.units import Shape, counts_of, holds, is_tractor, pair_cards, shape_size, tractor_paths

log = logging.getLogger(__name__)

SPLIT_LIMIT: Final = 512  # splits of a play read when comparing throws
VECTOR_MEMO: Final = 20_000  # plays whose split vectors are remembered per context (cleared when full)
UnitCards = tuple[int, tuple[int, ...]]  # (pair count: 0 single, 1 pair, n tractor; the cards high→low)
Vector = tuple[tuple[int, ...], ...]  # a split's unit tops by unit size (longest first), each high→low


def trick_winner(r: RuleTables, shape: Shape, plays: Sequence[Sequence[int]]) -> int:
    """Index in ``plays`` of the play winning so far (``plays[0]`` is the lead, of ``shape``, taken as
    valid; also for a partial trick)."""
    led = r.suit[plays[0][0]]
    best = 0
    for k in range(1, len(plays)):
        if has_format(r, led, shape, plays[k]) and beats(r, shape, plays[k], plays[best]):
            best = k
    return best


def has_format(r: RuleTables, led: int, shape: Shape, play: Sequence[int]) -> bool:
    """Whether ``play`` could win against a lead of effective suit ``led`` and ``shape``: the lead's size
    and units, all led suit or (plain lead) all trump; never a same-suit follow of a throw."""
    if len(play) != shape_size(shape):
        return False
    suit = r.suit[play[0]]
    if any(r.suit[i] != suit for i in play):
        return False
    if suit != led and not (suit == TRUMP and led != TRUMP):
        return False
    if r.decks >= 3:  # §12.4: wider tuples serve narrower slots
        if len(shape) > 1 and suit == led:
            return False
        return shape[0] == 0 or tuples.matches(r, play, tuple([tuples.code_group(c) for c in shape]))
    if len(shape) > 1:  # a throw: a ruff that splits into its units
        return suit != led and holds(r, play, shape)
    if shape[0] == 0:
        return True
    if shape[0] == 1:
        return play[0] == play[1]
    return is_tractor(r, play)


def beats(r: RuleTables, shape: Shape, challenger: Sequence[int], winner: Sequence[int]) -> bool:
    """Whether ``challenger`` (a play with the lead's format) beats the current ``winner``'s play."""
    if len(shape) == 1:
        return _top(r.value, challenger) > _top(r.value, winner)
    mine, theirs = _known_vectors(r, challenger, shape), _known_vectors(r, winner, shape)
    if not mine:
        return False
    if not theirs:
        return True
    if not r.compare_all:
        return max([v[0][0] for v in mine]) > max([v[0][0] for v in theirs])
    return any(all(_dominates(m, t) for t in theirs) for m in mine)


def _top(value: Sequence[int], play: Sequence[int]) -> int:
    """``max(value[i] for i in play)``, in a loop (no builtin call); a play is never empty."""
    if not play:
        return max([value[i] for i in play])  # (raises, as max does)
    best = value[play[0]]
    for i in play:
        if value[i] > best:
            best = value[i]
    return best


def _known_vectors(r: RuleTables, play: Sequence[int], shape: Shape) -> list[Vector]:
    """``vectors``, remembered on the tables (a throw's ruffs are compared again and again in the AI's
    playouts; up to ``SPLIT_LIMIT`` splits each); the lists are shared: read them only."""
    memo = r.vectors
    key = (tuple(play), shape)
    found: list[Vector] | None = memo.get(key)
    if found is None:
        if len(memo) >= VECTOR_MEMO:
            memo.clear()
        found = memo[key] = vectors(r, play, shape)
    return found


def _dominates(mine: Vector, theirs: Vector) -> bool:
    """Every unit of ``mine`` beats the corresponding unit (same size, same rank order) of ``theirs``."""
    for ga, gb in zip(mine, theirs, strict=True):
        for a, b in zip(ga, gb, strict=True):
            if a <= b:
                return False
    return True


def vectors(r: RuleTables, play: Sequence[int], shape: Shape) -> list[Vector]:
    """For each split of ``play`` into the shape's units: the tops' values grouped by unit size (longest
    units first), each group high→low (empty if the play does not fit the shape)."""
    if r.decks >= 3:
        return _tuple_vectors(r, play, shape)
    sizes = sorted(set(shape), reverse=True)
    value = r.value
    out: list[Vector] = []
    for split in splits(r, play, shape):
        out.append(tuple([tuple(sorted([value[cards[0]] for n, cards in split if n == size], reverse=True))
                          for size in sizes]))
    return out


def _tuple_vectors(r: RuleTables, play: Sequence[int], shape: Shape) -> list[Vector]:
    """``vectors`` with tuples (§12.4): units grouped by code, the largest first (most cards, a tractor before a
    tuple of as many)."""
    codes = sorted(set(shape), key=tuples.code_order, reverse=True)
    out: list[Vector] = []
    for read in tuples.play_units(r, play, shape):
        out.append(tuple([tuple(sorted([top for c, top in read if c == code], reverse=True)) for code in codes]))
    return out


def splits(r: RuleTables, play: Sequence[int], shape: Shape, limit: int = SPLIT_LIMIT) -> list[list[UnitCards]]:
    """Every way (up to ``limit``) to split ``play`` into the units of ``shape``: its tractors, then its
    pairs, then its singles (empty if the play does not fit the shape)."""
    if len(play) != shape_size(shape):
        return []
    out: list[list[UnitCards]] = []
    _Splits(r, play, shape, limit, out).pick(0, [], set(), 0)
    return out


class _Splits:
    """The search behind ``splits``: the shape's tractors from the play's tractor paths (longest first),
    then its pairs from the pairs left, the rest as singles."""

    def __init__(self, r: RuleTables, play: Sequence[int], shape: Shape, limit: int,
                 out: list[list[UnitCards]]) -> None:
        self.rank = r.rank
        self.play = play
        self.limit = limit
        self.tractors = sorted([k for k in shape if k >= 2], reverse=True)
        self.n_pairs = sum([1 for k in shape if k == 1])
        self.pairs = pair_cards(play)
        self.paths = tractor_paths(r, self.pairs) if self.tractors else []
        self.out = out

    def pick(self, pos: int, chosen: list[tuple[int, ...]], used: set[int], start: int) -> None:
        if len(self.out) >= self.limit:
            return
        tractors = self.tractors
        if pos == len(tractors):
            self.finish(chosen, used)
            return
        begin = start if pos and tractors[pos - 1] == tractors[pos] else 0
        for idx in range(begin, len(self.paths)):
            p = self.paths[idx]
            if len(p) == tractors[pos] and not used.intersection(p):
                self.pick(pos + 1, [*chosen, p], used | set(p), idx + 1)

    def finish(self, chosen: list[tuple[int, ...]], used: set[int]) -> None:
        pairs, rank = self.pairs, self.rank
        free = [i for i in range(len(pairs)) if i not in used]
        for combo in itertools.combinations(free, self.n_pairs):
            rest = counts_of(self.play)
            units: list[UnitCards] = []
            for p in chosen:
                cards = sorted([pairs[i] for i in p for _ in range(2)], key=lambda c: -rank[c])
                units.append((len(p), tuple(cards)))
                for i in p:
                    rest[pairs[i]] -= 2
            for i in combo:
                units.append((1, (pairs[i], pairs[i])))
                rest[pairs[i]] -= 2
            for c, n in rest.items():
                for _ in range(n):
                    units.append((0, (c,)))
            self.out.append(units)
            if len(self.out) >= self.limit:
                return
