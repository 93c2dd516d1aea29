"""Game tables: the ``TableRecord`` (data.records) in and out of ``game_tables``.

The seats column holds the occupants (``{"user": id}``/``{"ai": level}``); display names, 托管 flags, the
table options and the interface's ``meta`` live in the ``settings`` JSON column."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from data.connection import Row, Tx
from data.errors import DataError, LimitReached
from data.records import Mode, Seat, Status, TableOptions, TableRecord
from data.shards import ShardsMixin
from engine.rules import Rules
from engine.shape import MAX_PLAYERS, MIN_PLAYERS

log = logging.getLogger(__name__)

STATUSES: tuple[str, ...] = ("lobby", "playing", "finished", "ended")
OPEN_STATUSES: tuple[str, ...] = ("lobby", "playing")
MODES: tuple[str, ...] = ("live", "async")


def seats_to_json(seats: Sequence[Seat | int | dict[str, Any] | None], players: int | None = None) -> str:
    """The occupants as the seats column stores them (a ``Seat``, a user id, a stored dict or ``None``): one per
    player of the table's shape (``players``; any count of 4–8 when not given)."""
    if players is not None and len(seats) != players:
        raise DataError("data.bad_seats", count=len(seats), players=players)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise DataError("data.seat_count", count=len(seats), low=MIN_PLAYERS, high=MAX_PLAYERS)
    return json.dumps([None if s is None else Seat.from_occupant(s).occupant_json() for s in seats])


def _settings(rec: TableRecord) -> dict[str, Any]:
    """What the record keeps beside the columns: display names, who is under 托管, options, the interface's meta."""
    return {
        "names": [None if s is None else s.name for s in rec.seats],
        "away": [bool(s is not None and s.away) for s in rec.seats],
        "options": rec.options.to_json(),
        "meta": rec.meta,
    }


def _seats(stored: list[Any], settings: dict[str, Any]) -> tuple[Seat | None, ...]:
    names = list(settings.get("names") or [None] * len(stored))
    away = list(settings.get("away") or [False] * len(stored))
    seats: list[Seat | None] = []
    for i, occupant in enumerate(stored):
        if occupant is None:
            seats.append(None)
            continue
        seat = Seat.from_occupant(occupant)
        name = names[i] or (f"AI {i}" if seat.is_ai else str(seat.user_id))
        seats.append(replace(seat, name=name, away=bool(away[i]) and not seat.is_ai))
    return tuple(seats)


def _record(row: Row) -> TableRecord:
    settings = json.loads(row["settings"]) or {}
    return TableRecord(
        table_id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], host_id=row["host_id"],
        rules=Rules.from_json(json.loads(row["rules"])), mode=Mode(row["mode"]), seed=row["seed"],
        seats=_seats(json.loads(row["seats"]), settings),
        status=Status(row["status"]), options=TableOptions.from_json(settings.get("options")),
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        table_message_id=row["table_message_id"], meta=dict(settings.get("meta") or {}),
        created_at=row["created_at"], updated_at=row["updated_at"])


def _columns(rec: TableRecord) -> dict[str, Any]:
    """The stored columns of ``rec`` (validated), without the id and the timestamps."""
    if rec.status not in STATUSES:
        raise DataError("data.bad_status", status=rec.status)
    if rec.mode not in MODES:
        raise DataError("data.bad_mode", mode=rec.mode)
    return {"guild_id": rec.guild_id, "channel_id": rec.channel_id, "thread_id": rec.thread_id,
            "lobby_message_id": rec.lobby_message_id, "table_message_id": rec.table_message_id,
            "host_id": rec.host_id, "seats": seats_to_json(rec.seats, rec.rules.players),
            "rules": json.dumps(rec.rules.to_json()),
            "mode": str(rec.mode), "settings": json.dumps(_settings(rec)), "status": str(rec.status),
            "seed": rec.seed}


async def _check_limits(tx: Tx, rec: TableRecord, per_guild: int, per_host: int) -> None:
    """Raise ``LimitReached`` if ``rec``'s guild or host already has the most open tables allowed (inside the
    creating transaction)."""
    open_sql = f"status IN ({', '.join('?' * len(OPEN_STATUSES))})"
    for limit, column, value, key in ((per_guild, "guild_id", rec.guild_id, "table.limit.guild_tables"),
                                      (per_host, "host_id", rec.host_id, "table.limit.hosted")):
        if not limit:
            continue
        row = await tx.fetchone(f"SELECT COUNT(*) FROM game_tables WHERE {column} = ? AND {open_sql}",
                                (value, *OPEN_STATUSES))
        if row is not None and int(row[0]) >= limit:
            raise LimitReached(key, limit=limit)


