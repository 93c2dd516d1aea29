"""The open tables in memory, as the service keeps them (``TableRegistry``): one ``Session`` per table, and the
lookups every command, button and timer starts from. The base of ``runtime.service.game.GameService`` and of its
parts (``runtime.service.lobby``, ``runtime.service.play``), which state here what they use of the service.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from data.database import Database
from data.records import TableRecord
from runtime.access import Caller, TableLimits, check_open, find_table, valid_id
from runtime.errors import TableNotFound
from runtime.presenter import Presenter
from runtime.service.pipeline import Pipeline
from runtime.service.session import Session


class TableRegistry:
    """The service's tables (``sessions``: table id -> ``Session``) and what its parts share (set by
    ``GameService.__init__``)."""

    db: Database
    pipeline: Pipeline
    clock: Callable[[], float]
    table_limits: TableLimits
    sessions: dict[int, Session]
    _seeds: random.Random

    def session(self, table_id: int) -> Session:
        session = self.sessions.get(table_id)
        if session is None:
            raise TableNotFound("table.not_found", table_id=table_id)
        return session

    def observe(self, presenter: Presenter) -> None:
        """Tell ``presenter`` of every change too, after the service's own presenter (the panels, the web table)."""
        if presenter not in self.pipeline.observers:
            self.pipeline.observers.append(presenter)

    def unobserve(self, presenter: Presenter) -> None:
        if presenter in self.pipeline.observers:
            self.pipeline.observers.remove(presenter)

    async def deadline(self, table_id: int) -> float | None:
        """When the table's running clock (a turn's 托管 timeout, the declaration window) runs out, as stored; the
        updates of its changes carry it (``TableUpdate.deadline``)."""
        return await self.pipeline.deadline(self.session(table_id))

    def record(self, table_id: int) -> TableRecord:
        """The current record of a table in memory: open, or finished since the start-up
        (``table.not_found`` otherwise)."""
        return self.session(table_id).record

    def tables(self, guild_id: int | None = None, channel_id: int | None = None) -> list[TableRecord]:
        """Open tables, optionally of one guild/channel (or thread), oldest first."""
        return [s.record for tid, s in sorted(self.sessions.items()) if s.record.active
                and (guild_id is None or s.record.guild_id == guild_id)
                and (channel_id is None or channel_id in (s.record.channel_id, s.record.thread_id))]

    def find(self, caller: Caller, table_id: int | None = None, *, here: bool = False) -> TableRecord:
        """The open table a request names, only within the caller's guild (and channel/thread when ``here``):
        the one lookup of every command, button, select and autocomplete (``runtime.access.find_table``).
        A named table is looked up by its id (not a scan of every open table: one per click)."""
        if table_id is None:
            return find_table(self.tables(caller.guild_id), caller, None, here=here)
        session = self.sessions.get(table_id) if valid_id(table_id) else None
        named = [session.record] if session is not None and session.record.active else []
        return find_table(named, caller, table_id, here=here)

    def check_open(self, guild_id: int, host_id: int) -> None:
        """Raise ``table.limit.*`` if the guild or the host may not open another table now."""
        check_open((s.record for s in self.sessions.values() if s.record.active), guild_id, host_id,
                   self.table_limits)

    def tables_of_user(self, user_id: int) -> list[TableRecord]:
        """Open tables where ``user_id`` sits or hosts."""
        return [s.record for s in self.sessions.values() if s.record.active
                and (s.record.seat_of(user_id) is not None or s.record.host_id == user_id)]

