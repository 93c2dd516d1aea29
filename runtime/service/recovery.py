"""Finishing what a settling move left unrecorded: exactly once, whenever it was cut short.

A move that settles a hand or ends the match is committed first; its results follow (the hand result, the match
row and its ratings, the table's ``finished`` status — that one last). A kill or a database error in between
leaves a table ``playing`` at the end of a hand or at match over. ``finish_records`` records what is missing: each
record is kept once by the database (a hand result by table and hand number, a match by table), so running it
again (a restart, the watchdog, a second failure) never counts anything twice. A ``finished`` table no longer
counts against its host's open-table limits.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from data.database import Database
from data.records import Status, TableRecord
from engine.views import HandResult, Phase
from runtime.service.session import Session

log = logging.getLogger(__name__)


async def record_hand(db: Database, rec: TableRecord, result: HandResult) -> bool:
    """A settled hand's row and the ladder of the table's shape (``data.shapes``; 找朋友: each player's own level);
    False if already recorded."""
    return await db.record_hand(rec.guild_id, rec.table_id, rec.seats, result, shape=rec.rules.shape)


async def record_match_end(db: Database, rec: TableRecord, winner: int | None) -> TableRecord:
    """The match row (rated on the shape's ladder, once per table), then the ``finished`` status: the stored record.
    ``winner`` is the engine's: a team with fixed partners, a seat in 找朋友 (the row keeps every winning seat)."""
    await db.record_match(rec.guild_id, rec.table_id, rec.seats, winner, shape=rec.rules.shape)
    return await db.save_table(replace(rec, status=Status.FINISHED))


def unrecorded(session: Session) -> bool:
    """The table is ``playing`` at a hand's end or at match over: its results may be missing."""
    table = session.table
    return (session.record.status is Status.PLAYING and table is not None
            and table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER))


async def finish_records(db: Database, session: Session) -> bool:
    """Record the last settled hand and, at match over, the match and the ``finished`` status (the caller holds
    the table's lock); True if the match end was recorded now."""
    if not unrecorded(session):
        return False
    table, rec = session.table, session.record
    assert table is not None
    if table.results and await record_hand(db, rec, table.results[-1]):
        log.warning("table %d: hand %d's result was missing; recorded now", rec.table_id, table.results[-1].hand_number)
    if table.phase is not Phase.MATCH_OVER:
        return False
    session.record = await record_match_end(db, rec, table.match_winner)
    log.warning("table %d: its match end was not fully recorded; finished now (winner team %s)", rec.table_id,
                table.match_winner)
    return True
