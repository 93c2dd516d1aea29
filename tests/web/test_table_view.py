"""What the table shows between moves, in Chromium: a finished trick stays on the table a moment with its winner
marked before it clears (the fourth play is seen, the AI's too); declaring and burying say what to do (the level
cards to declare with outlined, Declare on at once; "select 8 cards"), no seat is "the" turn while every seat may
declare, and the turn's clock sits on the seat whose turn it is."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from engine.actions import Declare
from engine.views import Phase
from runtime.access import Caller
from tests.helpers.web import (
    GUILD,
    OPTIONS,
    WAIT_MS,
    WebWorld,
    browser,
    open_page,
    press,
    take_turn,
    wait_for,
    wait_version,
    web_world,
)

__all__ = ["browser", "web_world"]

WATCH_TRICK = """() => {
  window.trickShots = [];
  const box = document.getElementById("trick");
  new MutationObserver(() => window.trickShots.push({
    plays: box.querySelectorAll(".play").length,
    winner: box.querySelectorAll(".play.winning .won").length,
  })).observe(box, { childList: true });
}"""


async def _play_tricks(world: WebWorld, page: Any, table_id: int, tricks: int) -> None:
    """Alice takes her turns through the page until ``tricks`` tricks of the hand are finished."""
    session = world.session(table_id)
    while len(session.table.public_view().tricks) < tricks:
        if 0 in session.table.to_act() and session.table.phase is not Phase.DEALING:
            await take_turn(world, page, table_id, 0)
        else:
            await asyncio.sleep(0.02)


async def test_a_finished_trick_stays_on_the_table_with_its_winner_then_clears(web_world: WebWorld,
                                                                              browser: Any) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3)  # the AI seats play at once (ai_delay 0)
    assert world.links is not None
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id))
    await page.locator("#hand .card").first.wait_for(timeout=WAIT_MS)
    await page.evaluate(WATCH_TRICK)
    await _play_tricks(world, page, table_id, 2)
    shots = await page.evaluate("window.trickShots")
    assert {"plays": 4, "winner": 1} in shots, shots  # all four plays, the winner marked
    # then it clears: the centre shows the trick in play (fewer than four plays) once the moment is over
    await page.wait_for_function("document.querySelectorAll('#trick .play').length < 4"
                                 " && !document.querySelector('#trick.done')", timeout=WAIT_MS)
    assert await page.locator("#last-trick .logplay").count() == 4  # "last trick" keeps it


async def _declaring_table(world: WebWorld, browser: Any) -> tuple[int, Any]:
    """A table in its declaration window where alice (seat 0) holds a declaration, her page open."""
    assert world.links is not None
    options = replace(OPTIONS, ai_declare_wait=600.0)
    for _ in range(12):
        table_id = await world.table([(101, "alice")], n_ai=3, options=options)
        session = world.session(table_id)
        await wait_for(lambda s=session: s.table.phase is Phase.DECLARING)
        if any(isinstance(a, Declare) for a in session.table.legal_actions(0)):
            return table_id, await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id))
    raise AssertionError("alice never held a declaration")


async def _declaring_shows_what_to_do(world: WebWorld, page: Any, table_id: int) -> None:
    """The level cards alice may declare with are outlined, the page says what to do, no seat is highlighted and
    the window's clock is in the status line; Declare with nothing selected declares."""
    session = world.session(table_id)
    await wait_version(page, session.table.version)
    declarable = {str(c) for a in session.table.legal_actions(0) if isinstance(a, Declare) for c in a.cards}
    marked = await page.locator("#hand .card.declarable").evaluate_all("els => els.map(e => e.dataset.code)")
    assert marked and set(marked) == declarable
    assert "Declare" in await page.locator("#explain").inner_text()
    assert await page.locator(".seat.turn").count() == 0  # every seat may declare: none is "the" turn
    assert await page.locator("#clock").inner_text()  # the window's clock, in the status line
    assert await page.locator(".seat-clock:not(:empty)").count() == 0


async def test_declaring_and_burying_say_what_to_do(web_world: WebWorld, browser: Any) -> None:
    world = web_world
    for attempt in range(12):
        table_id, page = await _declaring_table(world, browser)
        session = world.session(table_id)
        if attempt == 0:
            await _declaring_shows_what_to_do(world, page, table_id)
        await press(page, "#actions .act.main")  # Declare with nothing selected: the strongest declaration
        await wait_for(lambda s=session: s.table.public_view().declaration is not None)
        assert session.table.public_view().declaration.seat == 0  # type: ignore[union-attr]
        while session.table.phase is Phase.DECLARING:
            if 0 in session.table.to_act():
                await take_turn(world, page, table_id, 0, declare=False)
            await asyncio.sleep(0.02)
        if session.table.phase is Phase.BURYING and session.table.to_act() == (0,):
            break
        await page.context.close()  # an AI overcalled: another table
    else:
        raise AssertionError("alice never buried")
    await wait_version(page, session.table.version)
    assert await page.locator("#explain").inner_text() == "Select 8 cards to bury."
    await page.locator("#hand .card").nth(0).click()
    assert await page.locator("#explain").inner_text() == "1 of 8 cards selected to bury."
    await page.locator("#hand .card").nth(0).click()
    while session.table.phase is not Phase.PLAYING or session.table.to_act() != (0,):
        if 0 in session.table.to_act() and session.table.phase is not Phase.PLAYING:
            await take_turn(world, page, table_id, 0)
        await asyncio.sleep(0.02)
    await wait_version(page, session.table.version)
    await page.wait_for_function("document.querySelector('#seat-bottom .seat-clock').textContent !== ''",
                                 timeout=WAIT_MS)  # playing: the clock on the seat whose turn it is
    assert await page.locator(".seat-clock:not(:empty)").count() == 1
    assert await page.locator(".seat.turn").count() == 1
