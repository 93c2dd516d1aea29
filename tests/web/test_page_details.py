"""The page's details in Chromium: the demo's "You" and the page's own lines follow the language switch (and the
server's texts after it); the desktop trick log scrolls and keeps its place; ``/`` leads a browser with a session
back to its table; the offline demo never sends the player to Discord's panel; the bundled CJK font is served and
used for Chinese."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp

from data.database import Database
from engine.actions import Bury, Pass
from engine.legal import default_bury
from engine.table import Table
from engine.views import Phase
from i18n import t
from runtime.access import Caller
from tests.helpers.web import GUILD, SECRET, WAIT_MS, WebWorld, browser, open_page, take_turn, wait_version, web_world
from web.demo import start_demo

__all__ = ["browser", "web_world"]


async def advance(world: WebWorld, table_id: int, done: Any) -> None:
    """Seat 0 (user 101) passes, buries by default and plays its first legal play through the service until
    ``done(table)``."""
    assert world.game is not None
    session = world.session(table_id)
    while not done(session.table):
        table = session.table
        if 0 in table.to_act() and table.phase is not Phase.DEALING:
            if table.phase is Phase.BURYING:
                action: Any = Bury(cards=default_bury(table.seat_view(0)))
            else:
                actions = table.legal_actions(0)
                action = next((a for a in actions if isinstance(a, Pass)), actions[0])
            await world.game.act(table_id, 101, action)
        await asyncio.sleep(0.01)


def playing_turn(table: Table) -> bool:
    return table.phase is Phase.PLAYING and 0 in table.to_act()


async def test_you_and_sent_follow_the_language_switch(web_world: WebWorld, browser: Any) -> None:
    world = web_world
    table_id = await world.table([(101, t("web.you", "en"))], n_ai=3)  # as the demo names its player
    assert world.links is not None
    await advance(world, table_id, playing_turn)
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id))
    assert await take_turn(world, page, table_id, 0) == "play"
    await page.wait_for_function("document.querySelector('#explain').textContent === 'Sent.'", timeout=WAIT_MS)
    assert await page.locator("#seat-bottom .name").inner_text() == "You"
    await page.locator("#lang").click()
    await page.wait_for_function("document.documentElement.lang === 'zh-CN'", timeout=WAIT_MS)
    assert await page.locator("#explain").inner_text() == "已发送。"
    await page.wait_for_function("document.querySelector('#seat-bottom .name').textContent === '你'", timeout=WAIT_MS)
    # the server's texts follow too: the socket reopened in Chinese
    session = world.session(table_id)
    await advance(world, table_id, playing_turn)
    await wait_version(page, session.table.version)
    table = session.table
    legal = {str(c) for a in table.legal_actions(0) for c in a.cards}  # type: ignore[attr-defined]
    wrong = [str(c) for c in table.seat_view(0).hand if str(c) not in legal]
    if wrong:
        await page.locator(f'#hand .card[data-code="{wrong[0]}"]').first.click()
        await page.wait_for_function("document.querySelector('#explain').classList.contains('bad')",
                                     timeout=WAIT_MS)
        said = await page.locator("#explain").inner_text()
        assert any("\u4e00" <= ch <= "\u9fff" for ch in said), said


async def test_the_desktop_trick_log_scrolls_and_keeps_its_place(web_world: WebWorld, browser: Any) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3)
    assert world.links is not None
    await advance(world, table_id, lambda tb: playing_turn(tb) and len(tb.public_view().tricks) >= 12)
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id), 1366, 900)
    session = world.session(table_id)
    await wait_version(page, session.table.version)
    box = page.locator("#log-box")
    sizes = await box.evaluate("b => [b.scrollHeight, b.clientHeight, b.scrollTop]")
    assert sizes[0] > sizes[1] and sizes[2] >= sizes[0] - sizes[1] - 4, sizes  # scrolls; shows the newest trick
    await box.evaluate("b => { b.scrollTop = 40; }")  # the player scrolls back
    await advance(world, table_id, lambda tb: playing_turn(tb) and len(tb.public_view().tricks) >= 13)
    await wait_version(page, session.table.version)
    assert await box.evaluate("b => b.scrollTop") == 40  # a new state does not throw it back to the top


async def test_root_leads_back_and_the_demo_speaks_of_no_discord(web_world: WebWorld, browser: Any,
                                                                 tmp_path: Path) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3)
    assert world.links is not None
    url = await world.links.issue(Caller(101, GUILD), table_id)
    page = await open_page(browser, url)
    await page.locator("#hand .card").first.wait_for(timeout=WAIT_MS)
    await page.goto(world.base + "/")
    assert page.url == f"{world.base}/table/{table_id}?lang=en"
    await page.locator("#hand .card").first.wait_for(timeout=WAIT_MS)
    stranger = await open_page(browser, world.base + "/")
    assert "Open table" in await stranger.locator("#message").inner_text()  # the bot's pages: Discord's panel
    # the offline demo: its own wording, and a stale move is not "that panel"
    db = await Database.open(tmp_path / "demo.sqlite3")
    game, server, demo_url = await start_demo(db, host="127.0.0.1", port=0, locale="en", secret=SECRET)
    try:
        base = f"http://127.0.0.1:{server.port}"
        home = await open_page(browser, base + "/")
        said = await home.locator("#message").inner_text()
        assert "python bot.py web" in said and "panel" not in said
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            async with http.get(demo_url, allow_redirects=False) as response:
                assert response.status == 303
            async with http.get(demo_url) as again:
                text = await again.text()
                assert again.status == 403 and "python bot.py web" in text and "panel" not in text
            demo_table = int(response.headers["Location"].split("/")[2].split("?")[0])
            async with http.ws_connect(f"{base}/ws/{demo_table}") as ws:
                await ws.receive()  # the state
                await ws.send_str(json.dumps({"op": "act", "kind": "pass", "cards": [], "version": -5}))
                for _ in range(20):
                    frame = json.loads((await ws.receive(timeout=10)).data)
                    if frame["type"] == "refused":
                        break
                assert frame["key"] == "web.stale" and "panel" not in frame["text"], frame
    finally:
        await server.stop()
        await game.close()
        await db.close()


async def test_the_page_carries_the_bundled_cjk_font(web_world: WebWorld, browser: Any) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3)
    assert world.links is not None
    async with aiohttp.ClientSession() as http, http.get(world.base + "/font/cjk.otf") as response:
        assert response.status == 200 and (await response.content.read(4)) == b"OTTO"  # an OpenType font
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id, "zh-CN"))
    await page.locator("#hand .card").first.wait_for(timeout=WAIT_MS)
    faces = await page.evaluate("[...document.fonts].map(f => [f.family, f.status])")
    assert ['"Tractor CJK"', "loaded"] in faces or ["Tractor CJK", "loaded"] in faces, faces
    assert await page.evaluate("document.fonts.check('1em \"Tractor CJK\"', '\u4e2d')")
    family = await page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Tractor CJK" in family
