"""The legal follows (跟牌) on card indices, best candidates first: ``engine.follow.enumerate_follows``'s
algorithm and order without ``Card`` objects, for the compiled AI (``tools/build_ai.py``).

1. Play as many cards of the led effective suit as you hold, up to the number led.
2. Among them, match the lead's shape by the first rung of its format ladder the led-suit holding can
   satisfy (有对必跟对, 有拖拉机必出拖拉机); or by the option ``pairs_only`` / ``suit_only``.
3. Fill the rest from other suits freely.

Order (as the rules' enumeration): void in a plain led suit, trump plays that split into the lead's units
(possible ruffs, 毙) first; with enough led-suit cards, the strongest play of the required rung first;
then plays built from low, non-point cards first. Generation is lazy and stops at ``limit`` distinct
follows (display-sorted index tuples). tests/ai/test_fastrules.py compares it with the rules.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator, Sequence

from engine.ai.fastrules import TRUMP, RuleTables, Shape, counts_of, holds, pair_cards, shape_size, tractor_paths
from engine.follow import multisets
from engine.rules import FollowPolicy
from engine.units import format_ladder

log = logging.getLogger(__name__)


class _Shaped:
    """Sub-multisets of some cards that split into a shape's units, preferred pairs and tractors first
    (may repeat a multiset that splits in several ways; the caller dedupes)."""

    def __init__(self, r: RuleTables, cards: Sequence[int], shape: Shape, rank: Sequence[int]) -> None:
        self.rank = rank
        self.tractors = sorted([k for k in shape if k >= 2], reverse=True)
        self.n_pairs = sum([1 for k in shape if k == 1])
        self.n_singles = sum([1 for k in shape if k == 0])
        self.counts = counts_of(cards)
        pairs = pair_cards(cards)
        pairs.sort(key=lambda c: rank[c])
        self.pairs = pairs
        paths = tractor_paths(r, pairs) if self.tractors else []
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
            remaining = dict(self.counts)
            for i in taken:
                remaining[i] -= 1
            left = [i for i, n in remaining.items() for _ in range(n)]
            for singles in multisets(left, self.n_singles, self.rank):
                yield (*taken, *singles)


def shaped(r: RuleTables, cards: Sequence[int], shape: Shape, rank: Sequence[int]) -> Iterator[tuple[int, ...]]:
    return _Shaped(r, cards, shape, rank).pick(0, set(), 0)


def required_rung(r: RuleTables, shape: Shape, held: Sequence[int]) -> Shape:
    """The first rung of the lead's format ladder that ``held`` (led-suit cards, more than led) can satisfy."""
    for rung in format_ladder(shape):
        if holds(r, held, rung):
            return rung
    return (0,) * shape_size(shape)  # unreachable: the all-singles rung always holds


def _sources(r: RuleTables, shape: Shape, led: int, n: int, held: list[int],
             others: list[int]) -> list[Iterator[tuple[int, ...]]]:
    """The enumeration's sources of follows, in order (rule 2 with enough led-suit cards, else ruffs
    and fills)."""
    sources: list[Iterator[tuple[int, ...]]] = []
    policy = r.policy
    if len(held) >= n:
        if policy is FollowPolicy.SUIT_ONLY or shape[0] == 0 or len(held) == n:
            sources.append(multisets(held, n, r.cheap))
        elif policy is FollowPolicy.PAIRS_ONLY:
            need = min(sum(shape), sum([k // 2 for k in counts_of(held).values()]))
            sources.append(shaped(r, held, (1,) * need + (0,) * (n - 2 * need), r.cheap))
        else:
            rung = required_rung(r, shape, held)
            sources.append(itertools.islice(shaped(r, held, rung, r.strong), 1))
            sources.append(shaped(r, held, rung, r.cheap))
        return sources
    if not held and led != TRUMP:
        trumps = [i for i in others if r.suit[i] == TRUMP]
        if len(trumps) >= n:
            sources.append(shaped(r, trumps, shape, r.cheap))
    if held:
        sources.append(_after(held, multisets(others, n - len(held), r.cheap)))
    else:
        sources.append(multisets(others, n, r.cheap))
    return sources


def _after(held: list[int], rests: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    for rest in rests:
        yield (*held, *rest)


def enumerate_follows(r: RuleTables, led: int, shape: Shape, hand: Sequence[int],
                      limit: int = 200) -> list[tuple[int, ...]]:
    """The legal follows of ``hand`` (card indices) to a lead of effective suit ``led`` and ``shape``, as
    distinct display-sorted index tuples, best candidates first, at most ``limit``."""
    n = shape_size(shape)
    if len(hand) < n or limit <= 0:
        return []
    suit, cheap = r.suit, r.cheap
    held = [i for i in hand if suit[i] == led]
    if n == 1:  # distinct cards: held ones, else trumps first on a plain lead
        plays = sorted(dict.fromkeys(held or hand), key=lambda i: cheap[i])
        if not held and led != TRUMP:
            plays = [i for i in plays if suit[i] == TRUMP] + [i for i in plays if suit[i] != TRUMP]
        return [(i,) for i in plays[:limit]]
    others = [i for i in hand if suit[i] != led]
    display = r.display
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[int, ...]] = []
    for source in _sources(r, shape, led, n, held, others):
        for play in source:
            ident = tuple(sorted(play, key=lambda i: display[i]))
            if ident in seen:
                continue
            seen.add(ident)
            out.append(ident)
            if len(out) >= limit:
                return out
    return out
