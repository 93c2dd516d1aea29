"""Level change (升级) from the defenders' points, and a team's climb toward the end level — RULES §8.

``level_table`` turns the defenders' final points P (after ``points_cap``) into ranks gained and whether
the defenders take over (上台); ``max_gain`` caps the gain. A team passes the end level (default A) or a
must-play rank (必打) only by winning a hand as dealers at it; other gains stop on it.
"""

from __future__ import annotations

import logging
import math

from engine.cards import RANKS
from engine.rules import LevelTable, Rules

log = logging.getLogger(__name__)

TAKE_OVER_POINTS = 80


def _steps40(points: int) -> int:
    if points <= 0:
        return 3
    if points < 40:
        return 2
    if points < 80:
        return 1
    return (points - 80) // 40


def _steps20(points: int) -> int:
    if points <= 0:
        return 5
    for limit, gain in ((20, 4), (40, 3), (60, 2)):
        if points <= limit:
            return gain
    if points < 80:
        return 1
    return (points - 80) // 20


def _steps20b(points: int) -> int:
    if points <= 0:
        return 4
    for below, gain in ((30, 3), (55, 2), (80, 1)):
        if points < below:
            return gain
    return (points - 80) // 20


def _steps10(points: int) -> int:
    if points <= 0:
        return 8
    if points < 80:
        return max(1, 8 - math.ceil(points / 10))
    return (points - 80) // 10


_TABLES = {LevelTable.STEPS40: _steps40, LevelTable.STEPS20: _steps20, LevelTable.STEPS20B: _steps20b,
           LevelTable.STEPS10: _steps10}


def capped_points(points: int, rules: Rules) -> int:
    """P after ``points_cap`` (applied before the level table)."""
    return points if rules.points_cap is None else min(points, rules.points_cap)


def table_gain(points: int, rules: Rules) -> tuple[int, bool]:
    """The level table's gain before ``max_gain``, and whether the defenders take over (P ≥ 80)."""
    p = capped_points(points, rules)
    return _TABLES[rules.level_table](p), p >= TAKE_OVER_POINTS


def level_gain(points: int, rules: Rules) -> tuple[int, bool]:
    """(Ranks gained, defenders take over) for the defenders' points, with ``points_cap`` and ``max_gain``.

    The gain belongs to the dealer team when the defenders do not take over, else to the defenders."""
    gain, take_over = table_gain(points, rules)
    if rules.max_gain is not None:
        gain = min(gain, rules.max_gain)
    return gain, take_over


def climb(level: str, gain: int, rules: Rules, as_dealer: bool) -> tuple[str, bool, bool]:
    """(New level, match won, stopped early on a must-play or end level) — see ``advance``."""
    end = rules.end_level
    if as_dealer and level == end:
        return level, True, False
    stops = set(rules.must_play) | {end}
    current = level
    for _ in range(max(gain, 0)):
        passing_own = current == level and as_dealer
        if (current in stops and not passing_own) or current == RANKS[-1]:
            log.debug("gain from %s stops on %s", level, current)
            return current, False, True
        current = RANKS[RANKS.index(current) + 1]
    return current, False, False


def advance(level: str, gain: int, rules: Rules, as_dealer: bool) -> tuple[str, bool]:
    """A team's new level after gaining ``gain`` ranks from ``level``, and whether it won the match.

    ``as_dealer``: the team won this hand as the dealer team at ``level``. Winning as dealers at the end
    level wins the match (whatever the gain). Otherwise the climb stops on the end level and on any
    must-play rank, except a must-play rank the team just won as dealers at (its starting level)."""
    new, won, _ = climb(level, gain, rules, as_dealer)
    return new, won


def rank_distance(old: str, new: str) -> int:
    """``new`` minus ``old`` in rank steps (negative for a drop)."""
    return RANKS.index(new) - RANKS.index(old)
