"""The table as a Discord Activity in Chromium: the page (with the Embedded App SDK as ``tools/build_activity.sh``
bundles it) runs in an iframe of a test parent page that plays the Discord client's side of the SDK's postMessage
protocol: the handshake (opcode 0) answered with READY, then the AUTHORIZE command answered with a one-time code that
the local stand-in for Discord's OAuth2 (``tests/helpers/discord_oauth_stub.py``) issued. The parent is served as
``http://localhost:3333``, one of the origins the SDK accepts messages from (as it accepts ``https://discord.com``).
From the code on, everything is real: the page posts it to our server, the server exchanges it, the page's socket
presents the session, and the seat plays a move from inside the iframe."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from i18n import t
from tests.helpers.discord_oauth_stub import CLIENT_ID, CLIENT_SECRET, DiscordStub, StubUser
from tests.helpers.web import GUILD, WebWorld, chromium_or_skip, take_turn, wait_version
from web.activity import ActivityConfig
from web.server import ACTIVITY_BUNDLE

PARENT = "https://discord.com/activity-host"  # the Activity page may be framed by Discord only
HOST_PAGE = """<!doctype html><html><body style="margin:0">
<iframe id="app" src="%(src)s" style="width:390px;height:844px;border:0"></iframe>
<script>
const child = document.getElementById("app");
window.seen = [];
window.addEventListener("message", (ev) => {
  if (ev.source !== child.contentWindow || !Array.isArray(ev.data)) return;
  const [op, data] = ev.data;
  window.seen.push({op, data});
  if (op === 0) {  // HANDSHAKE: the Discord client answers READY
    child.contentWindow.postMessage([1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1,
      config: {cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production"}}}], "*");
  } else if (op === 1 && data.cmd === "AUTHORIZE") {  // the user consented: a one-time code
    child.contentWindow.postMessage([1, {cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: {code: %(code)s}}],
                                    "*");
  }
});
</script></body></html>"""


def bundle_or_skip() -> None:
    if ACTIVITY_BUNDLE.exists():
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail("CI=true but the Activity bundle is not built (tools/build_activity.sh)")
    pytest.skip("the Activity bundle is not built (tools/build_activity.sh, needs npm)")


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    """Chromium whose Local Network Access checks are off: the parent page's made-up origin (served by Playwright's
    route, not by an address) may frame the server on 127.0.0.1, as Discord's page frames the Activity's proxy."""
    executable = chromium_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=executable,
                                            args=["--no-sandbox", "--disable-features=LocalNetworkAccessChecks"])
        yield chromium
        await chromium.close()


@pytest_asyncio.fixture
async def activity_world(tmp_path: Path) -> AsyncIterator[tuple[WebWorld, DiscordStub]]:
    bundle_or_skip()
    stub = DiscordStub()
    api = await stub.start()
    world = WebWorld(tmp_path / "web.sqlite3", activity=ActivityConfig(CLIENT_ID, CLIENT_SECRET, api))
    await world.start()
    yield world, stub
    await world.stop()
    await stub.stop()


async def _host(browser: Any, world: WebWorld, code: str, locale: str = "en") -> tuple[Any, Any]:
    """The parent page hosting the Activity's iframe as Discord would open it; (parent page, the iframe)."""
    context = await browser.new_context(viewport={"width": 420, "height": 900}, locale=locale)
    src = f"{world.base}/?frame_id=frame1&instance_id=i-1&platform=desktop&guild_id={GUILD}&channel_id=1"

    async def parent(route: Any) -> None:
        await route.fulfill(content_type="text/html", body=HOST_PAGE % {"src": src, "code": json.dumps(code)})

    await context.route(PARENT, parent)
    page = await context.new_page()
    await page.goto(PARENT)
    frame = await (await page.wait_for_selector("#app")).content_frame()
    return page, frame


async def test_a_seat_signs_in_inside_the_iframe_and_plays(activity_world: tuple[WebWorld, DiscordStub],
                                                           browser: Any) -> None:
    world, stub = activity_world
    table_id = await world.table([(101, "ann")], n_ai=3)
    page, frame = await _host(browser, world, stub.issue(StubUser(101, [GUILD], "zh-CN")))
    session = world.session(table_id)
    await wait_version(frame, session.table.version)
    cards = await frame.locator("#hand .card").count()
    assert cards == len(session.table.seat_view(0).hand)
    assert await frame.evaluate("document.documentElement.lang") == "zh-CN"  # the Discord user's language
    seen = await page.evaluate("window.seen")
    handshake = next(m["data"] for m in seen if m["op"] == 0)
    assert handshake["client_id"] == str(CLIENT_ID) and handshake["frame_id"] == "frame1"
    authorize = next(m["data"]["args"] for m in seen if m["op"] == 1 and m["data"]["cmd"] == "AUTHORIZE")
    assert authorize["scope"] == ["identify", "guilds"] and authorize["response_type"] == "code"
    before = session.table.version
    await take_turn(world, frame, table_id, 0)
    assert session.table.version > before  # the move made inside the Activity was taken


async def test_a_refused_code_is_explained_in_the_iframe(activity_world: tuple[WebWorld, DiscordStub],
                                                         browser: Any) -> None:
    world, stub = activity_world
    table_id = await world.table([(101, "ann")], n_ai=3)
    meta = dict(world.session(table_id).record.meta)
    _, frame = await _host(browser, world, "forgedcode42", locale="zh-CN")
    banner = frame.locator("#banner")
    await banner.filter(has_text=t("activity.code_refused", "zh-CN")).wait_for(timeout=15_000)
    assert stub.exchanges == ["forgedcode42"]
    assert world.session(table_id).record.meta == meta  # nothing changed
