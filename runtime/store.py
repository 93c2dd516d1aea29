"""The service's view of ``data/``: table records in and out, the action log, snapshots and timers.

``data/`` stores a table row (seats as ``{"user": id}``/``{"ai": level}``, a free ``settings`` JSON);
the runtime keeps its extra per-table facts in ``settings``: display names, which humans are under
托管 (``away``), the table options and the interface's ``meta``. Restoring = latest snapshot + replay.
Queued plays have their own rows (``data.queued``), read back with ``load_queued`` at start-up.
"""

from __future__ import annotations

import logging
from typing import Any

from data.replay import commit_action, restore_table
from data.tables import Seat as DataSeat
from data.tables import TableRecord as DataRecord
from engine.actions import Action, Play, action_from_json
from engine.cards import Card
from engine.table import Table
from engine.views import Phase
from runtime.planner import PlannedTimer
from runtime.records import Mode, Seat, Status, TableOptions, TableRecord

log = logging.getLogger(__name__)


def _settings(rec: TableRecord) -> dict[str, Any]:
    return {
        "names": [None if s is None else s.name for s in rec.seats],
        "away": [bool(s is not None and s.away) for s in rec.seats],
        "options": rec.options.to_json(),
        "meta": rec.meta,
    }


def data_seats(rec: TableRecord) -> list[DataSeat | None]:
    out: list[DataSeat | None] = []
    for s in rec.seats:
        if s is None:
            out.append(None)
        elif s.user_id is not None:
            out.append(DataSeat.human(s.user_id))
        else:
            out.append(DataSeat.bot(s.ai_level or "basic"))
    return out


def from_data(row: DataRecord) -> TableRecord:
    """A runtime record from a ``data/`` table row."""
    settings = row.settings or {}
    names = list(settings.get("names") or [None] * 4)
    away = list(settings.get("away") or [False] * 4)
    seats: list[Seat | None] = []
    for i, s in enumerate(row.seats):
        if s is None:
            seats.append(None)
            continue
        name = names[i] or (f"AI {i}" if s.is_ai else str(s.user_id))
        seats.append(Seat(name=name, user_id=s.user_id, ai_level=s.ai, away=bool(away[i]) and not s.is_ai))
    return TableRecord(
        table_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, host_id=row.host_id, rules=row.rules,
        mode=Mode(row.mode), seed=row.seed, seats=tuple(seats),  # type: ignore[arg-type]
        status=Status(row.status), options=TableOptions.from_json(settings.get("options")),
        thread_id=row.thread_id, lobby_message_id=row.lobby_message_id, table_message_id=row.table_message_id,
        meta=dict(settings.get("meta") or {}),
    )


class Store:
    """Thin async adapter over a ``data.Database`` for the service."""

    def __init__(self, db: Any) -> None:
        self.db = db

    # -- table records --------------------------------------------------------------------------------
    async def create(self, rec: TableRecord) -> TableRecord:
        """Insert ``rec`` (its ``table_id`` is ignored); the stored record with its new id."""
        row = await self.db.create_table(
            rec.guild_id, rec.channel_id, rec.host_id, rec.rules, rec.seed, mode=rec.mode.value,
            settings=_settings(rec), seats=data_seats(rec), thread_id=rec.thread_id,
            lobby_message_id=rec.lobby_message_id, status=rec.status.value)
        return from_data(row)

    async def save(self, rec: TableRecord) -> TableRecord:
        """Write every mutable field of ``rec``."""
        row = await self.db.update_table(
            rec.table_id, seats=data_seats(rec), rules=rec.rules, mode=rec.mode.value, settings=_settings(rec),
            status=rec.status.value, host_id=rec.host_id, thread_id=rec.thread_id,
            lobby_message_id=rec.lobby_message_id, table_message_id=rec.table_message_id)
        return from_data(row)

    async def load(self, table_id: int) -> TableRecord:
        return from_data(await self.db.get_table(table_id))

    async def open_records(self) -> list[TableRecord]:
        return [from_data(r) for r in await self.db.open_tables()]

    async def channel_records(self, guild_id: int, channel_id: int | None = None) -> list[TableRecord]:
        return [from_data(r) for r in await self.db.list_tables(guild_id=guild_id, channel_id=channel_id)]

    # -- the game --------------------------------------------------------------------------------------
    async def commit(self, table_id: int, table: Table, action: Action) -> None:
        """Commit the action just applied to ``table`` (``table.version`` is its seq); durable on return.
        A snapshot follows when a hand has just ended or every ``data.replay.SNAPSHOT_EVERY`` actions."""
        await commit_action(self.db, table_id, table, action)

    async def load_table(self, rec: TableRecord) -> Table:
        """Rebuild the engine table: the latest snapshot, then the later actions."""
        return await restore_table(self.db, rec.table_id)

    # -- timers ----------------------------------------------------------------------------------------
    async def sync_timers(self, table_id: int, wanted: list[PlannedTimer]) -> None:
        """Make the table's stored timers exactly ``wanted``. A stored timer with the same ``key`` is kept
        with its stored due time (so deadlines survive re-planning and restarts)."""
        stored = await self.db.table_timers(table_id)
        keys = {t.key for t in wanted}
        have: set[str] = set()
        for timer in stored:
            key = timer.payload.get("key")
            if key in keys and key not in have:
                have.add(key)
            else:
                await self.db.delete_timer(timer.id)
        for t in wanted:
            if t.key not in have:
                await self.db.add_timer(t.kind, table_id, t.due_at, {"key": t.key, **t.payload})

    async def cancel_timers(self, table_id: int) -> None:
        await self.db.cancel_timers(table_id)

    # -- queued plays ------------------------------------------------------------------------------------
    async def save_queued(self, table_id: int, seat: int, cards: tuple[Card, ...], version: int) -> None:
        """Store ``seat``'s queued play (replacing any), queued at table version ``version``; durable on return."""
        await self.db.set_queued_play(table_id, seat, cards, version)

    async def clear_queued(self, table_id: int, seat: int | None = None) -> None:
        await self.db.clear_queued_plays(table_id, seat)

    async def load_queued(self, rec: TableRecord, table: Table) -> dict[int, tuple[Card, ...]]:
        """The stored queued plays still wanted after a restart: the hand is in play and every action
        since a play was queued is another seat's play (a crash may have left the row of a play already
        made, or of a hand already over). The others are removed."""
        stored = await self.db.queued_plays(rec.table_id)
        keep: dict[int, tuple[Card, ...]] = {}
        for seat, queued in stored.items():
            if table.phase is not Phase.PLAYING or queued.version > table.version:
                continue
            later = [action_from_json(a) for a in await self.db.actions_between(rec.table_id, after=queued.version)]
            if all(isinstance(a, Play) and a.seat != seat for a in later):
                keep[seat] = queued.cards
        for seat in set(stored) - set(keep):
            log.info("table %d: dropping the stale queued play of seat %d", rec.table_id, seat)
            await self.db.clear_queued_plays(rec.table_id, seat)
        return keep
