"""A table's outcome as a tournament game: a finished match, or one stopped by a deadline or the organiser.

Team a sits in seats 0 and 2 (engine team 0), team b in seats 1 and 3. A finished match: the engine's
winner (passing the end level, or time up with the higher level; a timed tie goes by the organiser's
option), duplicate: big points; passing the end level counts one level more than standing on it.
A stopped match (deadline, 判定): a team whose both seats are under 托管
did not play and forfeits (弃权判负); if both or neither, the timed rule decides at the current levels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from engine.events import MatchOverReason
from engine.rules import MatchEnd
from engine.table import Table
from engine.tournament.model import Config, GameResult, How
from engine.tournament.scoring import duplicate_result, forfeit_result, level_index, level_result, timed_result


class SeatLike(Protocol):
    """What the rule reads of a filled seat (``data.records.Seat``)."""

    @property
    def is_ai(self) -> bool: ...

    @property
    def away(self) -> bool: ...


class SeatedTable(Protocol):
    """What the rule reads of a table's record (``data.records.TableRecord``): its four seats."""

    @property
    def seats(self) -> Sequence[SeatLike | None]: ...


def finished_result(table: Table, config: Config) -> GameResult:
    """The game of a table whose match is over."""
    levels = (table.levels[0], table.levels[1])
    if table.rules.match_end is MatchEnd.FIXED_DEALS:
        return duplicate_result(table.results, config.big_points)
    if table.match_over_reason is MatchOverReason.TIME_UP and table.match_winner is None:
        return level_result(levels, None)  # a level tie at time played as a draw (group play, 平局)
    if table.match_over_reason is MatchOverReason.TIME_UP:
        on_stage = table.match_winner if table.match_winner is not None else 0
        return timed_result(levels, on_stage, table.results, config.timed_tie)
    result = level_result(levels, table.match_winner, How.PASSED)
    if table.match_winner is None:
        return result
    # passing the end level counts as one level more than standing on it
    return replace(result, diff=result.diff + (1 if table.match_winner == 0 else -1))


def absent_team(rec: SeatedTable) -> int | None:
    """The team (0 or 1) whose human seats are all under 托管 while the other's are not, else ``None``."""
    away = []
    for team in (0, 1):
        seats = [rec.seats[s] for s in (team, team + 2)]
        humans = [s for s in seats if s is not None and not s.is_ai]
        away.append(bool(humans) and all(s.away for s in humans))
    if away[0] != away[1]:
        return 0 if away[0] else 1
    return None


def stopped_result(rec: SeatedTable, table: Table | None, config: Config) -> GameResult:
    """The game of a table stopped before its end (a deadline, or the organiser moved the round on)."""
    if table is not None and table.match_winner is not None:
        return finished_result(table, config)
    levels = (table.levels[0], table.levels[1]) if table is not None else None
    absent = absent_team(rec)
    if absent is not None:
        return forfeit_result(absent, (level_index(levels[0]), level_index(levels[1])) if levels else None)
    if table is None or levels is None:
        return GameResult(winner=None)
    if table.rules.match_end is MatchEnd.FIXED_DEALS:
        return duplicate_result(table.results, config.big_points)
    view = table.public_view()
    on_stage = view.dealer_team if view.dealer_team is not None else 0
    return timed_result(levels, on_stage, table.results, config.timed_tie)
