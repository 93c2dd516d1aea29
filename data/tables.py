"""Game tables: where a table lives on Discord, who sits where, its rules, mode, settings and status."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from data.connection import Connection, Row
from data.errors import DataError
from engine.rules import Rules

log = logging.getLogger(__name__)

STATUSES: tuple[str, ...] = ("lobby", "playing", "finished", "ended")
OPEN_STATUSES: tuple[str, ...] = ("lobby", "playing")
MODES: tuple[str, ...] = ("live", "async")
_UPDATABLE = ("thread_id", "lobby_message_id", "table_message_id", "host_id", "seats", "rules", "mode",
              "settings", "status", "seed")


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a Discord user (``user_id``) or an AI player (``ai`` = its level)."""

    user_id: int | None = None
    ai: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.ai is None):
            raise ValueError("a seat holds exactly one of user_id or ai")

    @classmethod
    def human(cls, user_id: int) -> Seat:
        return cls(user_id=user_id)

    @classmethod
    def bot(cls, level: str = "basic") -> Seat:
        return cls(ai=level)

    @property
    def is_ai(self) -> bool:
        return self.ai is not None

    def to_json(self) -> dict[str, Any]:
        return {"ai": self.ai} if self.ai is not None else {"user": self.user_id}

    @classmethod
    def from_json(cls, obj: Any) -> Seat | None:
        if obj is None:
            return None
        if isinstance(obj, Seat):
            return obj
        if isinstance(obj, int) and not isinstance(obj, bool):
            return cls(user_id=obj)
        if isinstance(obj, dict) and "ai" in obj:
            return cls(ai=str(obj["ai"]))
        if isinstance(obj, dict) and isinstance(obj.get("user"), int):
            return cls(user_id=obj["user"])
        user_id, ai = getattr(obj, "user_id", None), getattr(obj, "ai_level", getattr(obj, "ai", None))
        if isinstance(user_id, int) or isinstance(ai, str):  # another layer's seat type (duck-typed)
            return cls(user_id=user_id) if isinstance(user_id, int) else cls(ai=ai)
        raise ValueError(f"not a seat: {obj!r}")


def seats_to_json(seats: Sequence[Seat | int | dict[str, Any] | None]) -> str:
    """Four seats as JSON text (a seat may be given as a ``Seat``, a user id, a JSON dict or ``None``)."""
    if len(seats) != 4:
        raise DataError("data.bad_seats", count=len(seats))
    return json.dumps([None if s is None else Seat.from_json(s).to_json() for s in seats])  # type: ignore[union-attr]


