"""``POST /activity/token`` cannot be used to make the bot's host hammer Discord: a request that is not JSON is
refused 415, one client address gets a burst of sign-ins and then 429 (``Retry-After``) before anything is asked
of Discord, and however many addresses ask at once, at most ``MAX_IN_FLIGHT`` exchanges are in flight (the rest
503). Real HTTP against the real server; Discord is the local stand-in (``tests/helpers/discord_oauth_stub.py``)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest_asyncio

from i18n import t
from tests.helpers.discord_oauth_stub import CLIENT_ID, CLIENT_SECRET, DiscordStub, StubUser
from tests.helpers.web import GUILD, WebWorld
from web.activity import MAX_IN_FLIGHT, PER_IP, ActivityConfig


@pytest_asyncio.fixture
async def stub() -> AsyncIterator[DiscordStub]:
    discord = DiscordStub()
    await discord.start()
    yield discord
    await discord.stop()


@pytest_asyncio.fixture
async def world(tmp_path: Path, stub: DiscordStub) -> AsyncIterator[WebWorld]:
    world = WebWorld(tmp_path / "web.sqlite3", activity=ActivityConfig(CLIENT_ID, CLIENT_SECRET,
                                                                       f"http://127.0.0.1:{stub.port}"))
    await world.start()
    await world.table([(101, "ann")], n_ai=3)
    yield world
    await world.stop()


def _body(code: str) -> str:
    return json.dumps({"code": code, "guild_id": str(GUILD), "channel_id": "1"})


async def _post(http: aiohttp.ClientSession, world: WebWorld, code: str, **headers: str) -> tuple[int, dict, str]:
    async with http.post(f"{world.base}/activity/token", data=_body(code),
                         headers={"Content-Type": "application/json", **headers}) as response:
        return response.status, await response.json(), response.headers.get("Retry-After", "")


async def test_a_request_that_is_not_json_is_refused_before_discord(world: WebWorld, stub: DiscordStub) -> None:
    async with aiohttp.ClientSession() as http:
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
            async with http.post(f"{world.base}/activity/token", data=_body(stub.issue(StubUser(101, [GUILD]))),
                                 headers={"Content-Type": kind, "Accept-Language": "zh-CN"}) as response:
                answer = await response.json()
                assert response.status == 415 and answer["text"] == t("activity.bad_request", "zh-CN"), kind
    assert stub.exchanges == []


async def test_two_hundred_bogus_codes_from_one_address(world: WebWorld, stub: DiscordStub) -> None:
    async with aiohttp.ClientSession() as http:
        answers = await asyncio.gather(*(_post(http, world, f"bogus{i}") for i in range(200)))
        statuses = Counter(status for status, _, _ in answers)
        assert len(stub.exchanges) <= PER_IP[0], len(stub.exchanges)  # Discord asked at most the burst
        assert statuses[429] >= 200 - PER_IP[0] and set(statuses) <= {403, 429, 503}, statuses
        limited = next(a for s, a, _ in answers if s == 429)
        assert limited["key"] == "error.rate_limited" and all(int(r) >= 1 for s, _, r in answers if s == 429)
        # another address still signs in (the bucket is per address: X-Forwarded-For from the local proxy)
        status, answer, _ = await _post(http, world, stub.issue(StubUser(101, [GUILD])), **{
            "X-Forwarded-For": "203.0.113.9"})
        assert status == 200 and answer["seat"] == 0


async def test_sign_ins_in_flight_are_capped(world: WebWorld, stub: DiscordStub) -> None:
    stub.delay = 1.0  # a slow Discord
    async with aiohttp.ClientSession() as http:
        answers = await asyncio.gather(*(_post(http, world, f"bogus{i}", **{"X-Forwarded-For": f"198.51.100.{i}"})
                                         for i in range(40)))
    statuses = Counter(status for status, _, _ in answers)
    assert stub.most_in_flight <= MAX_IN_FLIGHT and len(stub.exchanges) <= MAX_IN_FLIGHT, stub.most_in_flight
    assert statuses[503] >= 40 - MAX_IN_FLIGHT, statuses
    busy = next(a for s, a, _ in answers if s == 503)
    assert busy["key"] == "activity.busy" and busy["text"] == t("activity.busy", "en")
