"""Tournaments: each stored as one JSON state (written whole, in one statement) plus look-up columns,
and the final placings the per-server ladder shows. The state's meaning belongs to ``engine.tournament``;
here it is an opaque JSON object."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.connection import Connection
from data.errors import DataError, LimitReached

log = logging.getLogger(__name__)

TOURNAMENT_STATUSES: tuple[str, ...] = ("signup", "running", "finished", "cancelled")
OPEN_TOURNAMENT_STATUSES: tuple[str, ...] = ("signup", "running")


@dataclass(frozen=True)
class Placing:
    """One player's final place in a tournament."""

    tournament_id: int
    user_id: int
    team_name: str
    placing: int
    teams: int
    points: float
    finished_at: float = 0.0

    @classmethod
    def from_row(cls, row: Any) -> Placing:
        return cls(tournament_id=row["tournament_id"], user_id=row["user_id"], team_name=row["team_name"],
                   placing=row["final_rank"], teams=row["teams"], points=row["points"], finished_at=row["finished_at"])


def _status(state: dict[str, Any]) -> str:
    status = str(state.get("status", "signup"))
    if status not in TOURNAMENT_STATUSES:
        raise DataError("data.bad_tournament_status", status=status)
    return status


class TournamentsMixin(Connection):
    """Persistent tournaments."""

    async def create_tournament(self, state: dict[str, Any], *, limit: int = 0) -> int:
        """Store a new tournament (``guild_id``, ``channel_id``, ``organiser_id``, ``name``, ``status`` are read
        from ``state``); its id (the caller writes it into the state with ``save_tournament``). ``limit`` (0: none):
        the guild's open tournaments are counted and the new one inserted in one serialized transaction
        (``LimitReached`` with ``tournament.limit`` when the guild has ``limit`` already)."""
        now = time.time()
        sql = ("INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, status, state, created_at,"
               " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        params = (int(state["guild_id"]), int(state["channel_id"]), int(state["organiser_id"]), str(state["name"]),
                  _status(state), json.dumps(state), now, now)
        if not limit:
            return await self.insert(sql, params)
        async with self.transaction() as tx:
            row = await tx.fetchone(
                f"SELECT COUNT(*) FROM tournaments WHERE guild_id = ?"
                f" AND status IN ({', '.join('?' * len(OPEN_TOURNAMENT_STATUSES))})",
                (int(state["guild_id"]), *OPEN_TOURNAMENT_STATUSES))
            if row is not None and int(row[0]) >= limit:
                raise LimitReached("tournament.limit", limit=limit)
            return await tx.insert(sql, params)

    async def save_tournament(self, tournament_id: int, state: dict[str, Any]) -> None:
        """Replace a tournament's state (one statement: durable and whole when it returns)."""
        changed = await self.execute(
            "UPDATE tournaments SET status = ?, name = ?, organiser_id = ?, state = ?, updated_at = ? WHERE id = ?",
            (_status(state), str(state["name"]), int(state["organiser_id"]), json.dumps(state), time.time(),
             tournament_id))
        if not changed:
            raise DataError("data.tournament_not_found", tournament_id=tournament_id)

    async def get_tournament(self, tournament_id: int) -> dict[str, Any] | None:
        row = await self.fetchone("SELECT state FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else json.loads(row["state"])

    async def list_tournaments(self, guild_id: int | None = None,
                               statuses: Sequence[str] = TOURNAMENT_STATUSES) -> list[dict[str, Any]]:
        """States of a guild's tournaments (every guild's if ``None``) with one of ``statuses``, oldest first."""
        sql = f"SELECT state FROM tournaments WHERE status IN ({', '.join('?' * len(statuses))})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self.fetchall(sql + " ORDER BY id", tuple(params))
        return [json.loads(r["state"]) for r in rows]

    async def record_placings(self, tournament_id: int, guild_id: int, placings: Sequence[Placing]) -> None:
        """Store the final placings once (a second call for the same tournament changes nothing)."""
        now = time.time()
        async with self.transaction() as tx:
            for p in placings:
                await tx.execute(
                    "INSERT INTO tournament_placings (tournament_id, guild_id, user_id, team_name, final_rank, teams,"
                    " points, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, user_id)"
                    " DO NOTHING",
                    (tournament_id, guild_id, p.user_id, p.team_name, p.placing, p.teams, p.points, now))

    async def placings(self, guild_id: int, user_id: int | None = None,
                       tournament_id: int | None = None) -> list[Placing]:
        """A guild's tournament placings (of one player and/or one tournament), newest first."""
        sql = "SELECT * FROM tournament_placings WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        for column, value in (("user_id", user_id), ("tournament_id", tournament_id)):
            if value is not None:
                sql += f" AND {column} = ?"
                params.append(value)
        rows = await self.fetchall(sql + " ORDER BY finished_at DESC, tournament_id DESC, final_rank, user_id",
                                   tuple(params))
        return [Placing.from_row(r) for r in rows]

    async def tournament_timers(self, tournament_id: int, kind: str = "tournament_deadline") -> list[dict[str, Any]]:
        """The stored timers (``kind``) of a tournament: ``{"id", "due_at", "payload"}``."""
        rows = await self.fetchall("SELECT id, due_at, payload FROM timers WHERE kind = ? ORDER BY due_at", (kind,))
        out = [{"id": r["id"], "due_at": r["due_at"], "payload": json.loads(r["payload"])} for r in rows]
        return [x for x in out if x["payload"].get("tournament") == tournament_id]
