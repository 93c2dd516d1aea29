"""The page across a restart and over time: the server and the service stop mid-hand and start again on the same
database and port; the open page reconnects by itself and shows the same table, and play goes on from it. A page
opened hours later shows the current state and what is left of the turn's clock."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp

from data.database import Database
from engine.actions import Bury, Pass
from engine.legal import default_bury
from engine.views import Phase
from runtime.access import Caller
from tests.helpers.web import (
    GUILD,
    OPTIONS,
    SECRET,
    WAIT_MS,
    WebWorld,
    browser,
    open_page,
    take_turn,
    wait_for,
    wait_version,
    web_world,
)
from web.demo import demo_table, start_demo

__all__ = ["browser", "web_world"]


async def _my_turn(world: WebWorld, table_id: int) -> None:
    """Until seat 0 (alice) is to act."""
    session = world.session(table_id)
    await wait_for(lambda: 0 in session.table.to_act())


async def _my_play(world: WebWorld, table_id: int) -> None:
    """Alice passes and buries (through the service) until she is to play."""
    assert world.game is not None
    session = world.session(table_id)
    while session.table.phase is not Phase.PLAYING or 0 not in session.table.to_act():
        if 0 in session.table.to_act() and session.table.phase is Phase.DECLARING:
            await world.game.act(table_id, 101, Pass())
        elif 0 in session.table.to_act() and session.table.phase is Phase.BURYING:
            await world.game.act(table_id, 101, Bury(cards=default_bury(session.table.seat_view(0))))
        await asyncio.sleep(0.02)


async def _turn_clock_stored(world: WebWorld, table_id: int, timeout: float) -> None:
    """Until alice's turn clock (``timeout`` seconds from her turn's start) is stored: the service arms the timers
    just after the move that made it her turn, so the state can show her turn a moment before the clock exists."""
    assert world.game is not None
    db = world.game.db

    async def stored() -> bool:
        return any(tm.due_at > world.clock() + timeout - 120 for tm in await db.table_timers(table_id))

    await wait_for(stored)


async def test_a_restart_mid_hand_reconnects_the_page_and_loses_nothing(web_world: WebWorld, browser: Any) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3)
    assert world.links is not None
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id))
    plays = 0
    while plays < 3:
        await _my_turn(world, table_id)
        plays += await take_turn(world, page, table_id, 0) == "play"
    await _my_turn(world, table_id)  # alice to play: nothing else is pending
    before = json.dumps(world.session(table_id).table.to_json(), sort_keys=True)
    hand = await page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.code)")
    await world.restart()
    assert json.dumps(world.session(table_id).table.to_json(), sort_keys=True) == before
    await page.locator("#banner").wait_for(state="hidden", timeout=WAIT_MS)
    await wait_version(page, world.session(table_id).table.version)
    assert await page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.code)") == hand
    assert await take_turn(world, page, table_id, 0) == "play"  # and the game goes on from the page


async def test_a_page_opened_hours_later_shows_the_state_and_the_clock(web_world: WebWorld, browser: Any) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3, options=replace(OPTIONS, turn_timeout=86_400.0))
    assert world.links is not None
    await _my_play(world, table_id)
    await _turn_clock_stored(world, table_id, 86_400.0)
    world.clock.offset = 5 * 3600.0  # five hours later: 19 of the 24 hours are left
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id), 1280, 800)
    await wait_version(page, world.session(table_id).table.version)
    clock = await page.locator("#clock").inner_text()
    assert clock.startswith(("18:59:", "19:00:")), clock
    assert await page.locator("#turn").inner_text() == "Your turn"
    assert await page.locator("#hand .card").count() == len(world.session(table_id).table.seat_view(0).hand)


async def test_a_page_reconnecting_before_the_tables_are_restored_waits_for_them(web_world: WebWorld) -> None:
    """After a restart the bot restores its tables once connected to Discord: a page arriving earlier waits and
    then gets its table, instead of being told the table does not exist."""
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3)
    assert world.links is not None and world.server is not None
    url = await world.links.issue(Caller(101, GUILD), table_id)
    restored = asyncio.Event()
    world.server.restored = restored  # as the bot's server between its start and the restore
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(url, allow_redirects=False) as response:
            assert response.status == 303
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:
            waiting = asyncio.ensure_future(ws.receive(timeout=20))
            await asyncio.sleep(0.3)
            assert not waiting.done()
            restored.set()
            frame = json.loads((await waiting).data)
            assert frame["type"] == "state" and frame["you"] == 0


async def test_the_demo_restarted_keeps_the_open_page_and_its_new_link_works(tmp_path: Path, browser: Any) -> None:
    """``bot.py web`` stopped and started again: the link it prints then does not revoke the page still open,
    which reconnects by itself; the new link opens a page too."""
    async def demo(port: int) -> tuple[Any, Any, Any, str]:
        db = await Database.open(tmp_path / "demo.sqlite3")
        game, server, url = await start_demo(db, host="127.0.0.1", port=port, locale="en", secret=SECRET)
        return db, game, server, url

    db, game, server, url = await demo(0)
    port = server.port
    page = await open_page(browser, url)
    await page.locator("#hand .card").first.wait_for(timeout=WAIT_MS)
    await server.stop()
    await game.close()
    await db.close()
    await page.locator("#banner:not([hidden])").wait_for(timeout=WAIT_MS)  # reconnecting…
    db, game, server, url = await demo(port)
    try:
        await page.locator("#banner").wait_for(state="hidden", timeout=WAIT_MS)
        table_id = await demo_table(game, "en")
        await wait_version(page, game.session(table_id).table.version)
        assert await page.locator("#hand .card").count() > 0
        second = await open_page(browser, url, 1366, 900)
        await second.locator("#hand .card").first.wait_for(timeout=WAIT_MS)
        await asyncio.sleep(0.5)
        assert await page.locator("#banner").is_hidden()  # the second link revoked nothing either
    finally:
        await server.stop()
        await game.close()
        await db.close()
