"""Queued plays in the database (migration 0005): one per seat, replaced, cleared, gone with the table."""

from __future__ import annotations

import pytest

from data.database import Database
from data.errors import DataError
from engine.cards import parse_cards
from tests.helpers.records import new_record


async def test_set_replace_read_and_clear(db: Database) -> None:
    t1 = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    t2 = (await db.create_table(new_record(1, 2, 3, "standard", seed=2))).table_id
    assert await db.queued_plays(t1) == {}
    await db.set_queued_play(t1, 1, parse_cards("AS"), 40)
    await db.set_queued_play(t1, 3, parse_cards("10H 10H BJ"), 41)
    await db.set_queued_play(t2, 1, parse_cards("2C"), 7)
    await db.set_queued_play(t1, 1, parse_cards("KS KS"), 42)  # a new queue replaces the old one
    plays = await db.queued_plays(t1)
    assert sorted(plays) == [1, 3]
    assert (plays[1].seat, plays[1].cards, plays[1].version) == (1, parse_cards("KS KS"), 42)
    assert plays[3].cards == parse_cards("10H 10H BJ") and plays[3].created_at > 0
    assert await db.clear_queued_plays(t1, 3) == 1 and await db.clear_queued_plays(t1, 3) == 0
    assert list(await db.queued_plays(t1)) == [1]
    assert await db.clear_queued_plays(t1) == 1
    assert await db.queued_plays(t1) == {} and list(await db.queued_plays(t2)) == [1]


async def test_survive_reopen_and_go_with_the_table(db_target: str) -> None:
    path = db_target
    db = await Database.open(path)
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    await db.set_queued_play(tid, 0, parse_cards("3D"), 12)
    await db.close()
    db = await Database.open(path)
    try:
        assert (await db.queued_plays(tid))[0].cards == parse_cards("3D")
        await db.delete_table(tid)
        assert await db.queued_plays(tid) == {}
    finally:
        await db.close()


async def test_bad_seat_and_unknown_table(db: Database) -> None:
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    with pytest.raises(DataError) as err:
        await db.set_queued_play(tid, 4, parse_cards("3D"), 1)
    assert err.value.key == "data.bad_seat"
    with pytest.raises(DataError) as err:
        await db.set_queued_play(tid + 99, 0, parse_cards("3D"), 1)
    assert err.value.key == "data.table_not_found"
