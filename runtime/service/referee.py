"""Referee powers (裁判): a warning (警告), a point penalty (罚分), a hand awarded (判负一副), a disqualification
(取消比赛资格) on the team of a seated player. Who may rule (``check_referee``):

- never an interested party: a player seated at the table, or (on a tournament's table) a player of either team
  of that match (``match_parties``) — not even the host, an organiser or a manager (``referee.interested``);
- otherwise the table's host (a tournament's organiser hosts its tables), a manager of its server
  (``runtime.access``: ``Op.END``), or a member holding the server's referee role (``/tractor config
  referee_role:``).

Each ruling is an engine action committed with the table's moves (replayed after a restart), announced publicly
in the thread with who made it (``announce.ruled_by``, before the ruling itself) and written to the match log; on
a tournament's table the tournament records it too, with the referee
(``runtime.tournament.service.TournamentService.note_sanction``)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

from data.records import Status, TableRecord
from engine.actions import Action, AwardHand, Disqualify, Penalize, SanctionReason
from engine.events import Event
from engine.tournament import Tournament
from runtime.access import Caller, Op, authorize, in_guild
from runtime.errors import NotAllowed, TableNotFound
from runtime.presenter import Announcement
from runtime.service.tables import TableRegistry

log = logging.getLogger(__name__)

KINDS = ("warning", "penalty", "award", "disqualify")


@dataclass(frozen=True)
class Ruling:
    """A sanction given: the table, the sanctioned team (engine team 0/1), its kind and points."""

    table_id: int
    team: int
    kind: str
    points: int
    hand: int
    events: tuple[Event, ...]


def ruling_action(kind: str, team: int, points: int) -> Action:
    """The engine action of a ruling on ``team`` (an award goes to the other team)."""
    if kind == "warning":
        return Penalize(team=team, points=0, reason=SanctionReason.REFEREE)
    if kind == "penalty":
        if points <= 0:
            raise NotAllowed("referee.points_needed")
        return Penalize(team=team, points=points, reason=SanctionReason.REFEREE)
    if kind == "award":
        return AwardHand(team=1 - team, reason=SanctionReason.REFEREE)
    if kind == "disqualify":
        return Disqualify(team=team, reason=SanctionReason.REFEREE)
    raise NotAllowed("referee.bad_kind")


def match_parties(tournaments: Mapping[int, Tournament], rec: TableRecord) -> frozenset[int]:
    """The players of both teams of the tournament match played at ``rec`` (seated or not; ``tournaments`` by
    id): none of them may rule there. Empty for a table that is not a tournament's."""
    t = tournaments.get(int(rec.meta.get("tournament") or 0))
    if t is None or not rec.meta.get("match"):
        return frozenset()
    match = t.match(str(rec.meta.get("match")))
    return frozenset(p for x in match.teams for p in t.team(x).players if p is not None)


def check_referee(caller: Caller, rec: TableRecord, *, referee_role: bool = False,
                  parties: frozenset[int] = frozenset()) -> None:
    """The caller may rule at ``rec`` (see the module docstring); ``referee_role``: the caller holds the server's
    referee role; ``parties``: the players of the match's teams (a tournament's), seated or not."""
    if not in_guild(caller, rec):
        raise TableNotFound("table.not_found", table_id=rec.table_id)
    if rec.seat_of(caller.user_id) is not None or caller.user_id in parties:
        log.info("table %d: ruling refused to %d, a party to the match", rec.table_id, caller.user_id)
        raise NotAllowed("referee.interested")
    if not referee_role:
        authorize(caller, rec, Op.END)



class RefereeService(TableRegistry):
    """``rule``, part of ``runtime.service.game.GameService``."""

    async def rule(self, caller: Caller, table_id: int | None, player_id: int, kind: str,
                   points: int = 0, *, referee: str = "", referee_role: bool = False,
                   parties: frozenset[int] = frozenset()) -> Ruling:
        """Give a ruling at the caller's table (this thread's, or ``table_id``) on ``player_id``'s team; ``referee``
        is the caller's name as announced with the ruling."""
        rec = self.find(caller, table_id)
        check_referee(caller, rec, referee_role=referee_role, parties=parties)
        seat = rec.seat_of(player_id)
        if seat is None:
            raise NotAllowed("referee.not_seated")
        session = self.session(rec.table_id)
        async with session.serving():
            if session.table is None or session.record.status is not Status.PLAYING:
                raise NotAllowed("act.not_playing")
            team, hand = seat % 2, session.table.hand.number
            by = Announcement("announce.ruled_by", {"referee": referee or str(caller.user_id)})
            events = await self.pipeline.apply(session, ruling_action(kind, team, points), acted_seat=None,
                                               announcements=[by])
        log.info("table %d: %s on team %d (%d points) by %d", rec.table_id, kind, team, points, caller.user_id)
        return Ruling(rec.table_id, team, kind, points, hand, tuple(events))
