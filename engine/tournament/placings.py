"""Placing matches (排位): the third-place match (三四名决赛) of a knock-out.

With the organiser's ``third_place`` option, when a knock-out's final is drawn after a round of two played
matches (the semi-finals), the two losers of those matches meet in a third-place match in the same round as
the final. Its winner places 3rd and its loser 4th; it is not a step of the draw (its winner does not go on).
Without it, or when the semi-final round had a bye (three teams: one loser), places 3 and 4 go by the usual
knock-out order (the round a team went out in, then the tie-breaks).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tournament.model import Match, Round, Stage

THIRD = 3


def draw_matches(rnd: Round) -> list[Match]:
    """The matches of ``rnd`` that are steps of the draw (not placing matches)."""
    return [m for m in rnd.matches if m.place is None]


def third_place_pair(rounds: Sequence[Round], alive: Sequence[int | None]) -> tuple[int, int] | None:
    """The third-place match's teams (the semi-final losers, in match order) when the final (``alive``: two
    teams) follows a knock-out round of exactly two played matches; otherwise ``None``."""
    if len(alive) != 2 or not rounds or rounds[-1].stage is not Stage.KNOCKOUT:
        return None
    played = [m for m in draw_matches(rounds[-1]) if not m.is_bye]
    if len(played) != 2 or any(m.winner is None for m in played):
        return None
    a, b = (m.other(m.winner) for m in played if m.winner is not None)
    return (a, b) if a is not None and b is not None else None


def places(rounds: Sequence[Round]) -> dict[int, int]:
    """Each team a decided placing match placed: its winner ``place``, its loser ``place + 1``."""
    out: dict[int, int] = {}
    for rnd in rounds:
        for m in rnd.matches:
            if m.place is not None and m.decided and m.winner is not None and m.b is not None:
                out[m.winner] = m.place
                loser = m.other(m.winner)
                if loser is not None:
                    out[loser] = m.place + 1
    return out
