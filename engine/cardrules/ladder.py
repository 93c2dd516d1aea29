"""The format ladder with N decks (RULES §12.4) and rule 2 of following by it, on card indices.

For one unit of k cards the rungs are rbtying's decomposition ordering of k cards after the unit's own shape: the
splits of k into tuple widths, widest first, and within one split every grouping of the wider tuples into adjacent
chains, the longest chain first. For a throw, the unit with the most rungs left steps down one rung at a time,
each combination reached being a rung. The follower's led-suit cards must fill the first rung they can fill
(rbtying's ``TrickFormat::is_legal_play``); under ``ladder_protected`` a tuple never breaks to fill a narrower slot.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.cardrules.tables import RuleTables
from engine.cardrules.tuples import Group, Requirement, code_group, code_length, code_width, counts_of, matches
from engine.cardrules.units import pair_count
from engine.choices import FollowPolicy

log = logging.getLogger(__name__)

_GROUPINGS: dict[int, list[tuple[int, ...]]] = {}
_PARTITIONS: dict[int, list[list[list[int]]]] = {}
_FULL: dict[int, list[Requirement]] = {}
_RUNGS: dict[tuple[Group, ...], tuple[Requirement, ...]] = {}


def _dedup(items: list[Requirement]) -> list[Requirement]:
    out: list[Requirement] = []
    for item in items:
        if not out or out[-1] != item:
            out.append(item)
    return out


def groupings(n: int) -> list[tuple[int, ...]]:
    """The splits of ``n`` cards into tuple widths, widest first (reverse lexicographic)."""
    found = _GROUPINGS.get(n)
    if found is not None:
        return found
    out: set[tuple[int, ...]] = set()
    if n == 1:
        out.add((1,))
    else:
        for g in groupings(n - 1):
            for k, v in enumerate(g):
                if v not in g[:k]:
                    out.add((*g[:k], v + 1, *g[k + 1:]))
            out.add((*g, 1))
    found = _GROUPINGS[n] = sorted(out, reverse=True)
    return found


def index_partitions(n: int) -> list[list[list[int]]]:
    """The partitions of positions 0..n−1 into groups: the largest group first, then fewer groups."""
    found = _PARTITIONS.get(n)
    if found is not None:
        return found
    if n == 1:
        found = [[[0]]]
    else:
        out: list[list[list[int]]] = []
        for part in index_partitions(n - 1):
            for k in range(len(part)):
                out.append([*part[:k], [*part[k], n - 1], *part[k + 1:]])
            out.append([*part, [n - 1]])
        out.sort(key=lambda p: (-max(len(g) for g in p), len(p)))
        found = []
        for p in out:
            if not found or found[-1] != p:
                found.append(p)
    _PARTITIONS[n] = found
    return found


def full_ordering(n: int) -> list[Requirement]:
    """Every format of ``n`` cards, strictest first (rbtying's ``full_decomposition_ordering``): by tuple widths,
    and within them every grouping of the wider tuples into adjacent chains, longest chain first."""
    found = _FULL.get(n)
    if found is not None:
        return found
    out: list[Requirement] = []
    for group in groupings(n):
        wide = [v for v in group if v > 1]
        ones: list[Group] = [(1,)] * (len(group) - len(wide))
        if not wide:
            out.append(tuple(ones))
            continue
        for partition in index_partitions(len(wide)):
            req = [tuple([wide[k] for k in block]) for block in partition] + ones
            req.sort(reverse=True)
            out.append(tuple(req))
    found = _FULL[n] = _dedup(out)
    return found


def ladder(units: Sequence[int]) -> tuple[Requirement, ...]:
    """The rungs of a lead of unit codes ``units`` (§12.4): its own format, then each step splitting the unit
    with the most rungs left by one (rbtying's ``subsequent_decomposition_ordering``)."""
    own = tuple([code_group(c) for c in units])
    found = _RUNGS.get(own)
    if found is None:
        if len(_RUNGS) >= 4096:
            _RUNGS.clear()
        found = _RUNGS[own] = (own, *_subsequent(own))
    return found


def _subsequent(own: tuple[Group, ...]) -> list[Requirement]:
    groups = [tuple(sorted(g, reverse=True)) for g in own]
    left: list[list[Requirement]] = []
    for g in groups:
        rest = full_ordering(sum(g))[::-1]
        while rest:
            if rest.pop() == (g,):
                break
        left.append(rest)  # popped from the end: the next rungs in order
    current: list[list[Group]] = [[g] for g in groups]
    order = list(range(len(groups)))
    out: list[Requirement] = []
    while True:
        order.sort(key=lambda k: -len(left[k]))
        first = order[0]
        if not left[first]:
            return out
        current[first] = list(left[first].pop())
        rung = [g for k in order for g in current[k]]
        rung.sort(reverse=True)
        out.append(tuple(rung))


def required_rung(r: RuleTables, units: Sequence[int], held: Sequence[int], protected: bool) -> int:
    """The index of the first rung of the lead's ladder that ``held`` (led-suit cards) can fill."""
    counts = counts_of(held)
    rungs = ladder(units)
    for k, rung in enumerate(rungs):
        if matches(r, counts, rung, protected):
            return k
    return len(rungs)


def follow_ok(r: RuleTables, units: Sequence[int], held: Sequence[int], played: Sequence[int],
              protected: bool) -> str | None:
    """§12.4 rule 2 (``held`` more led-suit cards than led, ``played`` as many as led, all of the led suit):
    the play fills the first rung the holding can fill (or an earlier one); a message key, or None."""
    mine = counts_of(played)
    hand = counts_of(held)
    for rung in ladder(units):
        if matches(r, mine, rung):
            return None
        if matches(r, hand, rung, protected):
            return "play.must_follow_tractor" if any(len(g) > 1 for g in rung) else "play.must_follow_pairs"
    return None


def lead_pairs(units: Sequence[int]) -> int:
    """The pairs a lead holds under ``pairs_only`` (a triple counts as one pair, a quadruple as two)."""
    return sum([code_width(c) // 2 * code_length(c) for c in units])


def tuple_follow_error(r: RuleTables, units: Sequence[int], held: list[int], played: list[int]) -> str | None:
    """Rule 2 by §12.4 (the follower holds more led-suit cards than led and played as many as led)."""
    if r.policy is FollowPolicy.PAIRS_ONLY:
        need = min(lead_pairs(units), pair_count(held))
        return None if pair_count(played) >= need else "play.must_follow_pairs"
    return follow_ok(r, units, held, played, r.policy is FollowPolicy.LADDER_PROTECTED)
