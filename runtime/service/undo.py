"""Undo with consent (悔牌), an opt-in aid of casual tables (``TableOptions.undo``): the seat that made the latest
play of the trick in progress asks to take it back; every other human at the table who is not under 托管 must
agree (AI seats and seats under 托管 agree by themselves); then ``engine.actions.Undo`` is committed like a move.
A request lives in the record's ``meta["undo"]`` for the table version it was made at: any move cancels it."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from data.records import Status
from engine.actions import Undo
from engine.sanctions import can_undo
from runtime.access import Caller, Op, authorize
from runtime.errors import NotAllowed
from runtime.presenter import Announcement, UpdateReason
from runtime.service.session import Session
from runtime.service.tables import TableRegistry

log = logging.getLogger(__name__)

PENDING = "undo"


@dataclass(frozen=True)
class UndoStep:
    """What a ``/tractor undo`` did: ``requested`` (waiting for ``waiting`` seats), ``agreed``, or ``done``."""

    step: str
    seat: int
    waiting: tuple[int, ...] = ()


def voters(session: Session, seat: int) -> set[int]:
    """The seats whose consent the undo needs: the other humans not under 托管."""
    return {i for i, s in enumerate(session.record.seats)
            if i != seat and s is not None and not s.is_ai and not s.away}


class UndoService(TableRegistry):
    """``undo``, part of ``runtime.service.game.GameService``."""

    async def undo(self, caller: Caller, table_id: int | None = None) -> UndoStep:
        """Ask to take back one's latest play, or agree to the pending request of another seat."""
        rec = self.find(caller, table_id)
        seat = rec.seat_of(caller.user_id)
        if seat is None:
            raise NotAllowed("act.not_seated")
        authorize(caller, rec, Op.SEAT, seat=seat)
        if not rec.options.undo:
            raise NotAllowed("undo.off")
        session = self.session(rec.table_id)
        async with session.serving():
            table = session.table
            if table is None or session.record.status is not Status.PLAYING:
                raise NotAllowed("act.not_playing")
            pending = session.record.meta.get(PENDING)
            if pending and pending.get("version") == table.version and pending.get("seat") != seat:
                return await self._undo_agree(session, pending, seat)
            if not can_undo(table.hand, seat):
                raise NotAllowed("undo.not_possible")
            return await self._undo_request(session, seat)

    async def _undo_request(self, session: Session, seat: int) -> UndoStep:
        assert session.table is not None
        needed = voters(session, seat)
        name = session.record.names[seat]
        if not needed:
            await self._undo_apply(session, seat)
            return UndoStep("done", seat)
        await self._undo_store(session, {"seat": seat, "version": session.table.version, "yes": []})
        note = Announcement("announce.undo_requested", {"name": name})
        await self.pipeline.publish(session, UpdateReason.UNDO, [note])
        return UndoStep("requested", seat, tuple(sorted(needed)))

    async def _undo_agree(self, session: Session, pending: dict[str, object], seat: int) -> UndoStep:
        asker = int(pending["seat"])  # type: ignore[call-overload]
        yes = set(pending.get("yes") or []) | {seat}  # type: ignore[call-overload]
        waiting = voters(session, asker) - yes
        if waiting:
            await self._undo_store(session, {**pending, "yes": sorted(yes)})
            return UndoStep("agreed", asker, tuple(sorted(waiting)))
        await self._undo_apply(session, asker)
        return UndoStep("done", asker)

    async def _undo_store(self, session: Session, pending: dict[str, object] | None) -> None:
        meta = {k: v for k, v in session.record.meta.items() if k != PENDING}
        if pending is not None:
            meta[PENDING] = pending
        session.record = await self.db.save_table(replace(session.record, meta=meta))

    async def _undo_apply(self, session: Session, seat: int) -> None:
        await self._undo_store(session, None)
        note = Announcement("announce.undone", {"name": session.record.names[seat]})
        await self.pipeline.apply(session, Undo(seat=seat), acted_seat=seat, announcements=[note])
        log.info("table %d: seat %d took back its play", session.record.table_id, seat)
