"""The table as a Discord Activity, server side: the Activity's OAuth2 code is exchanged by our real code against a
local stand-in for Discord's endpoints (``tests/helpers/discord_oauth_stub.py``, ``ActivityConfig.api``); the session it
opens is the user's seat (or watching) under ``runtime.access``; every bad, used, expired or forged code, a
non-member, a channel without a table, a malformed request, a wrong client secret and an unreachable Discord are
refused with the catalogue's text in the page's language and change nothing."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest_asyncio

from i18n import t
from runtime.links.weblinks import META
from tests.helpers.discord_oauth_stub import CLIENT_ID, CLIENT_SECRET, DiscordStub, StubUser
from tests.helpers.web import GUILD, WebWorld
from web.activity import ActivityConfig

ANN, BOB, WATCHER = StubUser(101, [GUILD]), StubUser(102, [GUILD, 9], "zh-CN"), StubUser(777, [GUILD])
PROXY = f"https://{CLIENT_ID}.discordsays.com"


@pytest_asyncio.fixture
async def stub() -> AsyncIterator[DiscordStub]:
    discord = DiscordStub()
    await discord.start()
    yield discord
    await discord.stop()


async def _world(tmp_path: Path, stub: DiscordStub, secret: str = CLIENT_SECRET) -> WebWorld:
    world = WebWorld(tmp_path / "web.sqlite3",  # these tests sign in often from one address: a larger bucket
                     activity=ActivityConfig(CLIENT_ID, secret, f"http://127.0.0.1:{stub.port}", per_ip=(100, 1.0)))
    await world.start()
    return world


async def _sign_in(world: WebWorld, http: aiohttp.ClientSession, body: Any, locale: str = "en",
                   raw: bool = False) -> tuple[int, dict[str, Any]]:
    data = body if raw else json.dumps(body)
    async with http.post(f"{world.base}/activity/token", data=data,
                         headers={"Content-Type": "application/json", "Accept-Language": locale}) as response:
        return response.status, await response.json()


def _ask(code: str, channel: int = 1, guild: int = GUILD) -> dict[str, Any]:
    return {"code": code, "guild_id": str(guild), "channel_id": str(channel)}


async def _frame(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    return json.loads((await ws.receive(timeout=10)).data)


async def test_a_seat_and_a_watcher_sign_in_with_their_codes(tmp_path: Path, stub: DiscordStub) -> None:
    world = await _world(tmp_path, stub)
    try:
        table_id = await world.table([(101, "ann"), (102, "bob")], n_ai=2)
        async with aiohttp.ClientSession() as http:
            status, answer = await _sign_in(world, http, _ask(stub.issue(BOB)))
            assert status == 200 and answer["table_id"] == table_id and answer["seat"] == 1
            assert answer["locale"] == "zh-CN"  # Discord's user locale
            async with http.ws_connect(f"{world.base}/ws/{table_id}?auth=frame", origin=PROXY) as ws:
                await ws.send_str(json.dumps({"op": "auth", "session": answer["session"]}))
                state = await _frame(ws)
                assert state["type"] == "state" and state["you"] == 1
                hand = [str(c) for c in world.session(table_id).table.seat_view(1).hand]
                assert sorted(state["private"]["hand"]) == sorted(hand)
            status, answer = await _sign_in(world, http, _ask(stub.issue(WATCHER)))
            assert status == 200 and answer["seat"] == -1
            async with http.ws_connect(f"{world.base}/ws/{table_id}?auth=frame", origin=PROXY) as ws:
                await ws.send_str(json.dumps({"op": "auth", "session": answer["session"]}))
                state = await _frame(ws)
                assert state["you"] == -1 and "private" not in state  # public information only
    finally:
        await world.stop()


async def test_bad_codes_and_requests_are_refused_and_change_nothing(tmp_path: Path, stub: DiscordStub) -> None:
    world = await _world(tmp_path, stub)
    try:
        table_id = await world.table([(101, "ann")], n_ai=3)
        used = stub.issue(ANN)
        async with aiohttp.ClientSession() as http:
            assert (await _sign_in(world, http, _ask(used)))[0] == 200
            meta = json.dumps(world.session(table_id).record.meta[META], sort_keys=True)

            def cases() -> list[tuple[Any, str]]:  # fresh codes for each language
                return [
                    (_ask(used), "activity.code_refused"),  # a code is good once
                    (_ask(stub.issue(ANN, ttl=-1.0)), "activity.code_refused"),  # expired
                    (_ask("forgedcode123"), "activity.code_refused"),  # never issued
                    (_ask(stub.issue(StubUser(101, [GUILD + 1]))), "activity.not_member"),
                    (_ask(stub.issue(ANN), channel=999), "activity.no_table"),
                    ({"code": "x y", "guild_id": str(GUILD), "channel_id": "1"}, "activity.bad_request"),
                    ({"code": "abc", "guild_id": GUILD, "channel_id": "1"}, "activity.bad_request"),
                    ({"code": "abc", "guild_id": str(GUILD)}, "activity.bad_request"),
                    ([1, 2], "activity.bad_request"),
                ]
            for locale in ("en", "zh-CN"):
                for body, key in cases():
                    status, answer = await _sign_in(world, http, body, locale)
                    assert (status, answer["key"], answer["text"]) == (403, key, t(key, locale)), (body, answer)
                status, answer = await _sign_in(world, http, "not json", locale, raw=True)
                assert (status, answer["text"]) == (403, t("activity.bad_request", locale))
            assert json.dumps(world.session(table_id).record.meta[META], sort_keys=True) == meta
            async with http.ws_connect(f"{world.base}/ws/{table_id}?auth=frame", origin=PROXY) as ws:
                await ws.send_str(json.dumps({"op": "auth", "session": "forged.session"}))
                frame = await _frame(ws)
                assert frame["key"] == "web.link_invalid" and frame["fatal"]
    finally:
        await world.stop()


async def test_a_wrong_client_secret_and_an_unreachable_discord(tmp_path: Path, stub: DiscordStub) -> None:
    world = await _world(tmp_path, stub, secret="not-the-secret")
    try:
        await world.table([(101, "ann")], n_ai=3)
        async with aiohttp.ClientSession() as http:
            code = stub.issue(ANN)
            status, answer = await _sign_in(world, http, _ask(code), "zh-CN")
            assert (status, answer["text"]) == (403, t("activity.code_refused", "zh-CN"))
            assert stub.exchanges == [code]  # the real exchange was made, and Discord said no
            await stub.stop()
            status, answer = await _sign_in(world, http, _ask(code))
            assert (status, answer["key"]) == (403, "activity.discord_down")
    finally:
        await world.stop()


async def test_sockets_from_other_origins_and_without_the_activity(tmp_path: Path, stub: DiscordStub) -> None:
    world = await _world(tmp_path, stub)
    try:
        table_id = await world.table([(101, "ann")], n_ai=3)
        async with aiohttp.ClientSession() as http:
            _, answer = await _sign_in(world, http, _ask(stub.issue(ANN)))
            for origin in ("https://evil.example", f"http://{CLIENT_ID}.discordsays.com", "https://1.discordsays.com"):
                async with http.ws_connect(f"{world.base}/ws/{table_id}?auth=frame", origin=origin) as ws:
                    await ws.send_str(json.dumps({"op": "auth", "session": answer["session"]}))
                    assert (await _frame(ws))["key"] == "web.link_invalid", origin
    finally:
        await world.stop()
    plain = WebWorld(tmp_path / "plain.sqlite3")  # the Activity not set up: the route says so, localized
    await plain.start()
    try:
        async with aiohttp.ClientSession() as http:
            for path in ("/activity", "/?frame_id=f&instance_id=i&platform=desktop&lang=zh-CN"):
                async with http.get(f"{plain.base}{path}", headers={"Accept-Language": "zh-CN"}) as response:
                    assert response.status == 503
                    assert t("activity.unavailable", "zh-CN") in await response.text()
            status, answer = await _sign_in(plain, http, _ask("abc"))
            assert (status, answer["key"]) == (503, "activity.unavailable")
    finally:
        await plain.stop()
