"""The service's lobby operations (``LobbyService``, part of ``runtime.service.game.GameService``): open a table, seats,
AI seats, rules and mode, start, end, where the interface shows it, pause. The rules of each change are in
``runtime.service.seating`` (pure); here a change is made under the table's lock, stored, then shown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace

import i18n
from data.errors import LimitReached
from data.records import Mode, TableOptions, TableRecord
from engine.rules import Rules
from engine.table import Table
from runtime import inputs
from runtime.access import TableLimits
from runtime.errors import NotAllowed
from runtime.presenter import Announcement, UpdateReason
from runtime.service import seating
from runtime.service.pipeline import PAUSED
from runtime.service.session import Session
from runtime.service.tables import TableRegistry

log = logging.getLogger(__name__)


class LobbyService(TableRegistry):
    """See the module docstring."""

    async def open_table(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str,
                         rules: Rules | None = None, mode: Mode = Mode.ASYNC, options: TableOptions | None = None,
                         host_seat: int | None = 0, thread_id: int | None = None,
                         seed: int | None = None, limited: bool = True, ai_level: str | None = None) -> TableRecord:
        """Create a lobby; the host sits in ``host_seat`` (``None``: the host only hosts). Refused past the
        open-table limits unless not ``limited``: checked here (``check_open``) and again, atomically with the
        insert, in the database (tables opened at the same moment, by any shard process, never pass a limit
        together). A tournament's tables (not ``limited``) are never refused — the tournament reserved them when
        it was admitted under its own limit — but they count against the guild's and the organiser's limits."""
        meta = {"ai_level": inputs.ai_level(ai_level)} if ai_level is not None else {}  # refused before anything
        table_mode = inputs.mode(mode)
        if limited:
            self.check_open(guild_id, host_id)
        rec = TableRecord(table_id=0, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                          rules=rules or Rules.from_preset("standard"), mode=table_mode,
                          seed=seed if seed is not None else self._seeds.randrange(2**62),
                          options=options or TableOptions(), thread_id=thread_id, meta=meta)
        if host_seat is not None:
            rec = seating.sit(rec, host_id, host_name, host_seat)
        limits = self.table_limits if limited else TableLimits()
        try:
            rec = await self.db.create_table(rec, per_guild=limits.per_guild, per_host=limits.per_host)
        except LimitReached as exc:
            raise NotAllowed(exc.key, **exc.params) from None
        session = Session(rec)
        session.touched = self.clock()
        self.sessions[rec.table_id] = session
        async with session.serving():
            await self.pipeline.publish(session, UpdateReason.LOBBY)
        log.info("table %d opened by %d in guild %d", rec.table_id, host_id, guild_id)
        return rec

    async def _lobby(self, table_id: int, change: Callable[[TableRecord], TableRecord],
                     reason: UpdateReason = UpdateReason.LOBBY,
                     announcements: Sequence[Announcement] = ()) -> TableRecord:
        session = self.session(table_id)
        async with session.serving():
            rec = change(session.record)
            session.record = await self.db.save_table(rec)
            await self.pipeline.publish(session, reason, announcements)
            return session.record

    async def sit(self, table_id: int, user_id: int, name: str, seat: int | None = None) -> TableRecord:
        return await self._lobby(table_id, lambda r: seating.sit(r, user_id, name, seat))

    async def leave(self, table_id: int, user_id: int) -> TableRecord:
        return await self._lobby(table_id, lambda r: seating.leave(r, user_id))

    async def add_ai(self, table_id: int, user_id: int, seat: int | None = None, level: str = "basic", *,
                     is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: seating.add_ai(r, user_id, seat, level, is_admin))

    async def fill_ai(self, table_id: int, user_id: int, level: str = "basic", *,
                      is_admin: bool = False) -> TableRecord:
        """AI seats in every empty seat, one lobby change (AI fill at a table of 4-8 seats)."""
        return await self._lobby(table_id, lambda r: seating.fill_ai(r, user_id, level, is_admin))

    async def remove_ai(self, table_id: int, user_id: int, seat: int, *, is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: seating.remove_ai(r, user_id, seat, is_admin))

    async def kick(self, table_id: int, user_id: int, seat: int, *, is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: seating.kick(r, user_id, seat, is_admin))

    async def set_rules(self, table_id: int, user_id: int, rules: Rules, *, is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: seating.set_rules(r, user_id, rules, is_admin))

    async def set_mode(self, table_id: int, user_id: int, mode: Mode,
                       options: TableOptions | None = None) -> TableRecord:
        checked = inputs.mode(mode)
        return await self._lobby(table_id, lambda r: seating.set_mode(r, user_id, checked, options))

    async def set_messages(self, table_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None,
                           table_message_id: int | None = None, **meta: object) -> TableRecord:
        """Remember where the interface shows the table (no presenter call); an ``ai_level`` or ``locale`` in
        ``meta`` is checked (``runtime.inputs``)."""
        if "ai_level" in meta:
            inputs.ai_level(meta["ai_level"])
        if "locale" in meta and meta["locale"] is not None:
            inputs.choice("locale", meta["locale"], i18n.LOCALES)
        session = self.session(table_id)
        async with session.serving():
            rec = session.record
            rec = replace(rec, thread_id=thread_id if thread_id is not None else rec.thread_id,
                          lobby_message_id=lobby_message_id if lobby_message_id is not None else rec.lobby_message_id,
                          table_message_id=table_message_id if table_message_id is not None else rec.table_message_id,
                          meta={**rec.meta, **meta})
            session.record = await self.db.save_table(rec)
            return session.record

    async def pause(self, table_id: int, why: str | None) -> None:
        """Stop the table's clocks (AI moves, timeouts) while the interface cannot show it (``why`` is stored in the
        record's meta, e.g. ``"permission"`` or ``"gone"``), or restart them (``None``)."""
        session = self.session(table_id)
        async with session.serving():
            meta = {**session.record.meta, PAUSED: why}
            session.record = await self.db.save_table(replace(session.record, meta=meta))
            await self.pipeline.arm(session)

    async def start(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableRecord:
        """The host (or a manager) starts the match (all four seats filled): the timers deal the first hand."""
        session = self.session(table_id)
        async with session.serving():
            rec = seating.start(session.record, user_id, is_admin)
            rec = replace(rec, meta={**rec.meta, "started_at": self.clock()})
            session.table = Table.new(rec.rules, rec.seed)
            session.record = await self.db.save_table(rec)
            await self.pipeline.publish(session, UpdateReason.STARTED, [Announcement("announce.table_started", {})],
                                        arm=True)
            return session.record

    async def end(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableRecord:
        """The host (or an admin) closes the table; its timers are cancelled and it leaves memory."""
        session = self.session(table_id)
        async with session.serving():
            rec = seating.end(session.record, user_id, is_admin)
            session.record = await self.db.save_table(rec)
            await self.db.cancel_timers(table_id)
            session.queued.clear()
            await self.db.clear_queued_plays(table_id)
            await self.pipeline.publish(session, UpdateReason.ENDED, [Announcement("announce.table_ended", {})])
            self.sessions.pop(table_id, None)
            return session.record

