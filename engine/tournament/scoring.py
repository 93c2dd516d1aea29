"""How one finished (or stopped) game becomes a ``GameResult``: levels, timed ties, duplicate big points.

- Level difference (级差): the difference of the two teams' final levels in rank steps (a level below 2
  under ``deducted_negative``, written ``-1``, counts as one step below 2).
- Timed match (计时): at time the hand in progress is finished, then the higher level wins; a tie goes
  to the team on stage (台上, the team dealing next) or, as an organiser option, to the team that
  reached that level first (先升上该级者为胜, seed 001).
- Duplicate (附件3, 计副积分制): each deal's small points (小分) convert to big points (大分); the sheet's
  examples 15, 40, 80, 120, 160 → 2, 3, 4, 6, 8, 10 define the ``sheet`` table below; ``levels`` uses
  the levels the level table credits (RULES §8 ``fixed_deals``).
- Forfeit (弃权判负): the other team wins; the levels reached so far stay valid (所得分数有效).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import RANKS
from engine.tournament.model import BigPoints, GameResult, How, TimedTie
from engine.views import HandResult

TOTAL_POINTS = 200  # the card points of two decks
# (lowest small points, big points): a team's small points in a deal are the points it took as
# defenders (P) or kept as dealers (200 − P); the sheet's examples: 15→2, 40→3, 80→4, 120→6, 160→8, 200→10.
SHEET_TABLE: tuple[tuple[int, int], ...] = ((0, 2), (40, 3), (80, 4), (120, 6), (160, 8), (200, 10))


def level_index(level: str) -> int:
    """``2`` → 0 … ``A`` → 12; ``-1`` → −1 (a negative level is that many steps below 2)."""
    if level.startswith("-"):
        return int(level)
    return RANKS.index(level)


def big_points(small: int) -> int:
    """The sheet's conversion of one deal's small points to big points."""
    out = SHEET_TABLE[0][1]
    for lowest, big in SHEET_TABLE:
        if small >= lowest:
            out = big
    return out


def deal_big_points(result: HandResult, table: BigPoints = BigPoints.SHEET) -> tuple[int, int]:
    """Both engine teams' (seats 0+2, 1+3) big points for one settled deal."""
    if table is BigPoints.LEVELS:
        return result.level_gains[0], result.level_gains[1]
    defenders = 1 - result.dealer % 2
    points = max(0, result.defender_points)
    out = [0, 0]
    out[defenders] = big_points(points)
    out[1 - defenders] = big_points(max(0, TOTAL_POINTS - points))
    return out[0], out[1]


def duplicate_result(results: Sequence[HandResult], table: BigPoints = BigPoints.SHEET) -> GameResult:
    """A duplicate game (engine team 0 = tournament team a): more big points wins, equal is a draw."""
    deals = tuple(deal_big_points(r, table) for r in results)
    a, b = sum(d[0] for d in deals), sum(d[1] for d in deals)
    winner = None if a == b else (0 if a > b else 1)
    return GameResult(winner=winner, diff=a - b, score=(a, b), how=How.BIG_POINTS.value, deals=deals)


def reached_at(results: Sequence[HandResult], team: int) -> int:
    """The hand after which ``team`` last arrived at its final level (-1: it never moved)."""
    if not results:
        return -1
    final = results[-1].levels_after[team]
    at = -1
    for i, r in enumerate(results):
        if r.levels_after[team] == final and r.levels_before[team] != final:
            at = i
    return at


def level_result(levels: tuple[str, str], winner: int | None, how: How = How.TIME) -> GameResult:
    """A game decided with ``winner`` (engine team), scored by the final levels."""
    a, b = level_index(levels[0]), level_index(levels[1])
    return GameResult(winner=winner, diff=a - b, score=(a, b), how=how.value)


def timed_result(levels: tuple[str, str], on_stage: int, results: Sequence[HandResult],
                 tie: TimedTie = TimedTie.ON_STAGE) -> GameResult:
    """A game stopped by time: the higher level wins; a tie goes by ``tie``."""
    a, b = level_index(levels[0]), level_index(levels[1])
    if a != b:
        return level_result(levels, 0 if a > b else 1)
    if tie is TimedTie.FIRST:
        first = reached_at(results, 0), reached_at(results, 1)
        if first[0] != first[1]:
            # never moved (-1) counts as reaching it at the start, i.e. first
            return level_result(levels, 0 if first[0] < first[1] else 1, How.FIRST)
    return level_result(levels, on_stage, How.ON_STAGE)


def forfeit_result(loser: int, score: tuple[int, int] | None = None) -> GameResult:
    """``loser`` (0 = team a, 1 = team b) forfeits; the levels reached so far (``score``: level indices of
    a and b), if any, stay."""
    score = score or (0, 0)
    return GameResult(winner=1 - loser, diff=score[0] - score[1], score=score, forfeit=True, how=How.FORFEIT.value)
