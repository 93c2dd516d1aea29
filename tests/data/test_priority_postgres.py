"""Clicks first: on PostgreSQL an interaction's queries take connections of their own, so they never queue
behind background work (timers, AI moves) that holds or waits for every background connection; the timer
loop marks its work as background (``data.priority``)."""

from __future__ import annotations

import asyncio

import pytest

from cli.config import Config
from data.database import Database
from data.errors import DataError
from data.priority import for_table, hurrying, in_background, is_background
from runtime.clock.scheduler import Scheduler
from tests.helpers.records import new_record
from tools.pgcluster import PgCluster

G0, G1 = 4 << 22, 5 << 22  # guilds on shard 0 and shard 1 of 2
PROMPTLY = 10.0  # seconds: only a hang (queued behind the held connections) comes near it


async def _hold_every_background_connection(db: Database, holders: int) -> tuple[asyncio.Event, list[asyncio.Task]]:
    """``holders`` background transactions that each keep a connection until the event is set, plus one more
    background query queued behind them."""
    release = asyncio.Event()
    holding = asyncio.Semaphore(0)

    async def hold() -> None:
        async with db.transaction(serialize=False) as tx:
            await tx.fetchall("SELECT 1")
            holding.release()
            await release.wait()

    with in_background():
        tasks = [asyncio.create_task(hold()) for _ in range(holders)]
        for _ in range(holders):
            await holding.acquire()
        tasks.append(asyncio.create_task(db.fetchone("SELECT 1")))  # a timer's query: queued
    await asyncio.sleep(0.05)
    return release, tasks


async def test_an_interaction_commits_while_background_work_holds_every_connection(pg_cluster: PgCluster) -> None:
    db = await Database.open(pg_cluster.create_database(), pool_size=2, priority_pool_size=1)
    try:
        await db.claim_shards(2, [0])
        mine = (await db.create_table(new_record(G0, 1, 1, seed=1, status="playing"))).table_id
        theirs = (await db.create_table(new_record(G1, 1, 1, seed=2, status="playing"))).table_id
        release, tasks = await _hold_every_background_connection(db, 2)
        assert not tasks[-1].done()  # the background pool is exhausted
        await asyncio.wait_for(db.append_action(mine, 1, {"n": 1}), PROMPTLY)  # fenced commit, as before
        with pytest.raises(DataError) as err:
            await asyncio.wait_for(db.append_action(mine, 1, {"n": 1}), PROMPTLY)
        assert err.value.key == "data.duplicate_action"
        with pytest.raises(DataError) as err:
            await asyncio.wait_for(db.append_action(theirs, 1, {"n": 1}), PROMPTLY)
        assert err.value.key == "data.fenced"  # not this process's shard
        assert not tasks[-1].done()  # the interaction did not take the background pool's turn
        release.set()
        await asyncio.gather(*tasks)
        assert await db.actions_between(mine) == [{"n": 1}]
    finally:
        await db.close()


async def test_an_interaction_takes_a_free_background_connection_when_its_own_are_taken(
        pg_cluster: PgCluster) -> None:
    db = await Database.open(pg_cluster.create_database(), pool_size=2, priority_pool_size=1)
    try:
        release = asyncio.Event()
        holding = asyncio.Event()

        async def long_command() -> None:  # an interaction holding the interactions' only connection
            async with db.transaction(serialize=False) as tx:
                await tx.fetchall("SELECT 1")
                holding.set()
                await release.wait()

        command = asyncio.create_task(long_command())
        await holding.wait()
        assert await asyncio.wait_for(db.fetchone("SELECT 2"), PROMPTLY) == (2,)
        release.set()
        await command
    finally:
        await db.close()


async def test_one_shared_pool_queues_the_interaction_behind_background_work(pg_cluster: PgCluster) -> None:
    """The control: with ``priority_pool_size=0`` (the old behaviour) the same click waits for the timers."""
    db = await Database.open(pg_cluster.create_database(), pool_size=2, priority_pool_size=0)
    try:
        mine = (await db.create_table(new_record(G0, 1, 1, seed=1, status="playing"))).table_id
        release, tasks = await _hold_every_background_connection(db, 2)
        click = asyncio.create_task(db.append_action(mine, 1, {"n": 1}))
        done, _ = await asyncio.wait({click}, timeout=0.3)
        assert not done
        release.set()
        await asyncio.wait_for(click, PROMPTLY)
        await asyncio.gather(*tasks)
    finally:
        await db.close()


async def test_a_click_waiting_for_a_table_hurries_that_tables_background_work(pg_cluster: PgCluster) -> None:
    """Priority inheritance: a timer's move holding the table's lock while a click waits for it takes the
    interactions' connections for its next queries; other tables' background work does not."""
    with in_background(), for_table(7):
        assert is_background()
        with hurrying(7):
            assert not is_background()
            with for_table(8):
                assert is_background()
        assert is_background()
    db = await Database.open(pg_cluster.create_database(), pool_size=1, priority_pool_size=1)
    try:
        release, tasks = await _hold_every_background_connection(db, 1)
        with in_background(), for_table(7), hurrying(7):
            assert await asyncio.wait_for(db.fetchone("SELECT 41 + 1"), PROMPTLY) == (42,)
        assert not tasks[-1].done()
        release.set()
        await asyncio.gather(*tasks)
    finally:
        await db.close()


async def test_the_timer_loop_runs_its_handlers_in_the_background() -> None:
    db = await Database.open(":memory:")
    seen: list[bool] = []

    async def handler(timer: object) -> None:
        seen.append(is_background())

    scheduler = Scheduler(db, handler, clock=lambda: 100.0)
    try:
        await db.add_timer("sweep", None, 10.0)
        assert await scheduler.run_due() == 1  # run_due (tests, offline job)
        await db.add_timer("sweep", None, 20.0)
        scheduler.start()  # the loop, its handlers in tasks of their own
        await scheduler.run_now()
        assert seen == [True, True] and not is_background()  # the caller's context is left as it was
    finally:
        await scheduler.stop()
        await db.close()


def _pools(config: Config) -> tuple[int, int]:
    return config.db_pool, config.db_priority_pool


def test_pool_sizes_come_from_the_environment() -> None:
    assert _pools(Config.from_env({})) == (10, 4)
    assert _pools(Config.from_env({"TRACTOR_DB_POOL": "6", "TRACTOR_DB_PRIORITY_POOL": "0"})) == (6, 0)
    assert _pools(Config.from_env({"TRACTOR_DB_POOL": "0", "TRACTOR_DB_PRIORITY_POOL": "x"})) == (1, 4)
