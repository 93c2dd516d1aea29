"""Referee powers (裁判): a warning (警告), a point penalty (罚分), a hand awarded (判负一副), a disqualification
(取消比赛资格) on the team of a seated player — by the table's host (a tournament's organiser hosts its tables)
or a manager of its server (``runtime.access``: ``Op.END``). Each is an engine action committed with the table's
moves (replayed after a restart), announced in the thread and written to the match log; on a tournament's table
the tournament records it too (``runtime.tournaments.TournamentService.note_sanction``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from data.records import Status
from engine.actions import Action, AwardHand, Disqualify, Penalize, SanctionReason
from engine.events import Event
from runtime.access import Caller, Op, authorize
from runtime.errors import NotAllowed
from runtime.service import GameService

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


async def rule(game: GameService, caller: Caller, table_id: int | None, player_id: int, kind: str,
               points: int = 0) -> Ruling:
    """Give a ruling at the caller's table (this thread's, or ``table_id``) on ``player_id``'s team."""
    rec = game.find(caller, table_id)
    authorize(caller, rec, Op.END)
    seat = rec.seat_of(player_id)
    if seat is None:
        raise NotAllowed("referee.not_seated")
    session = game.session(rec.table_id)
    async with session.serving():
        if session.table is None or session.record.status is not Status.PLAYING:
            raise NotAllowed("act.not_playing")
        team, hand = seat % 2, session.table.hand.number
        events = await game.pipeline.apply(session, ruling_action(kind, team, points), acted_seat=None)
    log.info("table %d: %s on team %d (%d points) by %d", rec.table_id, kind, team, points, caller.user_id)
    return Ruling(rec.table_id, team, kind, points, hand, tuple(events))
