"""A move is committed but storage refuses its timers (the table's next deadline): the move stands and the table
must not freeze. The fault is real: another connection adds a trigger to the database file that aborts every
insert into ``timers`` (what a lock taken between the move's commit and its timers' write does, without the
timing), and drops it later. Before the fix the AI's turn logged "AI move refused", the table had no timer left
and nothing ever moved it again."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

from data import Database
from tests.helpers.runtime_support import HUMAN
from tests.helpers.storage_faults import live_service, live_table, version, wait_for


def refuse_timers(path: Path, refuse: bool) -> None:
    """From a second connection: every insert into ``timers`` aborts (``refuse``), or no longer does."""
    with sqlite3.connect(path, timeout=30) as conn:
        if refuse:
            conn.execute("CREATE TRIGGER refuse_timers BEFORE INSERT ON timers "
                         "BEGIN SELECT RAISE(ABORT, 'timers refused'); END")
        else:
            conn.execute("DROP TRIGGER refuse_timers")
    conn.close()


async def test_a_move_whose_timers_are_refused_stands_and_the_table_moves_on(tmp_path: Path,
                                                                            caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "tractor.db"
    db = await Database.open(path)
    service = await live_service(db)
    caplog.set_level(logging.ERROR, logger="runtime.service.pipeline")
    try:
        tid = await live_table(service, ai_delay=0.05)
        await service.go_away(tid, HUMAN)  # 托管: the AI plays every seat, only timers move the table
        assert await wait_for(lambda: version(service, tid) >= 20)
        at = version(service, tid)
        refuse_timers(path, True)
        assert await wait_for(lambda: version(service, tid) > at)  # the next move: committed, its timers refused
        await asyncio.sleep(1.5)
        refused_at = version(service, tid)
        async with service.session(tid).lock:
            assert await db.last_seq(tid) == refused_at  # it stands
        assert tid not in await db.tables_with_timers()  # and nothing is due that would move the table
        refuse_timers(path, False)
        assert await wait_for(lambda: version(service, tid) >= refused_at + 10), "the table never moved again"
        async with service.session(tid).lock:
            assert await db.last_seq(tid) == version(service, tid)  # memory == storage, nothing twice
        assert any("timers were not stored" in r.getMessage() for r in caplog.records)  # one line says why
    finally:
        await service.close()
        await db.close()
