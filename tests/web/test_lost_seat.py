"""A page whose user lost the seat it was opened for is told so and closed, and is never sent that seat's hand
again: after leaving the lobby (another player then sits there and the match starts), after a tournament's
substitute (换人) took the seat, and after a newer link revoked its session. Real WebSockets against the real
server; every frame the old page receives is read."""

from __future__ import annotations

import json
from typing import Any

import aiohttp

from data.records import Mode
from engine.actions import Pass
from engine.views import Phase
from i18n import t
from runtime.access import Caller
from runtime.tournament.tables import TournamentTables
from tests.helpers.web import GUILD, OPTIONS, WebWorld, wait_for, web_world

__all__ = ["web_world"]
HUMANS = [(101, "alice"), (102, "bob"), (103, "carol"), (104, "dave")]


async def _session(world: WebWorld, http: aiohttp.ClientSession, user: int, table_id: int) -> None:
    assert world.links is not None
    url = await world.links.issue(Caller(user, GUILD), table_id)
    async with http.get(url, allow_redirects=False) as response:
        assert response.status == 303


async def _first_state(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    while True:
        frame = json.loads((await ws.receive(timeout=10)).data)
        if frame["type"] == "state":
            return frame


async def _rest(ws: aiohttp.ClientWebSocketResponse) -> list[dict[str, Any]]:
    """Every frame the page is sent until its socket closes (it must close)."""
    frames: list[Any] = []
    while True:
        msg = await ws.receive(timeout=10)
        if msg.type is not aiohttp.WSMsgType.TEXT:
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING), msg
            return frames
        frames.append(json.loads(msg.data))


def _told(frames: list[dict[str, Any]], key: str) -> None:
    """The page was told ``key`` (for good) and was sent no hand meanwhile."""
    assert [f for f in frames if "private" in f] == [], frames
    assert frames and frames[-1]["type"] == "refused" and frames[-1]["key"] == key and frames[-1]["fatal"], frames
    assert frames[-1]["text"] == t(key, "en")


async def test_leaving_the_lobby_closes_the_page_before_the_next_player_is_dealt(web_world: WebWorld) -> None:
    world = web_world
    game = world.game
    assert game is not None
    rec = await game.open_table(guild_id=GUILD, channel_id=1, host_id=101, host_name="alice", mode=Mode.ASYNC,
                                options=OPTIONS)
    table_id = rec.table_id
    await game.sit(table_id, 102, "bob", 1)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await _session(world, http, 102, table_id)
        async with http.ws_connect(f"{world.base}/ws/{table_id}?lang=en") as ws:
            assert (await _first_state(ws))["you"] == 1
            await game.leave(table_id, 102)
            await game.sit(table_id, 105, "erin", 1)  # someone else takes seat 1
            await game.sit(table_id, 103, "carol", 2)
            await game.sit(table_id, 104, "dave", 3)
            await game.start(table_id, 101)
            await wait_for(lambda: world.session(table_id).table.phase is not Phase.DEALING)
            frames = await _rest(ws)
    _told(frames, "web.seat_lost")


async def test_a_substitute_taking_the_seat_closes_the_old_page(web_world: WebWorld) -> None:
    world = web_world
    assert world.game is not None
    table_id = await world.table(HUMANS)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await _session(world, http, 102, table_id)
        async with http.ws_connect(f"{world.base}/ws/{table_id}?lang=en") as ws:
            assert "private" in await _first_state(ws)
            tables = TournamentTables(world.game, OPTIONS, Mode.ASYNC, "basic", autopilot=False)
            await tables.swap_seat(table_id, 102, 106, "frank")  # /tractor tournament replace's seat change
            await world.game.act(table_id, 101, Pass())  # the table moves on with frank in seat 1
            frames = await _rest(ws)
    _told(frames, "web.seat_lost")


async def test_a_newer_link_closes_the_old_page_at_the_next_update(web_world: WebWorld) -> None:
    world = web_world
    assert world.game is not None and world.links is not None
    table_id = await world.table(HUMANS)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await _session(world, http, 102, table_id)
        async with http.ws_connect(f"{world.base}/ws/{table_id}?lang=en") as ws:
            assert "private" in await _first_state(ws)
            await world.links.issue(Caller(102, GUILD), table_id)  # bob asked for a new link elsewhere
            await world.game.act(table_id, 101, Pass())  # an update: the old page may not get it
            frames = await _rest(ws)
    _told(frames, "web.link_revoked")
