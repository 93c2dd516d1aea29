"""Tuples with N decks (RULES §12.2, §12.4) on card indices: units as (width, length), the lead's decomposition,
the format ladder and matching, for any deck count (one card model: a card in N identical copies).

A *tuple* of width w is w identical cards (1 single, 2 pair 对子, 3 triple, 4 quadruple); a *tractor* (拖拉机) of
width w and length L is L tuples of width w, consecutive in the effective suit's order (``units.adjacent``).
A unit is written as one number, its *code* (the two-deck shape's pair counts kept as they are): ``0`` a single,
``L`` a tractor of L pairs (``1`` a pair), ``w * WIDE + L`` a unit of width w ≥ 3 (``301`` a triple, ``302`` a
tractor of two triples, ``401`` a quadruple).

A format *requirement* is a tuple of groups, each group the widths of tuples that must stand on adjacent ranks
(``(3, 3)`` a tractor of triples, ``(3, 2)`` a triple and a pair on neighbouring ranks, either way round;
singles never need to be adjacent). Matching reads counts of copies: a tuple of width w among the cards fills
any slot of width ≤ w and its other copies fill further slots (a triple serves as a pair and a single), except
under ``ladder_protected``, where a slot takes every copy of the card it uses.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator, Sequence
from typing import Final

from engine.cardrules.tables import RuleTables
from engine.cardrules.units import adjacent

log = logging.getLogger(__name__)

WIDE: Final = 100  # unit codes of width ≥ 3: width * WIDE + length
Group = tuple[int, ...]  # widths of tuples on adjacent ranks, low rank first
Requirement = tuple[Group, ...]
Chain = tuple[tuple[int, int], ...]  # a group matched: (card index, copies taken), low → high
TupleUnit = tuple[int, tuple[int, ...]]  # (width, the cards of each rank low → high) as the decomposition finds it


def unit_code(width: int, length: int = 1) -> int:
    """The code of a unit of ``width`` copies on ``length`` ranks."""
    if width <= 1:
        return 0
    if width == 2:
        return length
    return width * WIDE + length


def code_width(code: int) -> int:
    """Copies per rank of a unit code (1 single, 2 pair, 3 triple, …)."""
    return 1 if code == 0 else 2 if code < WIDE else code // WIDE


def code_length(code: int) -> int:
    """Ranks of a unit code (1 for a tuple)."""
    return 1 if code == 0 else code if code < WIDE else code % WIDE


def code_size(code: int) -> int:
    """Cards of a unit code."""
    return code_width(code) * code_length(code)


def code_order(code: int) -> tuple[int, bool, int]:
    """Which unit is larger (§12.2, §12.4): more cards, then a tractor before a tuple of as many cards."""
    return (code_size(code), code_length(code) > 1, code_width(code))


def code_group(code: int) -> Group:
    """The unit as a requirement group: ``(w,) * L``."""
    return (code_width(code),) * code_length(code)


# -- counts and order -------------------------------------------------------------------------------

def counts_of(cards: Sequence[int]) -> dict[int, int]:
    """Copies of each card (card index → count)."""
    out: dict[int, int] = {}
    for i in cards:
        out[i] = out.get(i, 0) + 1
    return out


def low_key(r: RuleTables, i: int) -> int:
    """Order inside one effective suit, low → high; equal off level cards ♠ ♥ ♦ ♣ (§12.2's tie-break)."""
    return 20 * r.strength[i] + 5 - r.rank[i]  # rank = 10 * strength + 5 - tie order


def _ascending(r: RuleTables, cards: Sequence[int]) -> list[int]:
    return sorted(cards, key=lambda i: low_key(r, i))


def _successors(r: RuleTables, card: int, present: Sequence[int]) -> list[int]:
    """The present cards one link above ``card`` (several after the trump suit's A: the off level cards)."""
    return [j for j in present if adjacent(r, card, j)]


def _take(counts: dict[int, int], chain: Chain) -> dict[int, int]:
    rest = dict(counts)
    for card, n in chain:
        left = rest[card] - n
        if left:
            rest[card] = left
        else:
            del rest[card]
    return rest


# -- decomposition (§12.2) ---------------------------------------------------------------------------

def tractors_from(r: RuleTables, card: int, counts: dict[int, int], min_width: int = 2,
                  min_length: int = 2) -> list[TupleUnit]:
    """Tractors starting at ``card`` (as rbtying's ``find_tractors_from_start``): paths up the links through
    cards held at least twice, the width the fewest copies met so far, shorter first."""
    if counts.get(card, 0) < min_width:
        return []
    present = _ascending(r, list(counts))
    width = counts[card]
    out: list[TupleUnit] = []
    frontier: list[tuple[int, tuple[int, ...]]] = [(c, (card,)) for c in _successors(r, card, present)]
    while frontier:
        grown: list[tuple[int, tuple[int, ...]]] = []
        for nxt, path in frontier:
            n = counts.get(nxt, 0)
            if n < 2:
                continue
            width = min(width, n)  # (rbtying keeps one minimum across the branches)
            longer = (*path, nxt)
            if width >= min_width and len(longer) >= min_length:
                out.append((width, longer))
            grown.extend((c, longer) for c in _successors(r, nxt, present))
        frontier = grown
    return out


def _unit_size(unit: TupleUnit) -> int:
    return unit[0] * len(unit[1])


def _without(counts: dict[int, int], unit: TupleUnit) -> dict[int, int]:
    return _take(counts, tuple((c, unit[0]) for c in unit[1]))


def _plays(r: RuleTables, counts: dict[int, int], num: int) -> list[list[TupleUnit]]:
    """Every split the decomposition weighs, from the lowest card up: its tractors (shorter first), then its
    whole tuple (left out when every tractor uses all copies of its cards)."""
    if num == 0 or not counts:
        return []
    low = min(counts, key=lambda i: low_key(r, i))
    starts = tractors_from(r, low, counts)
    consumed = bool(starts) and all(counts[c] == w for w, members in starts for c in members)
    if not consumed:
        starts.append((counts[low], (low,)))
    for start in starts:
        if _unit_size(start) == num:
            return [[start]]
    out: list[list[TupleUnit]] = []
    for start in starts:
        for play in _plays(r, _without(counts, start), num - _unit_size(start)):
            out.append([*play, start])
    return out


def decompose(r: RuleTables, cards: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """A one-suit lead's units (§12.2) as (code, cards high → low), largest first: the split whose largest unit
    has the most cards (a tractor before a tuple of as many); ties from the lowest card up, its whole tuple
    first, else its longest tractor that keeps the largest unit."""
    best: list[TupleUnit] = []
    best_key: tuple[int, bool] | None = None
    for play in _plays(r, counts_of(cards), len(cards)):
        key = max([(_unit_size(u), len(u[1]) > 1) for u in play])
        if best_key is None or key >= best_key:  # the last of the largest
            best, best_key = play, key
    rank = r.rank
    units: list[tuple[int, tuple[int, ...]]] = []
    for width, members in best:
        ids = sorted([c for c in members for _ in range(width)], key=lambda i: -rank[i])
        units.append((unit_code(width, len(members)), tuple(ids)))
    units.sort(key=lambda u: (code_order(u[0]), [rank[i] for i in u[1]]), reverse=True)
    return units


# -- matching ---------------------------------------------------------------------------------------

def _chains(r: RuleTables, counts: dict[int, int], group: Group, present: list[int]) -> list[Chain]:
    """Where ``group`` (widths on adjacent ranks, in every order) can stand among ``counts``: from each card up,
    each next tuple on the first card one link higher held often enough."""
    orders = [group] if len(set(group)) == 1 else sorted(set(itertools.permutations(group)))
    out: list[Chain] = []
    for widths in orders:
        for start in present:
            chain: list[tuple[int, int]] = []
            options = [start]
            for w in widths:
                pick = next((c for c in options if counts.get(c, 0) >= w), None)
                if pick is None:
                    break
                chain.append((pick, w))
                options = _successors(r, pick, present)
            else:
                out.append(tuple(chain))
    return out


def _allowed(counts: dict[int, int], chain: Chain, protected: bool) -> bool:
    return not protected or all(counts[c] == n for c, n in chain)


def matches(r: RuleTables, cards: Sequence[int] | dict[int, int], req: Requirement, protected: bool = False) -> bool:
    """Whether ``req``'s slots can all be filled from ``cards`` (``protected``: a slot takes every copy of its
    card, so a tuple never breaks for a narrower slot)."""
    counts = cards if isinstance(cards, dict) else counts_of(cards)
    groups, singles = _groups(req)
    if sum(counts.values()) < sum([sum(g) for g in req]):
        return False
    return _fill(r, counts, groups, singles, protected)


def _fill(r: RuleTables, counts: dict[int, int], groups: list[Group], singles: int, protected: bool,
          floor: int = -1) -> bool:
    if not groups:
        if protected:
            return sum([1 for n in counts.values() if n == 1]) >= singles
        return sum(counts.values()) >= singles
    present = _ascending(r, list(counts))
    same = len(groups) > 1 and groups[1] == groups[0]
    for chain in _chains(r, counts, groups[0], present):
        start = low_key(r, chain[0][0])
        if start >= floor and _allowed(counts, chain, protected) and _fill(
                r, _take(counts, chain), groups[1:], singles, protected, start if same else -1):
            return True
    return False


def _groups(req: Requirement) -> tuple[list[Group], int]:
    """The groups of two or more cards, largest first (equal groups together), and the number of singles."""
    groups = sorted([g for g in req if g != (1,)], key=lambda g: (-sum(g), g))
    return groups, len(req) - len(groups)


def matchings(r: RuleTables, cards: Sequence[int] | dict[int, int], req: Requirement) -> Iterator[list[Chain]]:
    """Every way to place ``req``'s groups of two or more cards among ``cards`` (the singles are whatever is
    left), each as its chains; equal groups are placed from the lowest card up (each set of places once)."""
    counts = cards if isinstance(cards, dict) else counts_of(cards)
    groups, singles = _groups(req)
    return _place(r, counts, groups, singles, [], -1)


def _place(r: RuleTables, counts: dict[int, int], groups: list[Group], singles: int,
           chosen: list[Chain], floor: int) -> Iterator[list[Chain]]:
    if not groups:
        if sum(counts.values()) >= singles:
            yield chosen
        return
    present = _ascending(r, list(counts))
    same = len(groups) > 1 and groups[1] == groups[0]
    for chain in _chains(r, counts, groups[0], present):
        start = low_key(r, chain[0][0])
        if start >= floor:
            yield from _place(r, _take(counts, chain), groups[1:], singles, [*chosen, chain], start if same else -1)


def unit_splits(r: RuleTables, play: Sequence[int], units: Sequence[int],
                limit: int = 512) -> list[list[tuple[int, tuple[int, ...]]]]:
    """Each way (up to ``limit``) to read ``play`` as the lead's units (wider tuples serving narrower slots):
    per unit its code and cards high → low; empty if the play does not fit."""
    if len(play) != sum([code_size(c) for c in units]):
        return []
    rank = r.rank
    req = tuple([code_group(c) for c in units])
    out: list[list[tuple[int, tuple[int, ...]]]] = []
    counts = counts_of(play)
    for chains in matchings(r, counts, req):
        read: list[tuple[int, tuple[int, ...]]] = []
        rest = dict(counts)
        for chain in chains:
            ids = sorted([c for c, n in chain for _ in range(n)], key=lambda i: -rank[i])
            read.append((unit_code(chain[0][1], len(chain)), tuple(ids)))
            rest = _take(rest, chain)
        for c, n in rest.items():
            read.extend([(0, (c,))] * n)
        out.append(read)
        if len(out) >= limit:
            break
    return out


def play_units(r: RuleTables, play: Sequence[int], units: Sequence[int]) -> list[list[tuple[int, int]]]:
    """Each way (up to 512) to read ``play`` as the lead's units: per unit its code and top value."""
    value = r.value
    return [[(code, value[ids[0]]) for code, ids in split] for split in unit_splits(r, play, units)]
