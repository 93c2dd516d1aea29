"""The one timer loop (runtime.clock.scheduler): order, waking for an earlier timer, cancelling, failures,
at-most-once firing, driving through the database's change hook only."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

from data.database import Database
from data.timers import Timer
from runtime.clock.scheduler import Scheduler
from tests.helpers.records import new_record

ROOT = Path(__file__).resolve().parents[2]


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
    scheduler = Scheduler(db, handler)
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
    assert not scheduler.running and not await scheduler.run_due()


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
    scheduler = Scheduler(db, handler)
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
    scheduler = Scheduler(db, handler, clock=lambda: 25.0)
    assert await scheduler.run_due() == 2
    assert seen == [10, 20]
    assert [t.due_at for t in await db.due_timers(100)] == [30, 40]


async def test_timer_ids_are_never_reused_so_replanning_handlers_are_safe(db: Database) -> None:
    added: list[int] = []

    async def replan(timer: Timer) -> None:  # deletes its own timer and arms the next one, as the runtime does
        await db.delete_timer(timer.id)
        added.append(await db.add_timer("next", None, 1000.0))

    first = await db.add_timer("turn", None, 10.0)
    scheduler = Scheduler(db, replan, clock=lambda: 20.0)
    assert await scheduler.run_due() == 1
    assert added[0] != first
    survivor = await db.next_timer()
    assert survivor is not None and survivor.id == added[0]  # the fresh timer was not dropped
    await db.delete_timer(added[0])
    assert await db.add_timer("again", None, 5.0) > added[0]


async def test_a_timer_runs_at_most_once_even_if_its_handler_fails(db: Database) -> None:
    runs: list[int] = []

    async def handler(timer: Timer) -> None:
        runs.append(timer.id)
        raise RuntimeError("crash in the handler")

    await db.add_timer("t", None, 1.0)
    scheduler = Scheduler(db, handler, clock=lambda: 5.0)
    assert await scheduler.run_due() == 1 and await scheduler.run_due() == 0
    assert len(runs) == 1 and await db.next_timer() is None  # deleted before it ran


async def test_the_loop_leaves_no_task_while_idle_and_stops_listening_when_stopped(db: Database) -> None:
    fired: list[str] = []

    async def handler(timer: Timer) -> None:
        fired.append(timer.kind)

    scheduler = Scheduler(db, handler, clock=lambda: 150.0)
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    await db.add_timer("turn", tid, 100.0)
    scheduler.start()
    await scheduler.run_now()
    assert fired == ["turn"]
    await db.add_timer("ai", tid, 120.0)  # heard through db.on_timers_changed
    for _ in range(5):
        await asyncio.sleep(0)
    await scheduler.run_now()
    assert fired == ["turn", "ai"]
    await db.add_timer("later", tid, 500.0)
    await scheduler.run_now()
    pending = [t for t in asyncio.all_tasks() if t.get_name().startswith("tractor-timers")]
    assert [t.get_name() for t in pending] == ["tractor-timers-sleep"]  # one sleep until 500, nothing waiting
    await scheduler.stop()
    await db.add_timer("ignored", tid, 130.0)
    for _ in range(5):
        await asyncio.sleep(0)
    assert fired == ["turn", "ai"] and not scheduler.running


async def test_replanning_keeps_the_sleep_that_already_ends_in_time(db: Database) -> None:
    """A timer added after the next one leaves the sleep alone (no cancel and new sleep per move: cancelled
    sleeps pile up in the loop); an earlier one replaces it; none left ends it."""

    async def handler(timer: Timer) -> None:
        pass

    def sleeps() -> list[asyncio.Task[object]]:
        return [t for t in asyncio.all_tasks() if t.get_name() == "tractor-timers-sleep" and not t.done()]

    scheduler = Scheduler(db, handler, clock=lambda: 100.0)
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    await db.add_timer("turn", tid, 400.0)
    scheduler.start()
    await scheduler.run_now()
    first = sleeps()
    assert len(first) == 1
    for due in (600.0, 400.0, 3000.0):  # later or equal: the sleep until 400 still ends in time
        await db.add_timer("later", tid, due)
        await scheduler.run_now()
        assert sleeps() == first
    await db.add_timer("sooner", tid, 200.0)
    await scheduler.run_now()
    await asyncio.sleep(0)
    assert len(sleeps()) == 1 and sleeps() != first and first[0].cancelled()
    await db.cancel_timers(tid)
    await scheduler.run_now()
    await asyncio.sleep(0)
    assert sleeps() == []
    await scheduler.stop()


def test_no_private_attribute_of_data_is_used_outside_data() -> None:
    """runtime/ and cogs/ use data/'s public API only (e.g. ``on_timers_changed``)."""
    private = re.compile(r"\bdb\._[a-z]\w*")
    offenders = [f"{path.relative_to(ROOT)}: {m.group(0)}"
                 for folder in ("runtime", "cogs") for path in sorted((ROOT / folder).rglob("*.py"))
                 for m in private.finditer(path.read_text(encoding="utf-8"))]
    assert offenders == []


async def test_only_a_timer_due_before_the_armed_sleep_wakes_the_loop(db: Database) -> None:
    """Every move removes and stores timers; each wake costs the due-timers and next-timer queries. A removed
    timer, or one due after the armed sleep ends, wakes nothing; an earlier one is fired on time."""
    now = [1000.0]
    fired: list[str] = []

    async def handler(timer: Timer) -> None:
        fired.append(timer.kind)

    def runners() -> list[str]:
        return [t.get_name() for t in asyncio.all_tasks() if t.get_name() == "tractor-timers" and not t.done()]

    scheduler = Scheduler(db, handler, clock=lambda: now[0])
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    await db.add_timer("turn", tid, 1100.0)
    scheduler.start()
    await scheduler.run_now()
    assert scheduler._sleep_until == 1100.0
    later = await db.add_timer("later", tid, 1500.0)
    await db.delete_timer(later)
    await db.cancel_timers(tid, "nothing")
    assert runners() == []  # nothing looked at the timers again
    await db.add_timer("sooner", tid, 1050.0)
    assert runners() == ["tractor-timers"]
    await scheduler.run_now()
    assert scheduler._sleep_until == 1050.0 and fired == []
    await db.add_timer("ai", tid, 1000.0)  # due now
    await scheduler.run_now()
    assert fired == ["ai"]
    await scheduler.stop()
