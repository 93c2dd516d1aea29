"""Tournaments (比赛): the seeds' competition formats as pure, engine-level logic (no Discord, SQL or asyncio).

Modules: ``model`` (Config, Team, GameResult, Match, Round, Standing), ``pairing`` (knock-out by lot with
byes, Swiss without repeats, round-robin groups), ``standings`` (points and tie-breaks), ``scoring`` (a
finished game → ``GameResult``: levels, timed ties, duplicate big points, forfeits), ``bracket``
(``Tournament``: sign-up, rounds, results). ``runtime.tournaments`` runs them on real tables.
"""

from engine.tournament.bracket import Tournament
from engine.tournament.model import (
           BigPoints,
           Config,
           Format,
           GameResult,
           Match,
           Round,
           Stage,
           Standing,
           Status,
           Team,
           TimedTie,
)

__all__ = ["BigPoints", "Config", "Format", "GameResult", "Match", "Round", "Stage", "Standing", "Status", "Team",
           "TimedTie", "Tournament"]
