"""Stored timers and the asyncio scheduler that fires them."""

from __future__ import annotations

import asyncio
import time

from data.database import Database
from data.scheduler import TimerScheduler
from data.timers import Timer
from tests.records import new_record


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


async def test_scheduler_fires_in_order_and_wakes_for_earlier_timer(db: Database) -> None:
    fired: list[tuple[str, float]] = []
    done = asyncio.Event()

    async def handler(timer: Timer) -> None:
        fired.append((timer.kind, time.time()))
        if len(fired) == 3:
            done.set()

    now = time.time()
    await db.add_timer("overdue", None, now - 10)  # from before a "restart": fires at once
    await db.add_timer("later", None, now + 0.6)
    scheduler = TimerScheduler(db, handler)
    scheduler.start()
    await asyncio.sleep(0.1)
    assert [k for k, _ in fired] == ["overdue"]
    await db.add_timer("sooner", None, time.time() + 0.1)  # earlier than "later": the sleeper must wake
    await asyncio.wait_for(done.wait(), timeout=3)
    await scheduler.stop()
    assert [k for k, _ in fired] == ["overdue", "sooner", "later"]
    assert fired[1][1] < now + 0.5  # "sooner" did not wait for "later"
    assert fired[2][1] >= now + 0.6 - 0.01
    assert await db.next_timer() is None
    assert not scheduler.running


async def test_cancelled_timer_never_fires_and_failing_handler_is_contained(db: Database) -> None:
    fired: list[str] = []

    async def handler(timer: Timer) -> None:
        fired.append(timer.kind)
        if timer.kind == "boom":
            raise RuntimeError("handler failure")

    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    await db.add_timer("boom", None, time.time() + 0.05)
    await db.add_timer("cancelled", tid, time.time() + 0.15)
    await db.add_timer("ok", None, time.time() + 0.25)
    scheduler = TimerScheduler(db, handler)
    scheduler.start()
    await db.cancel_timers(tid)
    for _ in range(100):
        if len(fired) == 2:
            break
        await asyncio.sleep(0.02)
    await scheduler.stop()
    assert fired == ["boom", "ok"]
    assert await db.next_timer() is None


async def test_run_due_with_fake_clock(db: Database) -> None:
    seen: list[int] = []

    async def handler(timer: Timer) -> None:
        seen.append(int(timer.due_at))

    for due in (30, 10, 20, 40):
        await db.add_timer("t", None, due)
    scheduler = TimerScheduler(db, handler, clock=lambda: 25.0)
    assert await scheduler.run_due() == 2
    assert seen == [10, 20]
    assert [t.due_at for t in await db.due_timers(100)] == [30, 40]


async def test_timer_ids_are_never_reused_so_replanning_handlers_are_safe(db: Database) -> None:
    added: list[int] = []

    async def replan(timer: Timer) -> None:  # deletes its own timer and arms the next one, as the runtime does
        await db.delete_timer(timer.id)
        added.append(await db.add_timer("next", None, 1000.0))

    first = await db.add_timer("turn", None, 10.0)
    scheduler = TimerScheduler(db, replan, clock=lambda: 20.0)
    assert await scheduler.run_due() == 1
    assert added[0] != first
    survivor = await db.next_timer()
    assert survivor is not None and survivor.id == added[0]  # the fresh timer was not dropped
    await db.delete_timer(added[0])
    assert await db.add_timer("again", None, 5.0) > added[0]


async def test_timer_listeners_hear_every_change_until_unsubscribed(db: Database) -> None:
    """The public hook an interface drives its timers with (instead of replacing ``timers_changed``)."""
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    heard: list[str] = []
    stop = db.on_timers_changed(lambda: heard.append("a"))
    db.on_timers_changed(lambda: 1 / 0)  # a failing listener is logged, never breaks a timer change
    first = await db.add_timer("turn", tid, 10.0)
    await db.add_timer("ai", tid, 20.0)
    assert not await db.delete_timer(first + 100)  # nothing removed: nobody is told
    await db.delete_timer(first)
    await db.cancel_timers(tid)
    assert heard == ["a"] * 4 and db.timers_changed.is_set()
    stop()
    stop()  # idempotent
    await db.add_timer("turn", tid, 30.0)
    db.notify_timers_changed()
    assert heard == ["a"] * 4
