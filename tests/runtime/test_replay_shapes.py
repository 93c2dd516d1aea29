"""``/replay`` of a hand of any table shape: the replay carries the table's rules, so its settlement picture is drawn
on the table's deck count (a 0–300 scale with three decks) and shows the 找朋友 small-team bonus."""

from __future__ import annotations

import random

from data.database import Database
from data.replay import commit_action
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from render import render_hand_summary
from runtime.access import Caller
from runtime.pictures.imaging import replay_image
from runtime.records.replays import hand_replay
from tests.helpers.records import new_record

G = 1


async def test_a_three_deck_replay_is_drawn_on_its_own_scale() -> None:
    rules = Rules.from_preset("standard", decks=3, players=6, mode="friends")
    db = await Database.open(":memory:")
    try:
        rec = await db.create_table(new_record(G, rules=rules, seed=5, seats=(101, None, None, None, None, None)))
        table, rng = Table.new(rules, 5), random.Random(5)
        while table.phase is not Phase.HAND_OVER:
            action = random_action(table, rng)
            table.apply(action)
            await commit_action(db, rec.table_id, table, action)
        replay = await hand_replay(db, Caller(101, G), rec.table_id, 1)
    finally:
        await db.close()
    assert replay.result == table.results[0] and replay.rules == rules
    names = [f"P{i}" for i in range(6)]
    image = await replay_image(replay.result, names, "en", rec.table_id, replay.rules)
    assert image.png == render_hand_summary(replay.result, names, locale="en", rules=rules)
    assert image.png != render_hand_summary(replay.result, names, locale="en")  # the two-deck scale
