"""PostgreSQL's pools: opened whole, so a burst of clicks never waits for new server processes; connections go
back without asyncpg's reset query (one round trip fewer per statement or transaction,
``data.postgres.BotConnection``) and still come back clean: an open transaction is rolled back, the serializing
advisory lock is transaction-scoped."""

from __future__ import annotations

import asyncio

import pytest

from data.database import Database
from data.postgres import SERIALIZE_KEY, PostgresDriver
from tools.pgcluster import PgCluster


async def _open(pg_cluster: PgCluster, url: str | None = None) -> tuple[Database, PostgresDriver]:
    """A database on one pooled connection (a new database, or ``url``'s)."""
    db = await Database.open(url or pg_cluster.create_database(), pool_size=1, priority_pool_size=0)
    driver = db.driver
    assert isinstance(driver, PostgresDriver)
    return db, driver


async def test_a_statement_costs_one_query_on_its_connection(pg_cluster: PgCluster) -> None:
    db, driver = await _open(pg_cluster)
    try:
        async with driver.raw.acquire() as conn:
            before = conn._con._protocol.queries_count
        await db.fetchone("SELECT 1")
        await db.fetchone("SELECT 2")
        async with driver.raw.acquire() as conn:  # the pool's only connection
            assert conn._con._protocol.queries_count - before == 2  # no reset query after each release
    finally:
        await db.close()


async def test_a_failed_transaction_is_rolled_back_before_reuse(pg_cluster: PgCluster) -> None:
    db, _ = await _open(pg_cluster)
    try:
        await db.execute("CREATE TABLE scratch (n INTEGER)")
        with pytest.raises(RuntimeError):
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO scratch (n) VALUES (1)")
                raise RuntimeError("boom")
        assert await db.fetchall("SELECT n FROM scratch") == []
        await db.execute("INSERT INTO scratch (n) VALUES (2)")  # the same (only) connection, not in a transaction
        assert [r["n"] for r in await db.fetchall("SELECT n FROM scratch")] == [2]
    finally:
        await db.close()


async def test_a_cancelled_transaction_leaves_nothing_behind(pg_cluster: PgCluster) -> None:
    url = pg_cluster.create_database()
    db, _ = await _open(pg_cluster, url)
    other, _ = await _open(pg_cluster, url)  # another process's pool on the same database
    try:
        await db.execute("CREATE TABLE scratch (n INTEGER)")
        inside = asyncio.Event()

        async def hold() -> None:
            async with db.transaction() as tx:  # takes the serializing advisory lock
                await tx.execute("INSERT INTO scratch (n) VALUES (1)")
                inside.set()
                await asyncio.sleep(60)

        task = asyncio.create_task(hold())
        await inside.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await db.fetchall("SELECT n FROM scratch") == []
        row = await other.fetchone("SELECT pg_try_advisory_xact_lock(?) AS free", (SERIALIZE_KEY,))
        assert row is not None and row["free"] is True  # released with the rolled-back transaction
    finally:
        await other.close()
        await db.close()


async def test_both_pools_are_opened_whole(pg_cluster: PgCluster) -> None:
    """Connections are opened at start-up: a burst (200 tables starting) once waited 0.4 s for a connection
    while the pools forked server processes and prepared their statements anew."""
    db = await Database.open(pg_cluster.create_database(), pool_size=5, priority_pool_size=3)
    try:
        driver = db.driver
        assert isinstance(driver, PostgresDriver)
        pools = [driver._pool, driver._priority]
        assert [(p.get_size(), p.get_idle_size()) for p in pools if p is not None] == [(5, 5), (3, 3)]
    finally:
        await db.close()
