"""Stored AI reviews of finished hands (migration 0009), on SQLite and PostgreSQL: stored, read back only for the
same number of sampled deals, replaced, kept across a reopen, gone with the table, refused for an unknown table."""

from __future__ import annotations

import pytest

from data.database import Database
from data.errors import DataError
from tests.helpers.records import new_record

MARKS = [{"trick": 3, "seat": 1, "played": ["10H"], "choice": ["AS"], "levels": 0.25, "points": 7.5}]


async def test_store_read_replace_reopen_and_go_with_the_table(db_target: str) -> None:
    db = await Database.open(db_target)
    tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
    assert await db.hand_review(tid, 1, 48) is None
    await db.save_review(tid, 1, 48, MARKS)
    await db.save_review(tid, 2, 48, [])
    assert await db.hand_review(tid, 1, 48) == MARKS and await db.hand_review(tid, 2, 48) == []
    assert await db.hand_review(tid, 1, 8) is None  # computed with another number of deals: not this one
    await db.save_review(tid, 2, 8, MARKS)  # computed again: replaced
    assert await db.hand_review(tid, 2, 8) == MARKS and await db.hand_review(tid, 2, 48) is None
    await db.close()
    db = await Database.open(db_target)
    try:
        assert await db.hand_review(tid, 1, 48) == MARKS
        await db.delete_table(tid)
        assert await db.hand_review(tid, 1, 48) is None
    finally:
        await db.close()


async def test_unknown_table_refused(db: Database) -> None:
    with pytest.raises(DataError) as err:
        await db.save_review(424242, 1, 48, MARKS)
    assert err.value.key == "data.table_not_found"
