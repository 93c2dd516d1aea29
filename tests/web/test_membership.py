"""A member removed from the server loses the web table (SimCord's Discord, the bot's real web server, real HTTP and
WebSocket clients): a link issued before the removal is refused when redeemed, an open page is told and closed at
the next update and its frames are refused, and reconnecting is refused — once the short membership cache
(``runtime.links.membership.TTL``) has run out. A session left idle past ``SESSION_IDLE`` is refused too."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import aiohttp
import pytest

from cli.bot import create_bot
from cli.config import Config
from data.records import TableOptions
from engine.actions import Pass
from i18n import t
from runtime.links.membership import TTL
from runtime.links.weblinks import SESSION_IDLE
from tests.conftest import button_id, open_panel, world
from tests.helpers.botflow import bounded, last_reply, start_table


@pytest.fixture
def simcord_bot(tmp_path: Any, clock: Any) -> Any:
    config = Config(db_path=tmp_path / "bot.sqlite3", render_processes=0, web_secret="test-secret")
    options = TableOptions(ai_delay=0.0, deal_delay=0.0, next_hand_delay=600.0, ai_declare_wait=0.0,
                           forced_autoplay=False, turn_timeout=3 * SESSION_IDLE)
    return create_bot(config, clock=clock, rng_seed=7, limits={}, table_options=options)


async def _link(env: Any, actor: Any, channel: Any, table_id: int) -> str:
    panel = await open_panel(env, actor, channel, table_id)
    reply = last_reply(await actor.click(panel, custom_id=button_id(panel, "web")))
    match = re.search(r"http://\S+/t/\S+", reply.content)
    assert match is not None, reply.content
    return match.group(0)


async def _frames_until_closed(ws: aiohttp.ClientWebSocketResponse) -> list[dict[str, Any]]:
    frames: list[Any] = []
    while True:
        msg = await ws.receive(timeout=10)
        if msg.type is not aiohttp.WSMsgType.TEXT:
            return frames
        frames.append(json.loads(msg.data))


@bounded(90)
async def test_a_member_removed_from_the_server_loses_the_web_table(simcord_env: Any, clock: Any) -> None:
    env = simcord_env
    await env.bot.restored.wait()
    env.bot.config = replace(env.bot.config, web_port=0)
    await env.bot.serve_web()
    base = env.bot.web_links.base_url
    guild, channel, actors = world(env, 4)
    alice, bob, carol, _dave = actors
    rec = await start_table(env, channel, actors, mode="async", autoplay=False)
    table_id = rec.table_id
    unused = await _link(env, bob, channel, table_id)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(await _link(env, carol, channel, table_id), allow_redirects=False) as response:
            assert response.status == 303
        async with http.ws_connect(f"{base}/ws/{table_id}?lang=en") as ws:
            state = json.loads((await ws.receive(timeout=10)).data)
            assert state["type"] == "state" and "private" in state
            guild.remove_member(carol)
            guild.remove_member(bob)
            clock.now += TTL + 1  # the membership cache's answer runs out
            await env.bot.game.act(table_id, alice.id, Pass())  # an update: carol's page may not get it
            frames = await _frames_until_closed(ws)
        assert [f for f in frames if "private" in f] == []
        assert frames and frames[-1]["key"] == "web.not_member" and frames[-1]["fatal"], frames
        assert frames[-1]["text"] == t("web.not_member", "en")
        async with http.ws_connect(f"{base}/ws/{table_id}?lang=zh-CN") as ws:  # reconnecting: refused
            frame = json.loads((await ws.receive(timeout=10)).data)
            assert frame["key"] == "web.not_member" and frame["text"] == t("web.not_member", "zh-CN")
        async with http.get(unused, allow_redirects=False) as response:  # bob's link, issued before he left
            assert response.status == 403 and t("web.not_member", "en") in await response.text()
    await env.bot.web_server.stop()


@bounded(90)
async def test_an_idle_session_is_refused(simcord_env: Any, clock: Any) -> None:
    env = simcord_env
    await env.bot.restored.wait()
    env.bot.config = replace(env.bot.config, web_port=0)
    await env.bot.serve_web()
    base = env.bot.web_links.base_url
    _guild, channel, actors = world(env, 4)
    rec = await start_table(env, channel, actors, mode="async", autoplay=False)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(await _link(env, actors[1], channel, rec.table_id), allow_redirects=False) as response:
            assert response.status == 303
        for hours in (11, 11):  # used every 11 hours: still good
            clock.now += hours * 3600
            async with http.ws_connect(f"{base}/ws/{rec.table_id}") as ws:
                assert json.loads((await ws.receive(timeout=10)).data)["type"] == "state"
        clock.now += SESSION_IDLE + 1  # then left idle
        async with http.ws_connect(f"{base}/ws/{rec.table_id}") as ws:
            frame = json.loads((await ws.receive(timeout=10)).data)
            assert frame["key"] == "web.link_expired" and frame["fatal"]
    await env.bot.web_server.stop()