@dataclass(frozen=True)
class TableRecord:
    """One row of ``game_tables`` (one game)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    table_message_id: int | None
    host_id: int
    seats: tuple[Seat | None, ...]
    rules: Rules
    mode: str
    settings: dict[str, Any] = field(hash=False)
    status: str
    seed: int
    created_at: float
    updated_at: float

    @property
    def seat_users(self) -> list[int | None]:
        """The user id per seat; ``None`` for an AI or an empty seat (what ``record_hand`` takes)."""
        return [s.user_id if s is not None else None for s in self.seats]

    @classmethod
    def from_row(cls, row: Row) -> TableRecord:
        return cls(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], thread_id=row["thread_id"],
            lobby_message_id=row["lobby_message_id"], table_message_id=row["table_message_id"],
            host_id=row["host_id"], seats=tuple(Seat.from_json(s) for s in json.loads(row["seats"])),
            rules=Rules.from_json(json.loads(row["rules"])), mode=row["mode"], settings=json.loads(row["settings"]),
            status=row["status"], seed=row["seed"], created_at=row["created_at"], updated_at=row["updated_at"],
        )


def _encode(name: str, value: Any) -> Any:
    """A field value as stored in its column (validated)."""
    if name == "seats":
        return seats_to_json(value)
    if name == "rules":
        rules = value if isinstance(value, Rules) else Rules.from_json(value)
        return json.dumps(rules.to_json())
    if name == "settings":
        return json.dumps(dict(value))
    if name == "status" and value not in STATUSES:
        raise DataError("data.bad_status", status=value)
    if name == "mode" and value not in MODES:
        raise DataError("data.bad_mode", mode=value)
    return value


class TablesMixin(Connection):
    """CRUD for ``game_tables``."""

    async def create_table(self, guild_id: int, channel_id: int, host_id: int, rules: Rules | dict[str, Any] | str,
                           seed: int, mode: str = "live", settings: dict[str, Any] | None = None,
                           seats: Sequence[Seat | int | None] = (None, None, None, None), *,
                           thread_id: int | None = None, lobby_message_id: int | None = None,
                           status: str = "lobby") -> TableRecord:
        """Insert a table (a lobby by default) and return it."""
        now = time.time()
        table_id = await self.insert(
            "INSERT INTO game_tables (guild_id, channel_id, thread_id, lobby_message_id, host_id, seats, rules, mode,"
            " settings, status, seed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, thread_id, lobby_message_id, host_id, _encode("seats", seats),
             _encode("rules", rules), _encode("mode", mode), _encode("settings", settings or {}),
             _encode("status", status), seed, now, now),
        )
        log.info("created table %d in guild %d", table_id, guild_id)
        return await self.get_table(table_id)

    async def get_table(self, table_id: int) -> TableRecord:
        row = await self.fetchone("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        if row is None:
            raise DataError("data.table_not_found", table_id=table_id)
        return TableRecord.from_row(row)

    async def update_table(self, table_id: int, **fields: Any) -> TableRecord:
        """Change some fields (``status``, ``seats``, ``settings``, message ids, …); the updated record."""
        for name in fields:
            if name not in _UPDATABLE:
                raise DataError("data.bad_table_field", field=name)
        if fields:
            columns = ", ".join(f"{name} = ?" for name in fields)  # names are checked against _UPDATABLE
            values = [_encode(name, value) for name, value in fields.items()]
            changed = await self.execute(f"UPDATE game_tables SET {columns}, updated_at = ? WHERE id = ?",
                                         (*values, time.time(), table_id))
            if not changed:
                raise DataError("data.table_not_found", table_id=table_id)
        return await self.get_table(table_id)

    async def set_seat(self, table_id: int, seat: int, occupant: Seat | int | None) -> TableRecord:
        """Seat a user (id or ``Seat``) or an AI (``Seat.bot(level)``) in ``seat``, or empty it (``None``)."""
        if not 0 <= seat <= 3:
            raise DataError("data.bad_seat", seat=seat)
        async with self.transaction() as tx:
            row = await tx.fetchone("SELECT seats FROM game_tables WHERE id = ?", (table_id,))
            if row is None:
                raise DataError("data.table_not_found", table_id=table_id)
            seats = json.loads(row["seats"])
            seats[seat] = None if occupant is None else Seat.from_json(occupant).to_json()  # type: ignore[union-attr]
            await tx.execute("UPDATE game_tables SET seats = ?, updated_at = ? WHERE id = ?",
                             (json.dumps(seats), time.time(), table_id))
        return await self.get_table(table_id)

    async def set_status(self, table_id: int, status: str) -> TableRecord:
        return await self.update_table(table_id, status=status)

    async def delete_table(self, table_id: int) -> None:
        """Forget a table with its log, snapshots and timers (history of finished matches stays)."""
        await self.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))

    async def list_tables(self, statuses: Iterable[str] = OPEN_STATUSES, guild_id: int | None = None,
                          channel_id: int | None = None) -> list[TableRecord]:
        """Tables with one of ``statuses``, optionally of one guild (and channel), oldest first."""
        wanted = list(statuses)
        for status in wanted:
            _encode("status", status)
        sql = f"SELECT * FROM game_tables WHERE status IN ({', '.join('?' * len(wanted))})"
        params: list[Any] = list(wanted)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if channel_id is not None:
            sql += " AND channel_id = ?"
            params.append(channel_id)
        rows = await self.fetchall(sql + " ORDER BY id", params)
        return [TableRecord.from_row(r) for r in rows]

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
        return None if row is None else TableRecord.from_row(row)
