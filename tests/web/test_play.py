"""The web table in a real browser (Chromium through Playwright): a whole hand against three AI seats, played by
tapping cards on a 390 px page; an invalid selection explained before it is sent; the hand's summary and its
replay trick by trick; a spectator; and every frame each page was sent scanned for another seat's cards."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from engine.actions import Declare
from engine.views import Phase
from runtime.access import Caller
from tests.helpers.web import (
    GUILD,
    OPTIONS,
    WAIT_MS,
    WebWorld,
    browser,
    leaks,
    open_page,
    record_frames,
    take_turn,
    wait_for,
    wait_version,
    web_world,
)

__all__ = ["browser", "web_world"]


async def _invalid_selection_explained(world: WebWorld, page: Any, table_id: int, seat: int) -> bool:
    """When following with a card that may not be played: the page says why and the Play button stays off."""
    table = world.session(table_id).table
    legal = {str(c) for a in table.legal_actions(seat) for c in a.cards}  # type: ignore[attr-defined]
    wrong = [str(c) for c in table.seat_view(seat).hand if str(c) not in legal]
    trick = table.public_view().trick
    if not wrong or trick is None or not trick.plays or len(trick.plays[0][1]) != 1:
        return False
    await wait_version(page, table.version)
    await page.locator(f'#hand .card[data-code="{wrong[0]}"]').first.click()
    await page.wait_for_function("document.querySelector('#explain').classList.contains('bad')", timeout=WAIT_MS)
    assert await page.locator("#actions .act.main").is_disabled()
    assert (await page.locator("#explain").inner_text()).strip()
    await page.locator("#actions .act:not(.main)").last.click()  # Clear
    return True


async def test_whole_hand_in_the_browser_against_three_ai(web_world: WebWorld, browser: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    world = web_world
    record_frames(world, monkeypatch)
    table_id = await world.table([(101, "alice")], n_ai=3)
    assert world.links is not None and world.game is not None
    url = await world.links.issue(Caller(101, GUILD), table_id)
    page = await open_page(browser, url)
    watcher = await open_page(browser, await world.links.issue(Caller(999, GUILD), table_id), 1280, 800)
    session = world.session(table_id)
    ops: list[str] = []
    explained = False
    while session.table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if 0 in session.table.to_act() and session.table.phase is not Phase.DEALING:
            if not explained and session.table.phase is Phase.PLAYING:
                explained = await _invalid_selection_explained(world, page, table_id, 0)
            ops.append(await take_turn(world, page, table_id, 0))
        else:
            await asyncio.sleep(0.02)
    view = session.table.public_view()
    tricks = len(view.tricks)
    assert view.hand_sizes == (0, 0, 0, 0) and ops.count("play") == tricks >= 13
    assert ("bury" in ops) == (view.last_result is not None and view.last_result.burier == 0)
    await wait_version(page, session.table.version)
    # the hand's summary, then its replay trick by trick
    await page.locator("#overlay:not([hidden])").wait_for(timeout=WAIT_MS)
    await page.locator("#sheet .act", has_text="Replay").click()
    await page.locator("#replay-title").wait_for(timeout=WAIT_MS)
    assert await page.locator("#replay-title").inner_text() == f"Hand 1 · trick 1 of {tricks}"
    await page.locator("#sheet .act.next").click()
    assert await page.locator("#replay-title").inner_text() == f"Hand 1 · trick 2 of {tricks}"
    assert await page.locator("#replay-trick .card").count() >= 4
    # the spectator saw the same table without any hand
    await wait_version(watcher, session.table.version)
    assert await watcher.locator("#hand .card").count() == 0
    assert await watcher.locator("#log li").count() == tricks
    assert world.sent and not leaks(world.sent)
    assert {s.seat for s in world.sent} == {0, -1}


async def _dealer_table(world: WebWorld, browser: Any) -> tuple[int, Any]:
    """A table where alice (seat 0) declared through her page and buries: her page shows 33 cards."""
    assert world.links is not None
    options = replace(OPTIONS, ai_declare_wait=600.0)
    for _ in range(12):
        table_id = await world.table([(101, "alice")], n_ai=3, options=options)
        session = world.session(table_id)
        await wait_for(lambda s=session: s.table.phase is Phase.DECLARING)
        if not any(isinstance(a, Declare) for a in session.table.legal_actions(0)):
            continue
        page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id))
        assert await take_turn(world, page, table_id, 0) == "declare"
        while session.table.phase is Phase.DECLARING:  # then "done" (pass), also after an AI overcalled
            if 0 in session.table.to_act():
                await take_turn(world, page, table_id, 0, declare=False)
            await asyncio.sleep(0.02)
        if session.table.phase is Phase.BURYING and session.table.to_act() == (0,):
            return table_id, page
        await page.context.close()
    raise AssertionError("alice never held the kitty")


async def test_a_33_card_hand_fits_a_phone_without_sideways_scrolling(web_world: WebWorld, browser: Any) -> None:
    table_id, page = await _dealer_table(web_world, browser)
    session = web_world.session(table_id)
    await wait_version(page, session.table.version)
    assert await page.locator("#hand .card").count() == 33
    assert await page.evaluate("document.documentElement.scrollWidth") <= 390
    for card in await page.locator("#hand .card").all():
        box = await card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] >= 30
    await take_turn(web_world, page, table_id, 0)  # the bury, by tapping 8 of the 33 cards
    assert session.table.phase is Phase.PLAYING and len(session.table.seat_view(0).hand) == 25
