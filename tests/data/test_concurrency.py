"""Per-table serialization: moves on one table queue up, different tables never wait for each other."""

from __future__ import annotations

import asyncio
import weakref

import pytest

from data.database import Database
from data.errors import DataError
from tests.helpers.records import new_record

_LOCKS: weakref.WeakKeyDictionary[Database, dict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()


def table_lock(db: Database, table_id: int) -> asyncio.Lock:
    """One lock per table, as the runtime keeps it (``Session.lock``): moves on a table take it."""
    return _LOCKS.setdefault(db, {}).setdefault(table_id, asyncio.Lock())


async def next_move(db: Database, table_id: int, use_lock: bool) -> None:
    """Read the log position, yield to other tasks (as a real move does while applying), then commit."""
    async def step() -> None:
        seq = await db.last_seq(table_id) + 1
        await asyncio.sleep(0)
        await db.append_action(table_id, seq, {"type": "pass", "seat": 0})

    if use_lock:
        async with table_lock(db, table_id):
            await step()
    else:
        await step()


async def test_moves_on_one_table_serialize(db: Database) -> None:
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    await asyncio.gather(*(next_move(db, tid, use_lock=True) for _ in range(60)))
    assert await db.last_seq(tid) == 60
    assert len(await db.actions_between(tid)) == 60


async def test_without_the_lock_moves_collide(db: Database) -> None:
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    results = await asyncio.gather(*(next_move(db, tid, use_lock=False) for _ in range(10)), return_exceptions=True)
    assert any(isinstance(r, DataError) for r in results)  # what the lock prevents


async def test_different_tables_do_not_block_each_other(db: Database) -> None:
    a = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    b = (await db.create_table(new_record(1, 2, 3, "standard", seed=2))).table_id
    assert table_lock(db, a) is table_lock(db, a) and table_lock(db, a) is not table_lock(db, b)
    release = asyncio.Event()

    async def slow_move_on_a() -> None:
        async with table_lock(db, a):
            await db.append_action(a, 1, {"type": "deal_all"})
            await release.wait()  # e.g. a long render while holding table a

    holder = asyncio.create_task(slow_move_on_a())
    await asyncio.sleep(0.01)
    assert table_lock(db, a).locked()
    for _ in range(20):  # table b proceeds while a is held
        await asyncio.wait_for(next_move(db, b, use_lock=True), timeout=1.0)
    assert await db.last_seq(b) == 20
    waiter = asyncio.create_task(next_move(db, a, use_lock=True))
    await asyncio.sleep(0.05)
    assert not waiter.done()  # a second move on a waits for the first
    release.set()
    await asyncio.wait_for(asyncio.gather(holder, waiter), timeout=1.0)
    assert await db.last_seq(a) == 2


async def test_concurrent_moves_on_many_tables_all_commit(db: Database) -> None:
    ids = [(await db.create_table(new_record(1, 2, 3, "standard", seed=i))).table_id for i in range(30)]

    async def play(tid: int) -> None:
        for _ in range(15):
            await next_move(db, tid, use_lock=True)

    await asyncio.gather(*(play(t) for t in ids), *(play(t) for t in ids))
    for tid in ids:
        assert await db.last_seq(tid) == 30


async def test_failed_transaction_does_not_swallow_other_writes(db: Database) -> None:
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    in_tx = asyncio.Event()

    async def failing() -> None:
        async with db.transaction() as tx:
            await tx.execute("UPDATE game_tables SET status = 'ended' WHERE id = ?", (tid,))
            in_tx.set()
            await asyncio.sleep(0.05)
            raise RuntimeError("abort")

    task = asyncio.create_task(failing())
    await in_tx.wait()
    await db.append_action(tid, 1, {"type": "deal_all"})  # waits for the transaction, then commits alone
    with pytest.raises(RuntimeError):
        await task
    assert (await db.get_table(tid)).status == "lobby"
    assert await db.last_seq(tid) == 1
