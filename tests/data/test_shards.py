"""Several processes on one database: each sees, times and commits only its own shards' tables; a process
whose shard was claimed by another is fenced off. Both backends (two ``Database`` objects = two processes)."""

from __future__ import annotations

import pytest

from data.database import Database
from data.errors import DataError
from data.shards import parse_shard_ids, shard_of
from tests.helpers.records import new_record

COUNT = 2
G0, G1 = 4 << 22, 5 << 22  # guilds on shard 0 and shard 1 of 2


def test_shard_of_a_guild_and_shard_ranges() -> None:
    assert (shard_of(G0, COUNT), shard_of(G1, COUNT)) == (0, 1)
    assert shard_of(81384788765712384, 8) == (81384788765712384 >> 22) % 8
    assert parse_shard_ids("0-3") == (0, 1, 2, 3) and parse_shard_ids("5") == (5,)
    assert parse_shard_ids("0, 2,4-5") == (0, 2, 4, 5)
    for bad in ("3-1", "-1", "a", ""):
        with pytest.raises(ValueError):
            parse_shard_ids(bad)


async def test_each_process_lists_and_times_only_its_shards(db_target: str) -> None:
    a, b = await Database.open(db_target), await Database.open(db_target)
    try:
        t0 = (await a.create_table(new_record(G0, 1, 1, seed=1, status="playing"))).table_id
        t1 = (await a.create_table(new_record(G1, 1, 1, seed=2, status="playing"))).table_id
        await a.add_timer("ai", t1, 10.0)
        await a.add_timer("ai", t0, 20.0)
        await a.add_timer("sweep", None, 30.0)
        await a.claim_shards(COUNT, [0])
        await b.claim_shards(COUNT, [1])
        assert [t.table_id for t in await a.open_tables()] == [t0]
        assert [t.table_id for t in await b.open_tables()] == [t1]
        assert [(t.table_id, t.kind) for t in await a.due_timers(100.0)] == [(t0, "ai"), (None, "sweep")]
        assert [t.table_id for t in await b.due_timers(100.0)] == [t1]
        nxt_a, nxt_b = await a.next_timer(), await b.next_timer()
        assert nxt_a is not None and nxt_a.table_id == t0 and nxt_b is not None and nxt_b.table_id == t1
    finally:
        await a.close()
        await b.close()


async def test_a_process_that_lost_its_shard_cannot_commit(db_target: str) -> None:
    old, other = await Database.open(db_target), await Database.open(db_target)
    try:
        await old.claim_shards(COUNT, [0])
        await other.claim_shards(COUNT, [1])
        mine = (await old.create_table(new_record(G0, 1, 1, seed=1, status="playing"))).table_id
        theirs = (await old.create_table(new_record(G1, 1, 1, seed=2, status="playing"))).table_id
        await old.append_action(mine, 1, {"n": 1})
        with pytest.raises(DataError) as err:  # shard 1 is leased to the other process
            await old.append_action(theirs, 1, {"n": 1})
        assert err.value.key == "data.fenced"
        restarted = await Database.open(db_target)  # shard 0's process is restarted while the old one lingers
        try:
            await restarted.claim_shards(COUNT, [0])
            with pytest.raises(DataError) as err:
                await old.append_action(mine, 2, {"n": 2})
            assert err.value.key == "data.fenced"
            await restarted.append_action(mine, 2, {"n": 2})
            assert await restarted.actions_between(mine) == [{"n": 1}, {"n": 2}]
            with pytest.raises(DataError) as err:
                await restarted.append_action(mine, 2, {"n": 2})
            assert err.value.key == "data.duplicate_action"  # a repeat is still a duplicate, not fenced
        finally:
            await restarted.close()
    finally:
        await old.close()
        await other.close()


async def test_claims_are_checked(db: Database) -> None:
    for count, ids in ((2, [2]), (0, [0]), (2, [])):
        with pytest.raises(DataError) as err:
            await db.claim_shards(count, ids)
        assert err.value.key == "data.bad_shards"
    assert db.shard_scope is None
