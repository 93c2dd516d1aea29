"""SQLite held by another process past the busy timeout (issue #23, defect 2): a second OS process holds
``BEGIN EXCLUSIVE`` for longer than the bot's busy timeout (5 s) while every seat of a table is played by the AI.
The timer loop must not die: its failed rounds are logged and retried with a back-off, the watchdog re-plans the
timers the failed handlers had claimed, and once the lock is released the table moves on by itself, with every
move stored exactly once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from data import Database
from tests.helpers.runtime_support import HUMAN
from tests.helpers.storage_faults import hold_lock, live_service, live_table, version, wait_for


async def test_the_timer_loop_outlives_a_lock_held_past_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "tractor.db"
    db = await Database.open(path)
    service = await live_service(db)
    try:
        tid = await live_table(service, ai_delay=0.05)
        await service.go_away(tid, HUMAN)  # 托管: the AI plays every seat, only timers move the table
        assert await wait_for(lambda: version(service, tid) >= 20)
        locker = hold_lock(str(path), 12.0)  # longer than the busy timeout (5 s), twice
        try:
            held_at = version(service, tid)
            assert locker.stdout is not None  # the bot runs on while the lock is held:
            assert (await asyncio.to_thread(locker.stdout.readline)).strip() == "released"
        finally:
            locker.wait(30)
        assert version(service, tid) <= held_at + 1  # nothing was played while the file was locked
        assert await wait_for(lambda: version(service, tid) >= held_at + 10), "the table never moved again"
        async with service.session(tid).lock:
            assert await db.last_seq(tid) == version(service, tid)  # memory == storage, nothing twice
    finally:
        await service.close()
        await db.close()
