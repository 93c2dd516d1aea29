"""Forfeits as the sheets have them (弃权): a team absent ``no_show_minutes`` after its game started forfeits by
itself — seed 000 "迟到：10分钟判弃权", seed 001 "比赛开始后10分钟未到场者即视为弃权，判到场一方胜利". Absent is the
rule the deadlines already use (``engine.tournament.adjudicate.absent_team``): every human of the team is
under 托管 (never came, or timed out and never took back) while the other team's are not. The levels the game
had reached stay valid ("弃权者被淘汰判负：所得分数有效"). A locked roster (不得换人, seed 001 "比赛全程不得换人")
refuses the organiser's ``replace`` once the tournament runs."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Protocol

from data.database import Database
from data.timers import Timer
from engine.tournament import Status as TStatus
from engine.tournament import Tournament
from engine.tournament.adjudicate import absent_team
from runtime.clock.timers import NoShowTimer, store
from runtime.errors import NotAllowed
from runtime.presenter import Announcement
from runtime.procedures import PROCEDURES
from runtime.service.game import GameService


class Host(Protocol):
    """What the no-show clock needs of ``runtime.tournament.service.TournamentService``."""

    game: GameService
    db: Database
    tournaments: dict[int, Tournament]

    async def forfeit(self, tournament_id: int, user_id: int, team_id: int, *, manager: bool = False,
                      guild_id: int | None = None) -> Any: ...

    async def _tell(self, t: Tournament, reason: str, notes: Sequence[Announcement] = (), *, draw: bool = False,
                    table_id: int | None = None, match_id: str | None = None) -> None: ...

log = logging.getLogger(__name__)



def procedures_of(t: Tournament) -> dict[str, Any]:
    return dict(t.meta.get(PROCEDURES) or {})


def check_roster(t: Tournament) -> None:
    """不得换人: no substitute once a tournament with a locked roster runs."""
    if procedures_of(t).get("locked_roster") and t.status is not TStatus.SIGNUP:
        raise NotAllowed("procedures.roster_locked")


class NoShows:
    """The no-show clock of every tournament game (a timer of no table, ``runtime.clock.timers.NoShowTimer``)."""

    def __init__(self, service: Host) -> None:
        self.service = service
        service.game.timers.register(NoShowTimer, self._due)

    async def arm(self, t: Tournament, match_id: str, table_id: int) -> None:
        minutes = float(procedures_of(t).get("no_show_minutes") or 0)
        if minutes > 0:
            await store(self.service.db, None, self.service.game.clock() + minutes * 60,
                        NoShowTimer(t.tournament_id, match_id, table_id))

    async def _due(self, spec: NoShowTimer, timer: Timer) -> None:
        t = self.service.tournaments.get(spec.tournament)
        if t is None or t.status is not TStatus.RUNNING:
            return
        match = t.match(spec.match)
        if match.decided or match.current_table != spec.table:
            return
        session = self.service.game.sessions.get(spec.table)
        absent = absent_team(session.record) if session is not None else None
        if absent is None:
            return
        team = t.team(match.teams[absent])
        log.info("tournament %d: team %d absent at table %s: forfeit", t.tournament_id, team.team_id, spec.table)
        await self.service._tell(t, "result", [Announcement("tournament.no_show", {
            "team": team.name, "minutes": round(float(procedures_of(t).get("no_show_minutes") or 0))})])
        await self.service.forfeit(t.tournament_id, t.organiser_id, team.team_id, manager=True)