class TablesMixin(ShardsMixin):
    """CRUD for ``game_tables``."""

    async def create_table(self, rec: TableRecord, *, per_guild: int = 0, per_host: int = 0) -> TableRecord:
        """Insert ``rec`` (its ``table_id`` is ignored); the stored record with its new id.

        With limits (0: none), the open tables (lobby or playing, every shard's, tournament tables included) of
        ``rec``'s guild and of its host are counted and the table inserted in one serialized transaction: tables
        opened at the same moment, by any number of bot processes, never pass a limit together
        (``LimitReached`` with ``table.limit.guild_tables`` / ``table.limit.hosted``)."""
        now = time.time()
        columns = _columns(rec)
        names = ", ".join(columns)
        marks = ", ".join("?" * len(columns))
        sql = f"INSERT INTO game_tables ({names}, created_at, updated_at) VALUES ({marks}, ?, ?)"
        if not (per_guild or per_host):
            table_id = await self.insert(sql, (*columns.values(), now, now))
        else:
            async with self.transaction() as tx:
                await _check_limits(tx, rec, per_guild, per_host)
                table_id = await tx.insert(sql, (*columns.values(), now, now))
        log.info("created table %d in guild %d", table_id, rec.guild_id)
        return await self.get_table(table_id)

    async def get_table(self, table_id: int) -> TableRecord:
        row = await self.fetchone("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        if row is None:
            raise DataError("data.table_not_found", table_id=table_id)
        return _record(row)

    async def save_table(self, rec: TableRecord) -> TableRecord:
        """Write every field of ``rec`` (the guild and channel stay); the stored record."""
        columns = {k: v for k, v in _columns(rec).items() if k not in ("guild_id", "channel_id")}
        assignments = ", ".join(f"{name} = ?" for name in columns)  # fixed column names
        changed = await self.execute(f"UPDATE game_tables SET {assignments}, updated_at = ? WHERE id = ?",
                                     (*columns.values(), time.time(), rec.table_id))
        if not changed:
            raise DataError("data.table_not_found", table_id=rec.table_id)
        return await self.get_table(rec.table_id)

    async def delete_table(self, table_id: int) -> None:
        """Forget a table with its log, snapshots and timers (history of finished matches stays)."""
        await self.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))

    async def list_tables(self, statuses: Iterable[str] = OPEN_STATUSES, guild_id: int | None = None,
                          channel_id: int | None = None) -> list[TableRecord]:
        """Tables with one of ``statuses``, optionally of one guild (and channel), oldest first (of this
        process's shards, ``data.shards``)."""
        wanted = list(statuses)
        for status in wanted:
            if status not in STATUSES:
                raise DataError("data.bad_status", status=status)
        sql = f"SELECT * FROM game_tables WHERE status IN ({', '.join('?' * len(wanted))})"
        params: list[Any] = list(wanted)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if channel_id is not None:
            sql += " AND channel_id = ?"
            params.append(channel_id)
        scope = self.shard_scope
        if scope is not None:  # several processes: each lists only its own shards' tables
            condition, shard_params = scope.guild_filter()
            sql += f" AND {condition}"
            params.extend(shard_params)
        rows = await self.fetchall(sql + " ORDER BY id", params)
        return [_record(r) for r in rows]

    async def open_tables(self) -> list[TableRecord]:
        """Tables to restore at start-up: every lobby and every game in progress."""
        return await self.list_tables(OPEN_STATUSES)

    async def find_table(self, *, thread_id: int | None = None, message_id: int | None = None) -> TableRecord | None:
        """The table played in ``thread_id``, or whose lobby/table message is ``message_id`` (newest first)."""
        if thread_id is not None:
            row = await self.fetchone("SELECT * FROM game_tables WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
                                      (thread_id,))
        elif message_id is not None:
            row = await self.fetchone(
                "SELECT * FROM game_tables WHERE lobby_message_id = ? OR table_message_id = ? ORDER BY id DESC LIMIT 1",
                (message_id, message_id))
        else:
            return None
        return None if row is None else _record(row)
