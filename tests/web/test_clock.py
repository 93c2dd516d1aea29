"""The turn clock a page shows is the turn's own: the web hub is told of a move before the pipeline re-arms the
table's timers, so reading the stored timers then gave the previous turn's deadline (or none after AI moves). Now it
is the deadline the timers are armed with: a new turn's clock starts at the move (``turn_timeout``), a running one
keeps its due time."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from typing import Any

import aiohttp

from engine.actions import Bury, Pass, Play
from engine.views import Phase
from runtime.access import Caller
from tests.helpers.web import GUILD, OPTIONS, WebWorld, wait_for, web_world

__all__ = ["web_world"]
TIMEOUT = 900.0


async def _latest(ws: aiohttp.ClientWebSocketResponse, version: int) -> dict[str, Any]:
    """The page's state frame of ``version``."""
    while True:
        frame = json.loads((await ws.receive(timeout=15)).data)
        if frame["type"] == "state" and frame["public"]["version"] == version:
            return frame


async def _my_turn_to_play(world: WebWorld, table_id: int) -> None:
    """Move seat 0 (the human) through declaring and burying until it is to play (the AI seats move by themselves)."""
    assert world.game is not None
    session = world.session(table_id)
    for _ in range(2000):
        table = session.table
        if table.phase is Phase.PLAYING and table.to_act() == (0,):
            return
        if 0 in table.to_act() and table.phase is not Phase.PLAYING:
            action = Bury(cards=tuple(table.seat_view(0).hand[:8])) if table.phase is Phase.BURYING else Pass()
            await world.game.act(table_id, 101, action)
        await asyncio.sleep(0.02)
    raise AssertionError("seat 0 never came to play")


async def test_the_page_shows_the_new_turns_clock(web_world: WebWorld) -> None:
    world = web_world
    options = replace(OPTIONS, turn_timeout=TIMEOUT, declare_window=0.2)
    table_id = await world.table([(101, "ann")], n_ai=3, options=options)
    assert world.game is not None and world.links is not None
    session = world.session(table_id)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        url = await world.links.issue(Caller(101, GUILD), table_id)
        async with http.get(url, allow_redirects=False) as response:
            assert response.status == 303
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            for _ in range(2):  # two of ann's turns, the clock moved on 300 s before her move
                await _my_turn_to_play(world, table_id)
                frame = await _latest(ws, session.table.version)
                expected = world.clock() + TIMEOUT
                assert frame["public"]["deadline"] is not None
                assert abs(frame["public"]["deadline"] - expected) < 30, (frame["public"]["deadline"], expected)
                world.clock.offset += 300.0
                play = next(a for a in session.table.legal_actions(0) if isinstance(a, Play))
                await world.game.act(table_id, 101, play)
                await wait_for(lambda: session.table.to_act() != (0,) or session.table.phase is not Phase.PLAYING)
