"""Standings (名次): points, then the tie-breaks of the seeds.

Swiss, groups: win 1, draw ½, loss 0 (a bye scores as a win with level difference 0, but is counted
apart: ``byes``, never in ``wins`` or ``played``). Duplicate: the
sum of big points (a bye scores the round's average). Ties are broken by the head-to-head level
difference among the tied teams (相互间比赛级差), then the total level difference, then lot (抽签: a fixed
random order drawn from the tournament's seed; ``Standing.by_lot`` marks the teams it ordered). Knock-out: the
later a team went out, the better; teams out in the same round are ordered by the same keys.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.tournament.model import Match, Round, Stage, Standing
from engine.tournament.placings import places

_ALIVE = 10_000  # "eliminated in" of a team still in the knock-out


@dataclass
class _Tally:
    points: float = 0.0
    diff: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    out: int | None = None
    reached: int = -1  # the highest level (index) won a game at
    h2h: dict[int, int] = field(default_factory=dict)  # opponent -> level difference against it


def lot(seed: int, team_id: int) -> float:
    """The team's place in the tournament's lot (smaller draws first)."""
    return random.Random(f"{seed}:lot:{team_id}").random()


def _bye_points(rnd: Round, big: bool) -> float:
    if not big:
        return 1.0
    scores = [s for m in rnd.matches if m.decided and not m.is_bye for g in m.games for s in g.score]
    return float(sum(scores) // len(scores)) if scores else 0.0


def _count(t: dict[int, _Tally], m: Match, rnd: Round, big: bool) -> None:
    if m.is_bye:
        t[m.a].byes += 1
        t[m.a].points += _bye_points(rnd, big)
        return
    assert m.b is not None
    for side, team in enumerate((m.a, m.b)):
        other = m.b if side == 0 else m.a
        sign = 1 if side == 0 else -1
        tally = t[team]
        tally.played += 1
        tally.diff += sign * m.diff
        tally.h2h[other] = tally.h2h.get(other, 0) + sign * m.diff
        if big:
            tally.points += sum(g.score[side] for g in m.games)
        if m.winner is None:
            tally.draws += 1
            tally.points += 0 if big else 0.5
        elif m.winner == team:
            tally.wins += 1
            tally.reached = max([tally.reached, *(g.score[side] for g in m.games if g.winner == side)])
            tally.points += 0 if big else 1.0
        else:
            tally.losses += 1
            if m.stage is Stage.KNOCKOUT and m.place is None:  # a placing match's loser went out before
                tally.out = m.round


def tally(teams: Iterable[int], rounds: Sequence[Round], *, big: bool = False,
          stages: Iterable[Stage] = tuple(Stage)) -> dict[int, _Tally]:
    """Each team's record over the decided matches of ``stages``."""
    wanted = set(stages)
    t: dict[int, _Tally] = defaultdict(_Tally)
    for team in teams:
        t[team] = _Tally()
    for rnd in rounds:
        for m in rnd.matches:
            if m.decided and m.stage in wanted:
                _count(t, m, rnd, big)
    return t


def rank(teams: Sequence[int], rounds: Sequence[Round], seed: int, *, big: bool = False,
         stages: Iterable[Stage] = tuple(Stage), knockout: bool = False,
         group_of: dict[int, int] | None = None, qualified: set[int] | None = None,
         levels: bool = False) -> list[Standing]:
    """The standings of ``teams``: best first, ranks 1, 2, … With ``knockout``, teams not in
    ``qualified`` (if given) rank after every team of the knock-out; teams out in the same round are
    ordered first by the place a placing match gave them (third-place match: 3rd before 4th). With ``levels``
    (按级别), teams level on points go by the highest level they won a game at, before the tie-breaks."""
    t = tally(teams, rounds, big=big, stages=stages)
    placed = places(rounds) if knockout else {}

    def primary(team: int) -> tuple[float, ...]:
        record = t[team]
        out = record.out if record.out is not None else _ALIVE
        if qualified is not None and team not in qualified:
            out = 0
        tail = (-record.reached,) if levels else ()
        return (-out, placed.get(team, 0), -record.points, *tail) if knockout else (-record.points, *tail)

    ordered: list[int] = []
    by_key: dict[tuple[float, ...], list[int]] = defaultdict(list)
    for team in teams:
        by_key[primary(team)].append(team)
    by_lot: set[int] = set()
    for key in sorted(by_key):
        tied = by_key[key]
        members = set(tied)

        def breaks(x: int, members: set[int] = members) -> tuple[int, int]:
            return -sum(d for o, d in t[x].h2h.items() if o in members), -t[x].diff

        ordered += sorted(tied, key=lambda x: (*breaks(x), lot(seed, x)))
        counts = Counter(breaks(x) for x in tied)
        by_lot |= {x for x in tied if counts[breaks(x)] > 1}
    groups = group_of or {}
    return [Standing(team_id=x, rank=i + 1, points=t[x].points, level_diff=t[x].diff, played=t[x].played,
                     wins=t[x].wins, draws=t[x].draws, losses=t[x].losses, byes=t[x].byes,
                     eliminated_in=t[x].out, group=groups.get(x), place=placed.get(x),
                     reached=t[x].reached, by_lot=x in by_lot)
            for i, x in enumerate(ordered)]
