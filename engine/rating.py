"""Skill ratings for team play (openskill Plackett-Luce, two teams of two; 找朋友: every player alone, placed by
the match's end) and ladder levels with laps.

AI seats take part in the rating computation as fixed-rating placeholders (a confident rating per
AI level, never updated and never stored), so beating a strong AI pair is worth more than beating
random players; only human players get ladder rows. The shown rating is the conservative ordinal
``mu - 3·sigma``.

A ladder level is ``progress = laps · 13 + index of the rank in 2…A``: gaining past A starts a new
lap at 2. Progress never goes below 0 (a negative gain, e.g. 钩J, stops at 2 of the first lap).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from engine.cards import RANKS
from engine.levels import level_index, level_name

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma
AI_RATINGS: dict[str, tuple[float, float]] = {"random": (15.0, 2.0), "basic": (25.0, 2.0), "strong": (32.0, 2.0)}
DEFAULT_AI_LEVEL = "basic"


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """Conservative estimate shown on leaderboards."""
        return self.mu - 3.0 * self.sigma


def ai_skill(level: str | None) -> Skill:
    mu, sigma = AI_RATINGS.get(level or DEFAULT_AI_LEVEL, AI_RATINGS[DEFAULT_AI_LEVEL])
    return Skill(mu, sigma)


def rate_match(seats: Sequence[Skill], winner_team: int) -> list[Skill]:
    """New skills of the seats (team = seat % 2: two teams of two, three or four) after ``winner_team`` won.

    The caller keeps the new values of human seats only (AI placeholders stay fixed)."""
    members = [list(range(t, len(seats), 2)) for t in (0, 1)]
    teams = [[MODEL.rating(mu=seats[s].mu, sigma=seats[s].sigma) for s in members[t]] for t in (0, 1)]
    ranks = [0.0, 1.0] if winner_team == 0 else [1.0, 0.0]
    rated = MODEL.rate(teams, ranks=ranks)
    out: list[Skill] = [Skill()] * len(seats)
    for team in (0, 1):
        for i, seat in enumerate(members[team]):
            out[seat] = Skill(float(rated[team][i].mu), float(rated[team][i].sigma))
    return out


def rate_players(seats: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """New skills of every seat rated alone (找朋友: teams change every hand), ``ranks[i]`` the place of seat ``i``
    (0 first; equal ranks tie). The caller keeps the new values of human seats only."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in seats]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(float(team[0].mu), float(team[0].sigma)) for team in rated]


def advance_progress(progress: int, gain: int, team_level: str = "2") -> int:
    """Ladder progress after gaining ``gain`` levels (laps wrap A -> 2). Never below 0 (level 2), except as far
    as the team's own level after the hand is negative (RULES §8 ``deducted_negative``: -1 is one below 2)."""
    return max(min(0, level_index(team_level)), progress + gain)


def level_of(progress: int) -> tuple[str, int]:
    """``(level, laps completed)`` of a ladder progress; below 0 the level is negative (``-1``, ``-2``, …)."""
    if progress < 0:
        return level_name(progress), 0
    return RANKS[progress % len(RANKS)], progress // len(RANKS)
