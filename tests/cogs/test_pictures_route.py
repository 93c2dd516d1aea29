"""One route for pictures (#24): ``/ladder``, ``/stats``, ``/replay``'s settlement and a tournament's bracket and
standings are drawn by the drawing process (``runtime.pictures.imaging`` → ``runtime.pictures.renderqueue``), as the
table's pictures are — never on a thread of their own. The proof is a real fault: the drawing process is stopped
(SIGSTOP) before each picture; the queue must notice it, kill it and draw the picture in a new one. A picture
drawn anywhere else would leave the stopped process untouched."""

from __future__ import annotations

import asyncio
import functools
import os
import signal
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from data.records import Seat
from render.samples import hand_result
from runtime.pictures import imaging
from runtime.pictures.renderqueue import QUEUE
from runtime.tournament.views import pictures
from tests.faults.test_worker_processes import alive
from tests.helpers.botflow import bounded, last_reply, use_locales
from tests.helpers.tournaments import make

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to see the drawing process")


@pytest.fixture
def drawing_process() -> Iterator[None]:
    """The shared drawing queue with one drawing process (the bot's tests draw on a thread)."""
    QUEUE.use_processes(1)
    saved = QUEUE.timeout_s, QUEUE.start_timeout_s
    QUEUE.timeout_s, QUEUE.start_timeout_s = 2.0, 60.0
    try:
        yield
    finally:
        QUEUE.timeout_s, QUEUE.start_timeout_s = saved
        QUEUE.use_processes(0)


async def _drawn_by_a_new_process(draw: Callable[[], Awaitable[Any]]) -> Any:
    """Stop the drawing process, then draw: the stopped process is killed and the picture still comes."""
    stopped = await QUEUE.run(os.getpid)
    assert stopped != os.getpid()
    os.kill(stopped, signal.SIGSTOP)
    try:
        result = await asyncio.wait_for(draw(), 180)
        assert not alive(stopped), "the picture was not drawn by the drawing process"
        return result
    finally:
        if alive(stopped):
            os.kill(stopped, signal.SIGKILL)


@bounded(400)
async def test_ladder_and_stats_pictures_come_from_the_drawing_process(simcord_env: Any, monkeypatch: Any,
                                                                       drawing_process: None) -> None:
    env = simcord_env
    env.settle_timeout = 180.0  # a command waits for a real process (a new one starts and loads its fonts)
    guild = env.create_guild("Club")
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    use_locales(monkeypatch, {})
    seats = [Seat(name="alice", user_id=alice.id)] + [Seat(name=f"AI {n}", ai_level="basic") for n in (2, 3, 4)]
    await env.bot.game.db.record_match(guild.id, None, seats, 0)

    for command, name in (("ladder", "ladder.png"), ("stats", "stats.png")):
        result = await _drawn_by_a_new_process(functools.partial(alice.slash, channel, command))
        reply = last_reply(result)
        assert [a.filename for a in reply.attachments] == [name], (command, reply.content)


@bounded(400)
async def test_replay_and_tournament_pictures_come_from_the_drawing_process(drawing_process: None) -> None:
    result = hand_result(3)
    image = await _drawn_by_a_new_process(lambda: imaging.replay_image(result, ["a", "b", "c", "d"], "en", 12))
    assert image.name == "replay_t12_h3.png" and image.png.startswith(b"\x89PNG")

    t = make(4)
    t.start()
    images = await _drawn_by_a_new_process(lambda: pictures(t, "zh-CN"))
    assert [i.name for i in images] == ["tournament1_bracket.png", "tournament1_standings.png"]
    assert all(i.png.startswith(b"\x89PNG") for i in images)
