"""Every way a page can be refused, and that nothing changes: expired, foreign, used and revoked links (in the
browser, both locales), a socket without a session or with another table's, malformed, oversized and binary
frames, stale versions, another seat's turn, a spectator's move, illegal cards, the shared rate limit and a flood."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from engine.actions import Pass
from i18n import t
from runtime.access import Caller
from runtime.links.weblinks import LINK_TTL, Grant, LinkBook
from tests.helpers.web import GUILD, WebWorld, browser, open_page, web_world

__all__ = ["browser", "web_world"]
HUMANS = [(101, "alice"), (102, "bob"), (103, "carol"), (104, "dave")]


async def _message(browser: Any, url: str, locale: str = "en") -> str:
    context = await browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    page = await context.new_page()
    response = await page.goto(url)
    assert response is not None and response.status == 403
    text = await page.locator("#message").inner_text()
    await context.close()
    return text


async def test_expired_foreign_used_and_revoked_links_are_refused_in_the_browser(web_world: WebWorld,
                                                                                 browser: Any) -> None:
    world = web_world
    table_id = await world.table(HUMANS[:1], n_ai=3)
    assert world.links is not None and world.game is not None
    caller = Caller(101, GUILD)
    # expired: the service's clock moved past the link's life
    old = await world.links.issue(caller, table_id)
    world.clock.offset = LINK_TTL + 1
    assert await _message(browser, old) == t("web.link_expired", "en")
    world.clock.offset = 0
    # foreign: signed by another bot's secret (or altered)
    other = LinkBook(world.game, b"another-secret", world.base)
    foreign = other.sign("link", Grant(table_id, 101, 0, 99), world.clock() + 60)
    assert await _message(browser, f"{world.base}/t/{foreign}", "zh-CN") == t("web.link_invalid", "zh-CN")
    mine = await world.links.issue(caller, table_id)
    token = mine.rsplit("/", 1)[1]
    raw, mac = token.split(".")
    assert await _message(browser, f"{world.base}/t/{raw[:-2]}xx.{mac}") == t("web.link_invalid", "en")
    # revoked: a newer link replaced it; used: a link opens one session only
    newer = await world.links.issue(caller, table_id)
    assert await _message(browser, mine) == t("web.link_revoked", "en")
    page = await open_page(browser, newer)
    await page.wait_for_function("document.body.dataset.version !== undefined")
    assert await _message(browser, newer, "zh-CN") == t("web.link_used", "zh-CN")
    # a link for a seat of another table's guild member who is not seated: no link at all
    with pytest.raises(Exception) as refused:
        await world.links.issue(Caller(101, GUILD + 1), table_id)
    assert getattr(refused.value, "key", "") == "table.not_found"


async def _session(world: WebWorld, http: aiohttp.ClientSession, user: int, table_id: int) -> None:
    assert world.links is not None
    url = await world.links.issue(Caller(user, GUILD), table_id)
    async with http.get(url, allow_redirects=False) as response:
        assert response.status == 303


async def _frame(ws: aiohttp.ClientWebSocketResponse, kind: str | None = None) -> dict[str, Any]:
    while True:
        frame = json.loads((await ws.receive(timeout=10)).data)
        if kind is None or frame["type"] == kind:
            return frame


async def _refused(world: WebWorld, ws: aiohttp.ClientWebSocketResponse, table_id: int, send: Any,
                   keys: set[str]) -> None:
    before = json.dumps(world.session(table_id).table.to_json(), sort_keys=True)
    if isinstance(send, bytes):
        await ws.send_bytes(send)
    else:
        await ws.send_str(send if isinstance(send, str) else json.dumps(send))
    frame = await _frame(ws, "refused")
    assert frame["key"] in keys, frame
    assert frame["text"] and frame["text"] != frame["key"]  # localized, from the catalogue
    assert json.dumps(world.session(table_id).table.to_json(), sort_keys=True) == before


async def test_every_refused_frame_changes_nothing(web_world: WebWorld) -> None:
    world = web_world
    table_id = await world.table(HUMANS)
    other_table = await world.table([(105, "erin")], n_ai=3)
    assert world.game is not None
    version = world.session(table_id).table.version
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        # no session, and another table's session
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            assert (await _frame(ws))["key"] == "web.link_invalid"
        await _session(world, http, 105, other_table)
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            assert (await _frame(ws))["key"] == "web.link_invalid"
        await _session(world, http, 101, table_id)
        async with http.ws_connect(f"{world.base}/ws/{table_id}", origin="http://evil.example") as ws:
            assert (await _frame(ws))["key"] == "web.link_invalid"  # another site's page, alice's cookie
        async with http.ws_connect(f"{world.base}/ws/{table_id}?lang=en", origin=world.base) as ws:
            state = await _frame(ws, "state")
            assert state["you"] == 0 and state["private"]["version"] == version
            bad = {"web.bad_frame"}
            for frame in ("not json", json.dumps([1, 2]), {"op": "explode"}, {"op": "act", "kind": "steal"},
                          {"op": "act", "kind": "play", "cards": ["ZZ"], "version": version},
                          {"op": "act", "kind": "play", "cards": "AS", "version": version},
                          {"op": "act", "kind": "pass"}, {"op": "replay", "hand": "x"},
                          json.dumps({"op": "act", "kind": "play", "cards": ["AS"] * 3000}), b"\x00binary"):
                await _refused(world, ws, table_id, frame, bad | {"card.invalid"})
            await _refused(world, ws, table_id, {"op": "act", "kind": "pass", "version": version + 5}, {"web.stale"})
            hand = world.session(table_id).table.seat_view(0).hand
            await _refused(world, ws, table_id, {"op": "act", "kind": "bury", "cards": [str(c) for c in hand[:8]],
                                                 "version": version}, {"action.wrong_phase", "bury.not_holder",
                                                                       "act.not_your_turn", "bury.wrong_phase"})
            await world.game.act(table_id, 101, Pass())  # alice passed: now she may not act in this window
            version = world.session(table_id).table.version
            await _refused(world, ws, table_id, {"op": "act", "kind": "pass", "version": version, "seat": 2},
                           {"act.not_your_turn"})
        # a spectator (a member of the guild not seated) may watch, not act
        await _session(world, http, 999, table_id)
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            state = await _frame(ws, "state")
            assert state["you"] == -1 and "private" not in state
            await _refused(world, ws, table_id, {"op": "act", "kind": "pass", "version": version}, {"act.not_seated"})


async def test_rate_limit_flood_and_revoked_sessions(tmp_path: Any) -> None:
    world = WebWorld(tmp_path / "web.sqlite3", limits={"action": (3, 60.0), "autocomplete": (100, 1.0)})
    await world.start()
    try:
        table_id = await world.table(HUMANS)
        version = world.session(table_id).table.version
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            await _session(world, http, 101, table_id)
            async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
                await _frame(ws, "state")
                for _ in range(3):  # the same bucket as Discord's clicks: 3 allowed here, then refused
                    await _refused(world, ws, table_id, {"op": "act", "kind": "pass", "version": version + 9},
                                   {"web.stale"})
                await _refused(world, ws, table_id, {"op": "act", "kind": "pass", "version": version},
                               {"error.rate_limited"})
            async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
                await _frame(ws, "state")
                for _ in range(60):
                    await ws.send_str(json.dumps({"op": "check", "kind": "play", "cards": []}))
                closed = None
                for _ in range(200):
                    msg = await ws.receive(timeout=10)
                    if msg.type is not aiohttp.WSMsgType.TEXT:
                        break
                    frame = json.loads(msg.data)
                    closed = frame if frame.get("fatal") else closed
                assert closed is not None and closed["key"] == "error.rate_limited" and ws.closed
            assert world.session(table_id).table.version == version
            # a newer link revokes the open session: its next frame is refused for good
            async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
                await _frame(ws, "state")
                assert world.links is not None
                await world.links.issue(Caller(101, GUILD), table_id)
                await ws.send_str(json.dumps({"op": "state"}))
                frame = await _frame(ws, "refused")
                assert frame["key"] == "web.link_revoked" and frame["fatal"]
            assert world.session(table_id).table.version == version
    finally:
        await world.stop()
