"""Pictures the bot gets (``EVERY_ACTION``): the table after each change, the completed trick when the table
shows trick pictures, a hand only when asked for (the panel); plus the background scheduler playing on its own."""

from __future__ import annotations

import asyncio

from data import Database
from data.records import Status, TableOptions
from engine.rules import Rules
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import HAND, TABLE, TRICK, RecordingPresenter
from runtime.service.game import GameService
from tests.helpers.runtime_support import HUMAN, StepClock, human_table, until

PNG = b"\x89PNG\r\n\x1a\n"


async def test_every_action_pictures_and_hands_on_request() -> None:
    db = await Database.open(":memory:")
    presenter = RecordingPresenter()
    service = GameService(db, presenter, clock=StepClock(), rng_seed=1, images=ImagePolicy.EVERY_ACTION,
                          autorun=False)
    tid = await human_table(service, trick_pictures=True)
    quiet = await human_table(service)  # the quiet thread (default): a line per trick, no trick picture
    for table_id in (tid, quiet):
        table = service.session(table_id).table
        await until(service, table_id, lambda t=table: len(t.hand.tricks) >= 1)
    acted = [u for u in presenter.updates if u.reason == "action"]
    assert all(u.table is not None for u in acted)  # the live picture, drawn in the background
    last = acted[-1].table
    assert last is not None and (await last).kind == TABLE
    tricks = [u.record.table_id for u in presenter.updates for i in u.images if i.kind == TRICK]
    assert tid in tricks and quiet not in tricks
    assert any(i.kind == TRICK and i.name.endswith("_trick01.png") for i in presenter.images())
    assert not any(i.kind == HAND for i in presenter.images())  # a hand is drawn when the panel asks for it
    assert all(e.to is None for u in presenter.updates for e in u.events)  # public events are public
    assert all(e.to == s for u in presenter.updates for s, ev in u.private.items() for e in ev)
    assert (await service.hand_image(tid, HUMAN, selected=[0, 1])).startswith(PNG)
    await db.close()


async def test_background_scheduler_plays_an_ai_match() -> None:
    db = await Database.open(":memory:")
    presenter = RecordingPresenter()
    service = GameService(db, presenter, rng_seed=2, images=ImagePolicy.NONE, autorun=True)
    try:
        assert await service.restore_all() == []
        rec = await service.open_table(guild_id=1, channel_id=1, host_id=5, host_name="Host", host_seat=None,
                                       rules=Rules.from_preset("standard", end_level="3"),
                                       options=TableOptions.instant())
        for _ in range(4):
            await service.add_ai(rec.table_id, 5)
        over = asyncio.Event()  # the match is over and shown: the record says finished before its results are

        async def match_over(session: object) -> None:  # recorded and presented, so polling it raced them
            over.set()

        service.pipeline.match_listeners.append(match_over)  # called once the match's last update is presented
        await service.start(rec.table_id, 5)
        await asyncio.wait_for(over.wait(), 120.0)  # a few seconds normally; a busy machine may take much longer
        assert service.record(rec.table_id).status is Status.FINISHED
        assert presenter.keys(rec.table_id)[-2:] == ["announce.match_over", "announce.ladder_updated"]
    finally:
        await service.close()
        await db.close()
