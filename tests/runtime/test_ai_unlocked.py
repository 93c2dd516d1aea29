"""An AI seat thinks without its table's lock: a click is served while the AI thinks, and the AI's choice is applied
only if the table is still where it looked (else dropped: the change re-planned the AI's turn). Pictures: a
click's are drawn before a timer's, and a table a click waits for is drawn first."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Mapping

import pytest

from data.priority import for_table, hurrying, in_background
from engine.actions import Action, Pass
from engine.ai import choose_action
from engine.views import Phase, SeatView
from runtime.aipool import AiPool
from runtime.pictures.renderqueue import PictureUnavailable, RenderQueue
from tests.helpers.runtime_support import HUMAN, human_table, make_service


class GatedAi(AiPool):
    """The AI process pool's interface; every decision waits until the test opens the gate (a long think)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.gate = asyncio.Event()
        self.asked: list[int] = []  # the seats, in the order they started thinking

    async def decide(self, view: SeatView, level: str, rng: random.Random, budget_s: float,
                     read: Mapping[int, str] | None = None) -> Action | None:
        self.asked.append(view.seat)
        await self.gate.wait()
        return choose_action(view, level, rng, budget_s, read=read)


async def _thinking(ai: GatedAi, count: int = 1) -> None:
    while len(ai.asked) < count:
        await asyncio.sleep(0.01)


async def test_a_click_is_served_while_an_ai_thinks_and_the_stale_choice_is_dropped() -> None:
    service, db, _ = await make_service()
    service.ai_pool = ai = GatedAi()
    tid = await human_table(service, seed=2, declare_window=1000.0)
    table = service.session(tid).table
    assert table is not None
    timers = asyncio.create_task(service.run_until_idle())
    await _thinking(ai)  # dealt; seat 1 thinks about declaring (the table's lock is free)
    assert table.phase is Phase.DECLARING and 0 in table.to_act()
    version = table.version
    await asyncio.wait_for(service.act(tid, HUMAN, Pass()), 10)  # not kept waiting by the AI
    assert table.version == version + 1 and not ai.gate.is_set()
    ai.gate.set()
    await timers
    await service.run_until_idle()
    assert table.actions[version] == Pass(seat=0)
    ai_moves = [a for a in table.actions[version:] if getattr(a, "seat", None) in (1, 2, 3)]
    assert ai_moves and len(ai.asked) == len(ai_moves) + 1  # every AI choice applied but the stale first one
    await db.close()


async def test_a_seat_taken_back_while_its_ai_thinks_is_not_moved_by_it() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service, seed=11)
    table = service.session(tid).table
    assert table is not None
    while not (table.phase is Phase.PLAYING and 0 in table.to_act()):
        if not await service.run_until_idle(1):
            await service.act(tid, HUMAN, service.suggest(tid, HUMAN))
    service.ai_pool = ai = GatedAi()
    await service.go_away(tid, HUMAN)  # 托管: the AI is to play seat 0
    version = table.version
    timers = asyncio.create_task(service.run_until_idle(1))
    await _thinking(ai)
    await service.take_back(tid, HUMAN)
    ai.gate.set()
    await timers
    assert table.version == version and 0 in table.to_act()  # the human's to play, not the AI's choice
    await db.close()


async def test_pictures_of_clicks_and_of_tables_a_click_waits_for_are_drawn_first() -> None:
    queue = RenderQueue()
    started, release = threading.Event(), threading.Event()
    order: list[str] = []

    def draw(name: str) -> str:
        if name == "first":
            started.set()
            release.wait(10)
        order.append(name)
        return name

    async def background(name: str, table_id: int) -> str:
        with in_background(), for_table(table_id):
            return str(await queue.run(draw, name))

    first = asyncio.create_task(background("first", 1))
    while not started.is_set():
        await asyncio.sleep(0.01)
    jobs = [asyncio.create_task(background("ai-a", 1)), asyncio.create_task(background("ai-b", 2))]
    await asyncio.sleep(0.05)
    jobs.append(asyncio.create_task(queue.run(draw, "click")))  # an interaction's picture (the default)
    await asyncio.sleep(0.05)
    with hurrying(2):  # a click waits for table 2: its pictures go before table 1's
        release.set()
        assert await asyncio.gather(first, *jobs) == ["first", "ai-a", "ai-b", "click"]
    assert order == ["first", "ai-b", "click", "ai-a"]  # the urgent ones (in order), then the rest


async def test_pictures_drawn_in_a_drawing_process_are_the_same_and_a_dead_one_is_replaced() -> None:
    import os

    from render import render_hand, render_table, samples

    queue = RenderQueue()
    queue.use_processes(1)
    try:
        view, hand = samples.public_view(), samples.seat_view(25)
        assert await queue.run(os.getpid) != os.getpid()  # drawn in another process
        assert await queue.run(render_table, view, ["a", "b", "c", "d"], locale="en") \
            == render_table(view, ["a", "b", "c", "d"], locale="en")
        assert await queue.run(render_hand, hand, locale="zh-CN") == render_hand(hand, locale="zh-CN")
        with pytest.raises(PictureUnavailable):  # kills its process, and the new one it is tried in once more
            await queue.run(os._exit, 3)
        assert await queue.run(os.getpid) != os.getpid()  # new drawing processes
    finally:
        queue.use_processes(0)


async def test_the_ai_seats_of_a_table_think_one_at_a_time_in_timer_order() -> None:
    service, db, _ = await make_service()
    service.ai_pool = ai = GatedAi()
    service.autorun = True
    tid = await human_table(service, seed=2, declare_window=1000.0)
    service.scheduler.start()  # every due timer in its own task: seats 1-3 are due together
    await _thinking(ai)
    await asyncio.sleep(0.1)
    assert ai.asked == [1]  # seats 2 and 3 wait for seat 1's move (else the game would depend on who answers first)
    ai.gate.set()
    await _thinking(ai, 3)
    await asyncio.sleep(0.2)  # the third applies its choice
    await service.close()
    table = service.session(tid).table
    assert table is not None and len([a for a in table.actions if getattr(a, "seat", 0) in (1, 2, 3)]) >= 3
    await db.close()
