"""The web server's hardening, over real HTTP and WebSockets: every answer carries its security headers (a
content security policy that frames the table's pages nowhere and the Activity's page only inside Discord,
``nosniff``, ``no-referrer``); one user cannot open more than ``MAX_PAGES`` sockets; JSON nested deeper than the
parser goes is answered ``bad_frame`` (or ``activity.bad_request``) with no traceback in the log."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import aiohttp
import pytest

from runtime.access import Caller
from tests.helpers.discord_oauth_stub import CLIENT_ID, CLIENT_SECRET
from tests.helpers.web import GUILD, WebWorld, browser, web_world
from web.activity import ActivityConfig
from web.server import ACTIVITY_BUNDLE, MAX_PAGES

__all__ = ["browser", "web_world"]
HUMANS = [(101, "alice"), (102, "bob"), (103, "carol"), (104, "dave")]
NESTED = "[" * 2000 + "]" * 2000  # 4,000 bytes (under the frame limit), 2,000 deep


def _directives(csp: str) -> dict[str, str]:
    return {d.strip().split(" ", 1)[0]: d.strip().partition(" ")[2] for d in csp.split(";") if d.strip()}


async def _session(world: WebWorld, http: aiohttp.ClientSession, user: int, table_id: int) -> None:
    assert world.links is not None
    async with http.get(await world.links.issue(Caller(user, GUILD), table_id), allow_redirects=False) as response:
        assert response.status == 303


async def test_every_answer_carries_the_security_headers(web_world: WebWorld) -> None:
    world = web_world
    table_id = await world.table(HUMANS[:1], n_ai=3)
    async with aiohttp.ClientSession() as http:
        for path in (f"/table/{table_id}", "/", "/t/forged.token", "/static/app.js", "/i18n/en.json", "/activity"):
            async with http.get(f"{world.base}{path}") as response:
                headers = response.headers
                assert headers.get("X-Content-Type-Options") == "nosniff", path
                assert headers.get("Referrer-Policy") == "no-referrer", path
                csp = _directives(headers.get("Content-Security-Policy", ""))
                assert csp.get("frame-ancestors") == "'none'", (path, csp)  # no clickjacking of the table
                assert csp.get("script-src") == "'self'" and csp.get("object-src") == "'none'", (path, csp)
                assert csp.get("default-src") == "'self'" and csp.get("base-uri") == "'none'", (path, csp)


async def test_the_activity_page_is_framed_by_discord_only(tmp_path: Any) -> None:
    if not ACTIVITY_BUNDLE.exists():
        pytest.skip("the Activity bundle is not built (tools/build_activity.sh, needs npm)")
    world = WebWorld(tmp_path / "web.sqlite3", activity=ActivityConfig(CLIENT_ID, CLIENT_SECRET, "http://127.0.0.1:9"))
    await world.start()
    try:
        async with aiohttp.ClientSession() as http:
            nonces = set()
            for _ in range(2):
                async with http.get(f"{world.base}/?frame_id=f&instance_id=i&platform=desktop") as response:
                    csp = _directives(response.headers["Content-Security-Policy"])
                    page = await response.text()
                ancestors = csp["frame-ancestors"].split()
                assert "https://discord.com" in ancestors and "https://*.discordsays.com" in ancestors
                assert "'none'" not in ancestors and "*" not in ancestors and "https:" not in ancestors
                nonce = csp["script-src"].split("'nonce-")[1].rstrip("'")
                assert f'<script nonce="{nonce}">' in page  # the one inline line, and only with this answer's nonce
                nonces.add(nonce)
            assert len(nonces) == 2
    finally:
        await world.stop()


async def test_one_user_opens_at_most_max_pages_sockets(web_world: WebWorld) -> None:
    world = web_world
    table_id = await world.table(HUMANS)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await _session(world, http, 101, table_id)
        pages = []
        for _ in range(MAX_PAGES):
            ws = await http.ws_connect(f"{world.base}/ws/{table_id}")
            assert json.loads((await ws.receive(timeout=10)).data)["type"] == "state"
            pages.append(ws)
        for _ in range(3):  # the same cookie again: refused, closed
            async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
                frame = json.loads((await ws.receive(timeout=10)).data)
                assert frame["key"] == "web.too_many_pages" and frame["fatal"]
                assert (await ws.receive(timeout=10)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        assert world.server is not None and world.server.hub.pages_of(101) == MAX_PAGES
        await pages.pop().close()  # one page closed: one may open again
        for _ in range(100):
            if world.server.hub.pages_of(101) < MAX_PAGES:
                break
            await asyncio.sleep(0.02)
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            assert json.loads((await ws.receive(timeout=10)).data)["type"] == "state"
        await _session(world, http, 102, table_id)  # another user is not counted with alice
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            assert json.loads((await ws.receive(timeout=10)).data)["type"] == "state"
        for ws in pages:
            await ws.close()


async def test_deeply_nested_json_is_a_bad_frame_without_a_traceback(web_world: WebWorld,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    world = web_world
    table_id = await world.table(HUMANS)
    before = json.dumps(world.session(table_id).table.to_json(), sort_keys=True)
    caplog.set_level(logging.INFO)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await _session(world, http, 101, table_id)
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            await ws.receive(timeout=10)
            for text in (NESTED, '{"op":"act","kind":"play","cards":' + "[" * 1900 + "]" * 1900 + "}"):
                await ws.send_str(text)
                frame = json.loads((await ws.receive(timeout=10)).data)
                assert frame["type"] == "refused" and frame["key"] == "web.bad_frame", frame
        async with http.ws_connect(f"{world.base}/ws/{table_id}?auth=frame") as ws:  # as an Activity's first frame
            await ws.send_str('{"op":"auth","session":' + "[" * 1900 + "]" * 1900 + "}")
    assert json.dumps(world.session(table_id).table.to_json(), sort_keys=True) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], \
        [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_deeply_nested_json_to_the_activity_sign_in(tmp_path: Any, caplog: pytest.LogCaptureFixture) -> None:
    world = WebWorld(tmp_path / "web.sqlite3", activity=ActivityConfig(CLIENT_ID, CLIENT_SECRET, "http://127.0.0.1:9"))
    await world.start()
    caplog.set_level(logging.INFO)
    try:
        async with aiohttp.ClientSession() as http, http.post(f"{world.base}/activity/token", data=NESTED,
                             headers={"Content-Type": "application/json"}) as response:
            assert response.status == 403 and (await response.json())["key"] == "activity.bad_request"
    finally:
        await world.stop()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_the_table_page_works_under_its_policy(web_world: WebWorld, browser: Any) -> None:
    """Chromium enforcing the policy: the page loads its scripts, opens its socket and draws the hand; no
    violation is reported."""
    world = web_world
    table_id = await world.table(HUMANS[:1], n_ai=3)
    assert world.links is not None
    context = await browser.new_context(viewport={"width": 390, "height": 844})  # the policy enforced
    page = await context.new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    await page.goto(await world.links.issue(Caller(101, GUILD), table_id))
    hand = world.session(table_id).table.seat_view(0).hand
    await page.locator("#hand .card").nth(len(hand) - 1).wait_for(timeout=15_000)
    assert await page.locator("#hand .card").count() == len(hand)
    assert violations == []
    await context.close()
