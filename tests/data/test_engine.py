"""Engine-backed storage: restore = snapshot + replay equals the live table; hand export/replay."""

from __future__ import annotations

import json
import random

import pytest

from data.database import Database
from data.errors import DataError
from data.replay import commit_action, export_hand, replay_export, restore_table, restore_tables, snapshot_kind
from engine.actions import Action
from engine.errors import IllegalAction
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from tests.helpers.records import new_record


def pick(table: Table, rng: random.Random) -> Action:
    try:
        return random_action(table, rng)
    except IllegalAction:
        seats = table.to_act()
        return rng.choice(table.legal_actions(seats[0] if seats else None))


async def play(db: Database, tid: int, table: Table, rng: random.Random, actions: int, every: int = 25,
               hand_ends: dict[int, dict] | None = None) -> None:
    """Apply and commit random actions; snapshot after each hand and every ``every`` actions."""
    for _ in range(actions):
        if table.phase is Phase.MATCH_OVER:
            return
        action = pick(table, rng)
        table.apply(action)
        await commit_action(db, tid, table, action, every)
        if snapshot_kind(table) == "hand" and hand_ends is not None:
            hand_ends[table.hand_number] = table.to_json()


async def new_game(db: Database, seed: int, rules: Rules | None = None) -> tuple[int, Table]:
    rules = rules or Rules()
    tid = (await db.create_table(new_record(1, 2, 3, rules, seed=seed, status="playing"))).table_id
    return tid, Table.new(rules, seed)


async def test_restore_equals_live_table_at_every_stage(db: Database) -> None:
    rng = random.Random(3)
    tid, table = await new_game(db, 11)
    for chunk in (1, 7, 30, 90, 200):
        await play(db, tid, table, rng, chunk)
        restored = await restore_table(db, tid)
        assert restored.to_json() == table.to_json()
        assert restored.version == table.version == await db.last_seq(tid)
    assert table.hand_number >= 2  # the restore went through a hand snapshot
    fresh = Table.replay_json(Rules().to_json(), 11, await db.actions_between(tid))
    assert fresh.to_json() == table.to_json()


async def test_restore_tables_in_bulk(db: Database) -> None:
    rng = random.Random(5)
    live = {}
    for i, preset in enumerate(("standard", "renda", "minzheng", "aihua", "tournament")):
        tid, table = await new_game(db, 100 + i, Rules.from_preset(preset))
        await play(db, tid, table, rng, 40 + 37 * i)
        live[tid] = table
    idle = (await db.create_table(new_record(1, 2, 3, "standard", seed=9, status="playing"))).table_id
    await db.create_table(new_record(1, 2, 3, "standard", seed=9, status="lobby"))
    restored = await restore_tables(db)
    assert set(restored) == {*live, idle}
    for tid, table in live.items():
        assert restored[tid].to_json() == table.to_json()
    assert restored[idle].to_json() == Table.new(Rules(), 9).to_json()


async def test_export_and_replay_of_hands(db: Database) -> None:
    rng = random.Random(8)
    tid, table = await new_game(db, 21)
    hand_ends: dict[int, dict] = {}
    while table.hand_number < 3 or table.phase is not Phase.PLAYING:
        await play(db, tid, table, rng, 1, hand_ends=hand_ends)
        assert table.phase is not Phase.MATCH_OVER
    await play(db, tid, table, rng, 10)  # hand 3 is in progress
    for n in (1, 2):
        export = json.loads(json.dumps(await export_hand(db, tid, n)))  # plain JSON
        assert export["hand_number"] == n and export["seed"] == 21
        assert (export["snapshot"] is None) == (n == 1)
        assert export["actions"][0]["type"] in (("deal_all", "deal_card", "declare") if n == 1 else ("start_hand",))
        assert replay_export(export).to_json() == hand_ends[n]
    current = await export_hand(db, tid, 3)
    assert current["snapshot"] == hand_ends[2]
    assert replay_export(current).to_json() == table.to_json()
    with pytest.raises(DataError) as err:
        await export_hand(db, tid, 4)
    assert err.value.key == "data.hand_not_found"
    with pytest.raises(DataError):
        replay_export({"format": 1, "rules": None})


async def test_export_without_hand_snapshots_replays_from_the_start(db: Database) -> None:
    rng = random.Random(9)
    tid, table = await new_game(db, 33)
    hand_ends: dict[int, dict] = {}
    while table.hand_number < 3:
        await play(db, tid, table, rng, 1, hand_ends=hand_ends)
    with_snapshots = await export_hand(db, tid, 2)
    await db.execute("DELETE FROM snapshots WHERE table_id = ?", (tid,))
    without = await export_hand(db, tid, 2)
    assert without == with_snapshots
    assert replay_export(without).to_json() == hand_ends[2]
    assert (await restore_table(db, tid)).to_json() == table.to_json()  # the log alone restores too


async def test_commit_action_snapshot_policy(db: Database) -> None:
    rng = random.Random(2)
    tid, table = await new_game(db, 5)
    hand_ends: dict[int, dict] = {}
    while table.hand_number < 2:
        await play(db, tid, table, rng, 1, every=7, hand_ends=hand_ends)
    snaps = await db.snapshots(tid)
    assert [(s.kind, s.hand_number, s.state) for s in snaps] == [("hand", 1, hand_ends[1])]  # supersedes periodic
    await play(db, tid, table, rng, 15, every=7)
    periodic = [s for s in await db.snapshots(tid) if s.kind == "periodic"]
    assert len(periodic) == 1 and periodic[0].seq % 7 == 0 and periodic[0].seq > snaps[0].seq
    upto = await db.actions_between(tid, 0, periodic[0].seq)
    assert periodic[0].state == Table.replay_json(Rules().to_json(), 5, upto).to_json()
    assert snapshot_kind(Table.new(Rules(), 1)) is None


async def test_unusable_snapshot_falls_back_to_the_whole_log(db: Database) -> None:
    rng = random.Random(4)
    tid, table = await new_game(db, 44)
    await play(db, tid, table, rng, 60, every=20)
    await db.save_snapshot(tid, table.version, {"format": 999}, table.hand_number, kind="periodic")
    assert (await restore_table(db, tid)).to_json() == table.to_json()
    assert (await restore_tables(db, [tid]))[tid].to_json() == table.to_json()
    await db.execute("DELETE FROM actions WHERE table_id = ? AND seq = 5", (tid,))  # a damaged log
    assert await restore_tables(db, [tid]) == {}  # logged and left out, not raised
