"""History of finished matches and settled hands, for /stats and replays, each with its table's shape key
(``data.shapes``; rows recorded before shapes were stored are the default shape)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from data.connection import Connection, Row
from data.records import Seat
from data.shapes import DEFAULT_SHAPE, key_shape
from engine.views import HandResult
from engine.wire import result_from_json

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MatchRecord:
    id: int
    guild_id: int
    table_id: int | None
    season: int
    seats: tuple[Seat | None, ...]
    winner_team: int | None  # fixed partners: the winning team; None in 找朋友 (see ``winners``) or without a winner
    ranked: bool
    hands: int
    finished_at: float
    shape: str = DEFAULT_SHAPE
    winners: tuple[int, ...] = ()  # the winning seats (every shape)

    def team_of(self, user_id: int) -> int | None:
        """A player's fixed team (seat parity; in 找朋友 teams change every hand: ``won_by``)."""
        return next((i % 2 for i, s in enumerate(self.seats) if s is not None and s.user_id == user_id), None)

    @property
    def fixed_partners(self) -> bool:
        """Teams were the even seats against the odd ones (not 找朋友)."""
        return key_shape(self.shape).fixed_partners

    def won_by(self, user_id: int) -> bool:
        """Whether a player sat on a winning seat."""
        return any(s is not None and s.user_id == user_id for i, s in enumerate(self.seats) if i in self.winners)


@dataclass(frozen=True)
class HandRecord:
    table_id: int
    hand_number: int
    season: int
    seats: tuple[Seat | None, ...]
    result: HandResult
    created_at: float
    shape: str = DEFAULT_SHAPE


class HistoryMixin(Connection):
    """Read access to finished matches and settled hands."""

    async def match_history(self, guild_id: int, user_id: int | None = None, limit: int = 20,
                            offset: int = 0, shape: str | None = None) -> list[MatchRecord]:
        """Finished matches of a server, newest first (only those ``user_id`` played in, and of one shape key, if
        given)."""
        sql = "SELECT * FROM matches WHERE guild_id = ?"
        params: list[int | str] = [guild_id]
        if user_id is not None:
            sql, params = sql + " AND id IN (SELECT match_id FROM match_players WHERE user_id = ?)", [*params, user_id]
        if shape is not None:
            sql, params = sql + " AND shape = ?", [*params, shape]
        rows = await self.fetchall(sql + " ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?",
                                   [*params, limit, offset])
        return [_match(r) for r in rows]

    async def hand_history(self, table_id: int) -> list[HandRecord]:
        """Every recorded hand of a table, in order."""
        rows = await self.fetchall("SELECT * FROM hand_results WHERE table_id = ? ORDER BY hand_number", (table_id,))
        return [HandRecord(table_id=r["table_id"], hand_number=r["hand_number"], season=r["season"],
                           seats=tuple(None if s is None else Seat.from_occupant(s) for s in json.loads(r["seats"])),
                           result=result_from_json(json.loads(r["result"])), created_at=r["created_at"],
                           shape=r["shape"])
                for r in rows]


def _match(r: Row) -> MatchRecord:
    seats = tuple(None if s is None else Seat.from_occupant(s) for s in json.loads(r["seats"]))
    winner = r["winner_team"]
    if r["winners"] is not None:
        winners = tuple(int(s) for s in json.loads(r["winners"]))
    else:  # recorded before migration 0014: two teams of even and odd seats
        winners = () if winner is None else tuple(i for i in range(len(seats)) if i % 2 == winner)
    return MatchRecord(id=r["id"], guild_id=r["guild_id"], table_id=r["table_id"], season=r["season"], seats=seats,
                       winner_team=winner, ranked=bool(r["ranked"]), hands=r["hands"], finished_at=r["finished_at"],
                       shape=r["shape"], winners=winners)
