"""Level change (升级) from the defenders' points, and a team's climb toward the end level — RULES §8.

``level_table`` turns the defenders' final points P (after ``points_cap``) into ranks gained and whether
the defenders take over (上台); ``max_gain`` caps the gain. A team passes the end level (default A) or a
must-play rank (必打) only by winning a hand as dealers at it; other gains stop on it.
"""

from __future__ import annotations

import logging
import math
from fractions import Fraction

from engine.cards import RANKS
from engine.errors import EngineError
from engine.rules import LevelTable, Rules

log = logging.getLogger(__name__)

TAKE_OVER_POINTS = 80  # two decks; 40 per deck (§12.5)
Points = int | Fraction  # P, read on the two-deck scale (§12.5: P × 2/N)


def _steps40(points: Points) -> int:
    if points <= 0:
        return 3
    if points < 40:
        return 2
    if points < 80:
        return 1
    return int((points - 80) // 40)


def _steps20(points: Points) -> int:
    if points <= 0:
        return 5
    for limit, gain in ((20, 4), (40, 3), (60, 2)):
        if points <= limit:
            return gain
    if points < 80:
        return 1
    return int((points - 80) // 20)


def _steps20b(points: Points) -> int:
    if points <= 0:
        return 4
    for below, gain in ((30, 3), (55, 2), (80, 1)):
        if points < below:
            return gain
    return (points - 80) // 20


def _steps10(points: Points) -> int:
    if points <= 0:
        return 8
    if points < 80:
        return max(1, 8 - math.ceil(points / 10))
    return int((points - 80) // 10)


_TABLES = {LevelTable.STEPS40: _steps40, LevelTable.STEPS20: _steps20, LevelTable.STEPS20B: _steps20b,
           LevelTable.STEPS10: _steps10}


def capped_points(points: int, rules: Rules) -> int:
    """P after ``points_cap`` (applied before the level table)."""
    return points if rules.points_cap is None else min(points, rules.points_cap)


def two_deck_points(points: int, decks: int) -> Points:
    """§12.5: P on the two-deck scale. The tables' thresholds scale with the deck count (step 20 N, take-over at
    40 N: seed 000's three-deck table 0 大光, below 60 小光, 120 上台, +1 per 60), i.e. P reads as P × 2/N."""
    return points if decks == 2 else Fraction(2 * points, decks)


def table_gain(points: int, rules: Rules) -> tuple[int, bool]:
    """The level table's gain before ``max_gain``, and whether the defenders take over (P ≥ 40 N; 80 with two
    decks). ``points_cap`` applies to P itself, before the scaling."""
    p = two_deck_points(capped_points(points, rules), rules.decks)
    return _TABLES[rules.level_table](p), p >= TAKE_OVER_POINTS


def level_gain(points: int, rules: Rules) -> tuple[int, bool]:
    """(Ranks gained, defenders take over) for the defenders' points, with ``points_cap`` and ``max_gain``.

    The gain belongs to the dealer team when the defenders do not take over, else to the defenders."""
    gain, take_over = table_gain(points, rules)
    if rules.max_gain is not None:
        gain = min(gain, rules.max_gain)
    return gain, take_over


# -- team levels: ranks, negative levels (负级) and laps ------------------------------------------------

class Level(str):
    """A team's level (级) or a hand's level rank: ``2`` … ``A``, or a negative level ``-1``, ``-2``, … (负级,
    ``blocked_gain: deducted_negative``). A ``str``: JSON and the wire keep the text and it compares equal to it;
    building one checks it (``Level("1")`` raises ``EngineError("play.bad_level")``)."""

    __slots__ = ()

    def __new__(cls, value: object) -> Level:
        if not isinstance(value, str):
            raise EngineError("play.bad_level", level=str(value)[:20])
        level_index(value)  # raises play.bad_level
        return super().__new__(cls, value)

    @classmethod
    def parse(cls, value: object) -> Level:
        """``value`` as a ``Level`` (kept if it is one); anything else raises ``EngineError("play.bad_level")``."""
        return value if isinstance(value, Level) else cls(value)

def level_index(level: str) -> int:
    """A team level on one line: ``2`` → 0 … ``A`` → 12, and a negative level ``-n`` → ``-n`` (``-1`` is one step
    below 2). Raises ``EngineError("play.bad_level")`` for anything else."""
    if level in _RANK_INDEX:
        return _RANK_INDEX[level]
    if level.startswith("-") and level[1:].isascii() and level[1:].isdigit() and int(level[1:]) > 0:
        return int(level)
    raise EngineError("play.bad_level", level=level)


def level_name(index: int) -> Level:
    """Inverse of ``level_index``: ``0`` → ``"2"``, ``-2`` → ``"-2"`` (RULES §8 writes negative levels so)."""
    return _LEVELS[index] if index >= 0 else Level(str(index))


def playing_rank(level: str) -> Level:
    """The rank a team plays at: its level, or ``2`` while its level is negative (一直打2级)."""
    return _LEVELS[0] if level_index(level) < 0 else Level.parse(level)


def is_team_level(level: object) -> bool:
    """Whether ``level`` is a rank or a negative level ``-1``, ``-2``, …."""
    if not isinstance(level, str):
        return False
    try:
        level_index(level)
    except EngineError:
        return False
    return True


def lap_track(level: str, laps: int, rules: Rules) -> int:
    """A team's position counting laps (``timed_laps``): each lap is the climb from 2 past the end level."""
    return laps * (_RANK_INDEX[rules.end_level] + 1) + level_index(level)


def climb(level: str, gain: int, rules: Rules, as_dealer: bool, free_two: bool = False) -> tuple[str, bool, int]:
    """(New level, match won, levels cut off) after a team gains ``gain`` steps from ``level`` — see ``advance``.

    The cut-off levels are those stopped by a must-play rank or the end level (``blocked_gain``); ``free_two``:
    a must-play 2 does not stop this climb (``bottom_relief``, 此时2非必打)."""
    end = rules.end_level
    if as_dealer and level == end:
        return level, True, 0
    stops = set(rules.must_play) | {end}
    if free_two:
        stops.discard(RANKS[0])
    current = level_index(level)
    for step in range(max(gain, 0)):
        name = level_name(current)
        passing_own = current == level_index(level) and as_dealer
        if (name in stops and not passing_own) or name == RANKS[-1]:
            log.debug("gain from %s stops on %s", level, name)
            return name, False, gain - step
        current += 1
    return level_name(current), False, 0


def deduct(level: str, steps: int, negative: bool) -> str:
    """``level`` dropped by ``steps`` (``blocked_gain: deducted``): not below 2, unless ``negative``
    (``deducted_negative``: -1, -2, …; a level already below 2 stays where it is without it)."""
    index = level_index(level)
    lowered = index - steps
    return level_name(lowered if negative else max(lowered, min(index, 0)))


def advance(level: str, gain: int, rules: Rules, as_dealer: bool) -> tuple[str, bool]:
    """A team's new level after gaining ``gain`` ranks from ``level``, and whether it won the match.

    ``as_dealer``: the team won this hand as the dealer team at ``level``. Winning as dealers at the end
    level wins the match (whatever the gain). Otherwise the climb stops on the end level and on any
    must-play rank, except a must-play rank the team just won as dealers at (its starting level). A negative
    level climbs one step at a time to 2 (负级数打完方能继续升级)."""
    new, won, _ = climb(level, gain, rules, as_dealer)
    return new, won


_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_LEVELS: tuple[Level, ...] = tuple(Level(r) for r in RANKS)
