"""The rules' answers that playouts (模拟) ask most, on card indices: the same algorithms as ``engine.units``
and ``engine.trick``, without ``Card`` objects, so that the compiled AI (``tools/build_ai.py``) runs them
natively. The legal follows are ``engine.ai.fastenum``.

- Pairs and tractors (拖拉机): a tractor is two or more pairs of one effective suit, consecutive in its
  order (``tractor_paths``); ``holds``: disjoint tractors and pairs of a shape can be taken from cards.
- Winning a trick (``has_format``, ``beats``): a follow can win only if it splits into the lead's units and
  is all of the led suit or, on a plain lead, all trumps (毙); no same-suit follow beats a throw (甩牌).
  Single units compare by their top card; ruffs of a throw compare by the largest unit (``largest``) or
  unit by unit (``all``), each play read in its most favourable split.

tests/ai/test_fastrules.py checks every answer against the rules functions on random hands.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.cards import ALL_CARDS
from engine.follow import _ranks
from engine.rules import FollowPolicy, ThrowCompare
from engine.trump import TrumpContext

log = logging.getLogger(__name__)

TRUMP: Final = 4
SUITS: Final = {"S": 0, "H": 1, "C": 2, "D": 3, "T": 4}
SPLIT_LIMIT: Final = 512  # splits of a play read when comparing throws (as ``engine.units.splits``)
Shape = tuple[int, ...]  # pair counts of a lead's units, longest first: 0 single, 1 pair, n tractor
Vector = tuple[tuple[int, ...], ...]  # a split's unit tops by unit size (longest first), each high→low


@dataclass(frozen=True)
class RuleTables:
    """Per-card answers of one trump context, by card index."""

    suit: tuple[int, ...]  # effective suit: 0..3 plain (S H C D), 4 trump
    strength: tuple[int, ...]
    isolated: tuple[bool, ...]  # a pair of it links into no tractor
    value: tuple[int, ...]  # strength across the suits of a trick: any trump above any plain card
    display: tuple[int, ...]  # display order (the context's sort table)
    rank: tuple[int, ...]  # a total order inside an effective suit (strength, then the tie order)
    cheap: tuple[int, ...]  # follow preference: low, non-point, non-trump first (as ``engine.follow``)
    strong: tuple[int, ...]  # follow preference: high first
    policy: FollowPolicy
    compare_all: bool  # ruffs of a throw compare unit by unit (``throw_compare: all``)


@lru_cache(maxsize=256)
def rule_tables(ctx: TrumpContext) -> RuleTables:
    suit = tuple(SUITS[ctx.suit_table[i]] for i in range(len(ALL_CARDS)))
    strength = ctx.strength_table
    value = tuple(1000 * (s == TRUMP) + st for s, st in zip(suit, strength, strict=True))
    cheap, strong = _ranks(ctx)
    return RuleTables(suit, strength, ctx.isolated_table, value, ctx.sort_table, ctx.rank_table, tuple(cheap),
                      tuple(strong),
                      ctx.rules.follow_policy, ctx.rules.throw_compare is ThrowCompare.ALL)


def shape_size(shape: Shape) -> int:
    """Cards of a shape (a tractor of n pairs has 2n)."""
    size = 0
    for n in shape:
        size += 2 * n if n else 1
    return size


def counts_of(cards: Sequence[int]) -> dict[int, int]:
    """Copies of each card, in order of first appearance (as ``collections.Counter``)."""
    out: dict[int, int] = {}
    for i in cards:
        out[i] = out.get(i, 0) + 1
    return out


def pair_cards(cards: Sequence[int]) -> list[int]:
    """One card per identical pair, in order of first appearance (``engine.units.split_pairs``)."""
    out: list[int] = []
    for i, n in counts_of(cards).items():
        for _ in range(n // 2):
            out.append(i)
    return out


def adjacent(r: RuleTables, low: int, high: int) -> bool:
    """A pair of ``low`` and a pair of ``high`` are consecutive links of a tractor."""
    return (r.suit[low] == r.suit[high] and r.strength[high] == r.strength[low] + 1
            and not r.isolated[low] and not r.isolated[high])


def tractor_paths(r: RuleTables, pairs: list[int]) -> list[tuple[int, ...]]:
    """Every tractor (≥ 2 pairs) among the pair cards ``pairs``, as index tuples low→high into ``pairs``,
    in the order of ``engine.units.index_tractor_paths``."""
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
    if not tractors:
        return True
    paths = tractor_paths(r, pairs)
    masks: list[int] = []
    lengths: list[int] = []
    for p in paths:
        mask = 0
        for i in p:
            mask |= 1 << i
        masks.append(mask)
        lengths.append(len(p))
    return _pack(sorted(tractors, reverse=True), 0, masks, lengths, 0, 0)


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
    """Every tractor contained in ``cards`` (all lengths ≥ 2) as its cards, longest first, then higher
    first (``engine.units.find_tractors``)."""
    pairs = pair_cards(cards)
    rank = r.rank
    units = [sorted([pairs[i] for i in path for _ in range(2)], key=lambda c: -rank[c])
             for path in tractor_paths(r, pairs)]
    units.sort(key=lambda u: (len(u) // 2, rank[u[0]], [rank[c] for c in u]), reverse=True)
    return [tuple(u) for u in units]


def trick_winner(r: RuleTables, shape: Shape, plays: Sequence[Sequence[int]]) -> int:
    """Index in ``plays`` of the play winning so far (``plays[0]`` is the lead, of ``shape``, taken as
    valid)."""
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
        return max([r.value[i] for i in challenger]) > max([r.value[i] for i in winner])
    mine, theirs = vectors(r, challenger, shape), vectors(r, winner, shape)
    if not mine:
        return False
    if not theirs:
        return True
    if not r.compare_all:
        return max([v[0][0] for v in mine]) > max([v[0][0] for v in theirs])
    return any(all(_dominates(m, t) for t in theirs) for m in mine)


def _dominates(mine: Vector, theirs: Vector) -> bool:
    """Every unit of ``mine`` beats the corresponding unit (same size, same rank order) of ``theirs``."""
    for ga, gb in zip(mine, theirs, strict=True):
        for a, b in zip(ga, gb, strict=True):
            if a <= b:
                return False
    return True


class _Splits:
    """The splits of one play into a shape's units (as ``engine.units.splits``, in its order, at most
    ``SPLIT_LIMIT``), each read as its units' top values by unit size (``engine.trick._vectors``)."""

    def __init__(self, r: RuleTables, play: Sequence[int], shape: Shape) -> None:
        self.r = r
        self.play = play
        self.tractors = sorted([k for k in shape if k >= 2], reverse=True)
        self.n_pairs = sum([1 for k in shape if k == 1])
        self.sizes = sorted(set(shape), reverse=True)
        self.pairs = pair_cards(play)
        self.paths = tractor_paths(r, self.pairs) if self.tractors else []
        self.out: list[Vector] = []

    def pick(self, pos: int, chosen: list[tuple[int, ...]], used: set[int], start: int) -> None:
        if len(self.out) >= SPLIT_LIMIT:
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
        value, pairs = self.r.value, self.pairs
        free = [i for i in range(len(pairs)) if i not in used]
        for combo in itertools.combinations(free, self.n_pairs):
            units = [(len(p), max([value[pairs[i]] for i in p])) for p in chosen]
            units += [(1, value[pairs[i]]) for i in combo]
            rest = counts_of(self.play)
            for p in chosen:
                for i in p:
                    rest[pairs[i]] -= 2
            for i in combo:
                rest[pairs[i]] -= 2
            units += [(0, value[c]) for c, n in rest.items() for _ in range(n)]
            self.out.append(tuple(tuple(sorted([v for k, v in units if k == size], reverse=True))
                                  for size in self.sizes))
            if len(self.out) >= SPLIT_LIMIT:
                return


def vectors(r: RuleTables, play: Sequence[int], shape: Shape) -> list[Vector]:
    """For each split of ``play`` into the shape's units: the tops' values grouped by unit size (longest
    units first), each group high→low (empty if the play does not fit the shape)."""
    if len(play) != shape_size(shape):
        return []
    splits = _Splits(r, play, shape)
    splits.pick(0, [], set(), 0)
    return splits.out
