"""The live table picture is drawn in the background and only for a table's newest state
(``runtime.pictures.renderqueue``:
newest only per slot): changes that follow each other faster than the pictures are drawn cost one picture, the
one of the latest committed state, which every change waiting for an older picture gets."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from data import Database
from data.priority import for_table, in_background
from engine.views import Phase
from render import render_table
from runtime.pictures import imaging
from runtime.pictures.imaging import ImagePolicy
from runtime.pictures.renderqueue import QUEUE, RenderQueue
from runtime.presenter import TABLE, RecordingPresenter
from runtime.service.game import GameService
from tests.helpers.runtime_support import StepClock, human_table, until


class Blocker:
    """Holds a queue's drawing thread until released."""

    def __init__(self, queue: RenderQueue) -> None:
        self.started, self.release = threading.Event(), threading.Event()
        self.future = queue.submit(None, self._hold)

    def _hold(self) -> str:
        self.started.set()
        self.release.wait(30)
        return "blocker"

    async def holding(self) -> Blocker:
        while not self.started.is_set():
            await asyncio.sleep(0.01)
        return self


async def test_a_slot_draws_only_its_newest_picture_in_the_place_of_the_first() -> None:
    queue = RenderQueue()
    drawn: list[str] = []

    def draw(name: str) -> str:
        drawn.append(name)
        return name

    blocker = await Blocker(queue).holding()
    with in_background(), for_table(2):
        other = queue.submit(("table", 2), draw, "t2")
    olds = [queue.submit(("table", 1), draw, f"v{i}") for i in range(1, 6)]  # a click's first (urgent)
    with in_background(), for_table(1):
        newest = queue.submit(("table", 1), draw, "v6")  # a timer's move: still urgent, it replaces a click's
    blocker.release.set()
    assert await asyncio.gather(*olds, newest) == ["v6"] * 6  # every waiter gets the newest picture
    assert await other == "t2"
    assert await blocker.future == "blocker"
    assert drawn == ["v6", "t2"]  # once, before table 2's (v1's place, and its urgency)
    assert (queue.drawn, queue.superseded) == (3, 5)


async def test_a_picture_being_drawn_is_finished_and_the_newer_drawn_after_it() -> None:
    queue = RenderQueue()
    started, release = threading.Event(), threading.Event()

    def draw(name: str) -> str:
        if name == "v1":
            started.set()
            release.wait(30)
        return name

    first = queue.submit(("table", 1), draw, "v1")
    while not started.is_set():
        await asyncio.sleep(0.01)
    second = queue.submit(("table", 1), draw, "v2")
    release.set()
    assert (await first, await second) == ("v1", "v2")
    assert (queue.drawn, queue.superseded) == (2, 0)


async def test_rapid_changes_of_a_table_draw_one_picture_of_its_latest_state(monkeypatch: pytest.MonkeyPatch) -> None:
    db = await Database.open(":memory:")
    presenter = RecordingPresenter()
    service = GameService(db, presenter, clock=StepClock(), rng_seed=1, images=ImagePolicy.EVERY_ACTION,
                          autorun=False)
    try:
        tid = await human_table(service)
        table = service.session(tid).table
        assert table is not None
        await until(service, tid, lambda: table.phase is Phase.PLAYING)
        shown = presenter.updates[-1].table
        assert shown is not None
        await shown  # the pictures so far drawn
        drawn: list[str] = []

        def draw_table(name: str, *args: Any) -> Any:
            drawn.append(name)
            return original(name, *args)

        original = imaging.draw_table
        monkeypatch.setattr(imaging, "draw_table", draw_table)
        start = len(presenter.updates)
        blocker = await Blocker(QUEUE).holding()  # the drawing thread busy: the moves go on, none waits for it
        try:
            await asyncio.wait_for(until(service, tid, lambda: len(table.hand.tricks) >= 2), 60.0)
        finally:
            blocker.release.set()
        changes = [u for u in presenter.updates[start:] if u.table is not None]
        assert len(changes) >= 8  # two tricks of four plays, each a change with its picture
        pictures = await asyncio.gather(*(u.table for u in changes if u.table is not None))
        final = table.public_view()
        assert drawn == [f"table_v{table.version:05d}.png"]  # one picture for all those changes: the latest
        assert all(p is pictures[-1] for p in pictures)  # each change shows it
        assert pictures[-1].kind == TABLE
        assert pictures[-1].png == render_table(final, list(service.record(tid).names), locale="en", compact=True)
    finally:
        await db.close()
