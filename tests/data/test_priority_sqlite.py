"""Clicks first on SQLite too, and no checkpoint in a click's way: its one connection is taken by an
interaction's statement before any queued background statement (timers, AI moves), so a burst of timers never
queues in front of a click (``data.priority.PriorityLock``); the WAL is checkpointed on a thread of its own
(``data.checkpoint``)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from data.checkpoint import BACKSTOP_PAGES
from data.database import Database
from data.priority import PriorityLock, for_table, hurrying, in_background
from data.sqlite import SqliteDriver


async def _queue(lock: PriorityLock, order: list[str], name: str, started: asyncio.Event | None = None) -> None:
    if started is not None:
        started.set()
    async with lock:
        order.append(name)
        await asyncio.sleep(0)


async def test_an_interaction_goes_before_queued_background_work() -> None:
    lock = PriorityLock()
    order: list[str] = []
    await lock.acquire()  # a statement in flight
    with in_background():
        timers = [asyncio.create_task(_queue(lock, order, f"timer{i}")) for i in range(3)]
    await asyncio.sleep(0)
    click = asyncio.create_task(_queue(lock, order, "click"))
    await asyncio.sleep(0)
    lock.release()
    await asyncio.gather(*timers, click)
    assert order == ["click", "timer0", "timer1", "timer2"]  # background work keeps its order
    assert not lock.locked()


async def test_a_hurried_tables_background_work_counts_as_an_interactions() -> None:
    lock = PriorityLock()
    order: list[str] = []
    await lock.acquire()
    with in_background():
        other = asyncio.create_task(_queue(lock, order, "other table"))
        await asyncio.sleep(0)
        with for_table(7):
            mine = asyncio.create_task(_queue(lock, order, "table 7"))
    await asyncio.sleep(0)
    with hurrying(7):  # a click waits for table 7's lock: judged when the lock is handed on, not when queued
        lock.release()
        await asyncio.gather(other, mine)
    assert order == ["table 7", "other table"]


async def test_a_cancelled_waiter_neither_keeps_nor_loses_the_lock() -> None:
    lock = PriorityLock()
    await lock.acquire()
    waiting = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    lock.release()
    assert not lock.locked()
    await lock.acquire()  # handed the lock, then cancelled before it ran: the lock goes on to the next
    handed = asyncio.create_task(lock.acquire())
    after = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    lock.release()
    handed.cancel()
    with pytest.raises(asyncio.CancelledError):
        await handed
    await asyncio.wait_for(after, 1.0)
    assert lock.locked()
    lock.release()
    assert not lock.locked()
    with pytest.raises(RuntimeError):
        lock.release()


async def test_sqlite_serves_a_click_before_a_burst_of_timer_statements(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "p.sqlite3")
    try:
        order: list[str] = []
        release = asyncio.Event()
        held = asyncio.Event()

        async def long_transaction() -> None:  # background work holding the connection
            async with db.transaction() as tx:
                await tx.fetchall("SELECT 1")
                held.set()
                await release.wait()

        async def statement(name: str) -> None:
            await db.fetchone("SELECT 1")
            order.append(name)

        with in_background():
            holder = asyncio.create_task(long_transaction())
            await held.wait()
            timers = [asyncio.create_task(statement(f"timer{i}")) for i in range(5)]
        await asyncio.sleep(0.01)
        click = asyncio.create_task(statement("click"))
        await asyncio.sleep(0.01)
        release.set()
        await asyncio.gather(holder, *timers, click)
        assert order[0] == "click" and order[1:] == [f"timer{i}" for i in range(5)]
    finally:
        await db.close()


async def test_the_wal_is_checkpointed_on_a_thread_of_its_own(tmp_path: Path) -> None:
    """The bot's connection does not copy the WAL into the database file (only as a backstop, past
    ``BACKSTOP_PAGES``): the checkpointer's thread does, so no click's statement waits for a checkpoint."""
    path = tmp_path / "c.sqlite3"
    db = await Database.open(path)
    driver = db.driver
    assert isinstance(driver, SqliteDriver) and driver.checkpointer is not None
    try:
        assert (await db.fetchone("PRAGMA wal_autocheckpoint"))[0] == BACKSTOP_PAGES  # type: ignore[index]
        await db.execute("CREATE TABLE scratch (b BLOB)")
        before = path.stat().st_size
        for i in range(300):  # ~300 pages: under the backstop, and under SQLite's default of 1,000 as well
            await db.execute("INSERT INTO scratch (b) VALUES (?)", (bytes([i % 256]) * 4000,))
        deadline = time.monotonic() + 10.0

        def copied() -> bool:  # the file grows while the checkpoint runs; its counts are taken once it returned
            return path.stat().st_size >= before + 300 * 4000 and driver.checkpointer.frames >= 300

        while not copied() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert path.stat().st_size >= before + 300 * 4000  # copied into the database file meanwhile
        assert driver.checkpointer.runs > 0 and driver.checkpointer.frames >= 300
    finally:
        await db.close()
    assert not driver.checkpointer._thread.is_alive()  # stopped with the database
    memory = await Database.open(":memory:")
    assert isinstance(memory.driver, SqliteDriver) and memory.driver.checkpointer is None  # no WAL: nothing to do
    await memory.close()
