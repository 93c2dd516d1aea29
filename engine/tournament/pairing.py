"""Pairings (编排): knock-out by lot with byes, Swiss by score without repeats, round-robin groups.

- A bye (轮空; "电梯"/"火箭" in seed 000) goes, when the number of teams is odd, to a team that has had
  the fewest byes so far: no team gets a second bye while another has none. In a knock-out the lot
  (抽签) picks it among them; in Swiss the lowest-ranked of them takes it, always (a hard rule: the
  pairing of the others never moves the bye to a better-ranked team).
- Swiss (积分编排制): teams are paired by score; a pairing is never repeated while a pairing without
  repeats exists (a maximum-weight perfect matching: a repeat costs more than any score difference).
- Round-robin (循环): the circle method; each team meets every other team of its group once and, in an
  odd group, has exactly one bye.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import networkx as nx

from engine.tournament import units

Pair = tuple[int, int | None]  # (team, opponent or None for a bye)


def bye_candidates(teams: Sequence[int], byes: Mapping[int, int]) -> list[int]:
    """The teams that may take the bye: those with the fewest byes so far (in ``teams`` order)."""
    fewest = min(byes.get(t, 0) for t in teams)
    return [t for t in teams if byes.get(t, 0) == fewest]


def swiss_bye(ranked: Sequence[int], byes: Mapping[int, int]) -> int:
    """Swiss: the team that takes the bye, the lowest-ranked (``ranked`` best first) with the fewest byes."""
    return bye_candidates(ranked, byes)[-1]


def knockout_pairs(teams: Sequence[int], byes: Mapping[int, int], rng: random.Random,
                   apart: Mapping[int, int | None] | None = None) -> list[Pair]:
    """Draw lots: an odd team out gets the bye (among the fewest byes), the rest are paired at random. ``apart``
    (each team's unit): the lot's order is paired with the fewest same-unit pairs (``units.apart_pairs``)."""
    pool = list(teams)
    rng.shuffle(pool)
    if apart is not None:
        pairs = units.apart_pairs(pool, apart, bye_candidates(pool, byes))
        return [p for p in pairs if p[1] is not None] + [p for p in pairs if p[1] is None]
    out: list[Pair] = []
    if len(pool) % 2:
        lucky = rng.choice(bye_candidates(pool, byes))
        pool.remove(lucky)
        out.append((lucky, None))
    out[:0] = [(pool[i], pool[i + 1]) for i in range(0, len(pool), 2)]
    return out


def swiss_pairs(ranked: Sequence[int], points: Mapping[int, float], played: set[frozenset[int]],
                byes: Mapping[int, int]) -> list[Pair]:
    """Pair ``ranked`` (best first) by score. Priorities: the bye to the lowest-ranked team among the
    fewest byes (hard), no repeated pairing, then opponents as close as possible in points, then in rank."""
    n = len(ranked)
    if n == 0:
        return []
    if n == 1:
        return [(ranked[0], None)]
    rank = {t: i for i, t in enumerate(ranked)}
    scores = sorted({points.get(t, 0) for t in ranked}, reverse=True)
    group = {t: scores.index(points.get(t, 0)) for t in ranked}  # score group (同分组), best first
    bye_node = -1
    closeness_max = (n + 1) ** 2 + n + 1  # above any gap below
    repeat_cost = closeness_max * (n + 2)  # above any sum of closeness over one round
    graph = nx.Graph()
    for i, x in enumerate(ranked):
        for y in ranked[i + 1:]:
            gap = abs(group[x] - group[y]) * (n + 1) + abs(rank[x] - rank[y])
            fresh = frozenset((x, y)) not in played
            graph.add_edge(x, y, weight=closeness_max - gap + (repeat_cost if fresh else 0))
    if n % 2:  # the only edge to the bye: a perfect matching must give it to this team
        graph.add_edge(swiss_bye(ranked, byes), bye_node, weight=repeat_cost + closeness_max)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    out: list[Pair] = []
    for u, v in matching:
        if bye_node in (u, v):
            continue
        first, second = (u, v) if rank[u] < rank[v] else (v, u)
        out.append((first, second))
    out.sort(key=lambda p: rank[p[0]])
    for u, v in matching:
        if bye_node in (u, v):
            out.append((u if v == bye_node else v, None))
    return out


def round_robin(teams: Sequence[int]) -> list[list[Pair]]:
    """Every round of a round-robin (circle method); an odd group gives each team one bye."""
    pool: list[int | None] = list(teams)
    if len(pool) % 2:
        pool.append(None)
    n = len(pool)
    rounds: list[list[Pair]] = []
    for _ in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            x, y = pool[i], pool[n - 1 - i]
            if x is None:
                x, y = y, x
            assert x is not None
            pairs.append((x, y))
        pairs.sort(key=lambda p: p[1] is None)
        rounds.append(pairs)
        pool = [pool[0], pool[-1], *pool[1:-1]]
    return rounds


def split_groups(teams: Sequence[int], size: int, rng: random.Random,
                 apart: Mapping[int, int | None] | None = None) -> list[list[int]]:
    """Groups drawn by lot, as even as possible (sizes differ by one at most), of at least three teams so that
    every advance (the top two) is earned: no group of two where both go through whatever they do. Groups are
    at most ``size`` teams unless that would leave a group of two (five teams, size 4: one group of five).
    Fewer than three teams: no groups (``[]``: the teams go straight to the knock-out). ``apart`` (each team's
    unit): each unit spread over the groups, and each group ordered so its round 1 keeps a unit's teams apart."""
    if len(teams) < 3:
        return []
    count = max(1, min(-(-len(teams) // size), len(teams) // 3))
    pool = list(teams)
    rng.shuffle(pool)
    if apart is not None:
        return [units.round_one_order(g, apart) for g in units.spread_groups(pool, count, apart)]
    return [pool[i::count] for i in range(count)]


def knockout_rounds_left(teams: int) -> int:
    """How many knock-out rounds ``teams`` teams still need (byes halve rounding up: 9 → 5 → 3 → 2 → 1)."""
    rounds = 0
    while teams > 1:
        teams = (teams + 1) // 2
        rounds += 1
    return rounds
