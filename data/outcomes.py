"""What a settled hand or a finished match means for each seat's ladder row, in either kind of team (RULES §8, §13.7).

Fixed partners (``mode: tractor``): a seat is on team ``seat % 2``; it moves by its team's gain and is on the dealer's
side when its team deals; the match's winners are the seats of the winning team. 找朋友 (``mode: friends``): every
player climbs from its own level by its own gain (``HandResult.level_gains[seat]``); the dealer's side is the
dealer's final team (``HandResult.team``); the match is won by every member of the winning dealer's team that
played the last hand at its own level, the end level (the engine names the first of them, ``match_winner``).
Defenders score a kitty bonus (抠底) when the defenders took the last trick with a bonus.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.levels import Level
from engine.shape import TableShape
from engine.views import HandResult


@dataclass(frozen=True)
class SeatOutcome:
    """One seat's share of a settled hand."""

    gain: int  # levels gained (negative: lost)
    level_after: Level  # the seat's (or its team's) level after the hand
    as_dealer: bool  # on the dealer's side (庄家方)
    won: bool  # its side won the hand
    kitty: bool  # its side scored the kitty bonus as defenders


def seat_outcome(shape: TableShape, result: HandResult, seat: int) -> SeatOutcome:
    """What ``result`` means for ``seat`` at a table of ``shape``."""
    dealer_won = not result.defenders_take_over
    if shape.fixed_partners:
        team = shape.team_of(seat)
        as_dealer = team == shape.team_of(result.dealer)
        kitty = result.kitty_bonus > 0 and team == shape.team_of(result.last_winner) and not as_dealer
        return SeatOutcome(result.level_gains[team], result.levels_after[team], as_dealer, dealer_won == as_dealer,
                           kitty)
    as_dealer = seat == result.dealer or seat in result.team
    return SeatOutcome(result.level_gains[seat], result.levels_after[seat], as_dealer, dealer_won == as_dealer,
                       result.kitty_bonus > 0 and not as_dealer)


def team_column(shape: TableShape, seat: int) -> int | None:
    """The ``match_players.team`` of a seat: its fixed team, ``None`` in 找朋友 (teams change every hand)."""
    return shape.team_of(seat) if shape.fixed_partners else None


def match_winners(shape: TableShape, winner: int | None, last: HandResult | None) -> tuple[int, ...]:
    """The seats that won a match: ``winner`` is the winning team (fixed partners) or the engine's winning seat
    (找朋友, where ``last``, the final hand, names every member of the dealer's team who passed the end level)."""
    if winner is None:
        return ()
    if shape.fixed_partners:
        return tuple(s for s in shape.seats() if shape.team_of(s) == winner)
    if last is None or last.defenders_take_over or last.match_winner != winner:
        return (winner,)
    side = {last.dealer, *last.team}
    return tuple(s for s in shape.seats() if s in side and last.levels_before[s] == last.level)


def final_level(shape: TableShape, last: HandResult | None, seat: int) -> str | None:
    """A seat's level when the match ended (its team's with fixed partners), ``None`` before any hand was settled."""
    if last is None:
        return None
    return str(last.levels_after[shape.team_of(seat) if shape.fixed_partners else seat])
