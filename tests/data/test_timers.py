"""Stored timers: ordering, cancelling, persistence, the change hook."""

from __future__ import annotations

import asyncio

from data.database import Database
from data.timers import CLAIM_CHUNK, Timer
from tests.helpers.records import new_record


async def test_add_next_due_delete_cancel(db: Database) -> None:
    t1 = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    t2 = (await db.create_table(new_record(1, 2, 3, "standard", seed=2))).table_id
    late = await db.add_timer("turn", t1, 300.0, {"seat": 1})
    early = await db.add_timer("remind", t1, 100.0, {"seat": 1})
    other = await db.add_timer("ai", t2, 200.0)
    global_ = await db.add_timer("cleanup", None, 250.0)
    nxt = await db.next_timer()
    assert nxt is not None and (nxt.id, nxt.kind, nxt.table_id, nxt.payload) == (early, "remind", t1, {"seat": 1})
    assert [t.id for t in await db.due_timers(250.0)] == [early, other, global_]
    assert await db.due_timers(50.0) == []
    assert [t.id for t in await db.table_timers(t1)] == [early, late]
    assert [t.id for t in await db.table_timers(t1, "turn")] == [late]
    assert await db.cancel_timers(t1, "remind") == 1
    assert (await db.next_timer()).id == other  # type: ignore[union-attr]
    assert await db.delete_timer(other) and not await db.delete_timer(other)
    assert await db.cancel_timers(t1) == 1
    assert [t.id for t in await db.due_timers(1e12)] == [global_]
    assert await db.get_timer(global_) == Timer(global_, "cleanup", None, 250.0, {},
                                                (await db.get_timer(global_)).created_at)  # type: ignore[union-attr]


async def test_timers_survive_reopen(db_target: str) -> None:
    path = db_target
    db = await Database.open(path)
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    await db.add_timer("deadline", tid, 1234.5, {"seq": 17})
    await db.close()
    db = await Database.open(path)
    timer = await db.next_timer()
    assert timer is not None and (timer.kind, timer.due_at, timer.payload) == ("deadline", 1234.5, {"seq": 17})
    await db.close()


async def test_timer_listeners_hear_every_change_until_unsubscribed(db: Database) -> None:
    """The public hook the timer loop (runtime.clock.scheduler) is driven by."""
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    heard: list[float | None] = []
    stop = db.on_timers_changed(heard.append)
    db.on_timers_changed(lambda due: 1 / 0)  # a failing listener is logged, never breaks a timer change
    first = await db.add_timer("turn", tid, 10.0)
    await db.add_timer("ai", tid, 20.0)
    assert not await db.delete_timer(first + 100)  # nothing removed: nobody is told
    await db.delete_timer(first)
    await db.cancel_timers(tid)
    assert heard == [10.0, 20.0, None, None]  # a new timer's due time; None: timers removed
    stop()
    stop()  # idempotent
    await db.add_timer("turn", tid, 30.0)
    db.notify_timers_changed()
    assert heard == [10.0, 20.0, None, None]


async def test_claiming_removes_each_timer_once(db: Database) -> None:
    """The timer loop claims every due timer in one statement (``claim_timers``); a timer removed meanwhile, or
    claimed by a concurrent claim, is not claimed again."""
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    ids = [await db.add_timer("ai", tid, float(i)) for i in range(1, 1 + CLAIM_CHUNK + 7)]  # two statements
    assert await db.delete_timer(ids[3])
    first, second = await asyncio.gather(db.claim_timers(ids[:600]), db.claim_timers(ids[300:]))
    assert not first & second and first | second == set(ids) - {ids[3]}
    assert await db.claim_timers(ids) == set() and await db.next_timer() is None
    assert await db.claim_timers([]) == set()
