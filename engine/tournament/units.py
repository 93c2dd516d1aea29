"""Entry by unit (以单位报名): teams belong to a unit (单位: a club, a school, a department — a server role).

- ``unit_limit`` N: at most N teams of one unit sign up (seed 001 "以部门工会为单位组队，最多限报两个队"); the
  N+1st team is refused at entry (``check_entry``).
- ``units_apart``: a unit's teams are kept apart where the draw can do it (seed 001 "每单位两对选手分别在A-C和E-H组",
  seed 000 "每个单位的选手按抽签比赛"): the group draw spreads each unit over the groups (a unit's count per group
  differs by one at most), and round 1 — of a knock-out, of Swiss, and of every group's round-robin — pairs no two
  teams of one unit unless it cannot be avoided. A perfect pairing without a same-unit pair exists exactly when no
  unit holds more than half the teams to pair, so the fewest same-unit pairs is ``unavoidable``.
Teams without a unit are units of their own. Everything follows from the lot (the order the teams come in).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import networkx as nx

from engine.errors import NotAllowed
from engine.tournament.model import Team

Pair = tuple[int, int | None]
_BYE = -1


def check_entry(teams: Sequence[Team], config_limit: int, unit: int | None, unit_name: str) -> None:
    """Refuse a team of ``unit`` when the unit has ``config_limit`` teams already (限报); a unit is needed then."""
    if config_limit <= 0:
        return
    if unit is None:
        raise NotAllowed("tournament.unit_needed", limit=config_limit)
    if sum(1 for t in teams if t.unit == unit and not t.withdrawn) >= config_limit:
        raise NotAllowed("tournament.unit_full", unit=unit_name or str(unit), limit=config_limit)


def unit_key(unit_of: Mapping[int, int | None], team: int) -> tuple[str, int]:
    """The unit a team counts under (a team without a unit is one of its own)."""
    unit = unit_of.get(team)
    return ("unit", unit) if unit is not None else ("team", team)


def unavoidable(teams: Sequence[int], unit_of: Mapping[int, int | None]) -> int:
    """The fewest same-unit pairs any pairing of ``teams`` (an even number) must have: the largest unit's teams
    beyond half the teams meet each other."""
    if not teams:
        return 0
    largest = max(Counter(unit_key(unit_of, t) for t in teams).values())
    return max(0, (2 * largest - len(teams)) // 2)


def same_unit(pairs: Sequence[Pair], unit_of: Mapping[int, int | None]) -> int:
    """How many of ``pairs`` put two teams of one unit together."""
    return sum(1 for a, b in pairs if b is not None and unit_key(unit_of, a) == unit_key(unit_of, b))


def apart_pairs(pool: Sequence[int], unit_of: Mapping[int, int | None], bye_ok: Sequence[int] = ()) -> list[Pair]:
    """Pair ``pool`` (in the lot's order) with the fewest same-unit pairs; with an odd pool one of ``bye_ok`` (all
    of the pool if empty) gets the bye. Among the best pairings, the lot's neighbours are preferred."""
    n = len(pool)
    if n == 0:
        return []
    order = {t: i for i, t in enumerate(pool)}
    apart = n * n + 1  # above any sum of closeness
    graph = nx.Graph()
    for i, x in enumerate(pool):
        for y in pool[i + 1:]:
            closeness = n - abs(order[x] - order[y])
            graph.add_edge(x, y, weight=closeness + (apart if unit_key(unit_of, x) != unit_key(unit_of, y) else 0))
    if n % 2:
        for t in bye_ok or pool:
            graph.add_edge(t, _BYE, weight=apart + order[t])  # a later lot takes the bye, all else equal
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[Pair] = []
    bye: list[Pair] = []
    for u, v in matching:
        if _BYE in (u, v):
            bye.append((u if v == _BYE else v, None))
        else:
            pairs.append((u, v) if order[u] < order[v] else (v, u))
    pairs.sort(key=lambda p: order[p[0]])
    return pairs + bye


def spread_groups(pool: Sequence[int], count: int, unit_of: Mapping[int, int | None]) -> list[list[int]]:
    """Deal ``pool`` (in the lot's order) into ``count`` groups, a unit's teams in turn to the next group, so a
    unit's count per group differs by one at most, as do the groups' sizes."""
    sizes = Counter(unit_key(unit_of, t) for t in pool)
    first: dict[tuple[str, int], int] = {}
    for i, t in enumerate(pool):
        first.setdefault(unit_key(unit_of, t), i)
    ordered = sorted(pool, key=lambda t: (-sizes[unit_key(unit_of, t)], first[unit_key(unit_of, t)]))
    return [ordered[i::count] for i in range(count)]


def round_one_order(group: Sequence[int], unit_of: Mapping[int, int | None]) -> list[int]:
    """The group in the order whose round-robin (``pairing.round_robin``, circle method: place i meets place
    n−1−i in round 1, an odd group's place 0 has the bye) opens with the fewest same-unit pairs."""
    pairs = apart_pairs(group, unit_of)
    bye = [a for a, b in pairs if b is None]
    played = [(a, b) for a, b in pairs if b is not None]
    head = [a for a, _ in played]
    tail = [b for _, b in reversed(played) if b is not None]
    return [*bye, *head, *tail]
