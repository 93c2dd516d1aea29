"""Games stored before the hand's state was split by phase (#24) restore from SQLite and PostgreSQL: the snapshots of
``tests/engine/golden/hand_states.json`` (every phase and declaring round, written by the engine before the change)
are loaded by the bot's restore path (``data.replay.restore_tables``) and written back byte for byte, and the
restored tables play on."""

from __future__ import annotations

import json
import random

from data.database import Database
from data.replay import restore_tables
from engine.randomplay import random_action
from engine.rules import Rules
from engine.views import Phase
from tests.engine.test_stored_states import STATES
from tests.helpers.records import new_record


async def test_old_snapshots_restore_byte_for_byte_and_play_on(db: Database) -> None:
    names = sorted(STATES)[::3]  # every phase is among them (the names sort by preset, seed, version)
    assert {STATES[n]["hand"]["phase"] for n in names} >= {"dealing", "declaring", "burying", "kitty_overcall",
                                                            "playing", "hand_over"}
    ids: dict[int, str] = {}
    for name in names:
        state = STATES[name]
        record = new_record(1, 2, 3, Rules.from_json(state["rules"]), seed=state["seed"], status="playing")
        tid = (await db.create_table(record)).table_id
        await db.save_snapshot(tid, state["version"], state, state["hand"]["number"], kind="periodic")
        ids[tid] = name
    restored = await restore_tables(db, list(ids))
    assert set(restored) == set(ids)
    for tid, name in ids.items():
        table = restored[tid]
        assert json.dumps(table.to_json()) == json.dumps(STATES[name])
        rng = random.Random(tid)
        for _ in range(5):  # the restored table plays on (its stored log holds only the snapshot: not committed)
            if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                break
            table.apply(random_action(table, rng))
