"""What the table shows between moves, in Chromium: a finished trick stays on the table a moment with its winner
marked before it clears (the fourth play is seen, the AI's too)."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.views import Phase
from runtime.access import Caller
from tests.helpers.web import GUILD, WAIT_MS, WebWorld, browser, open_page, take_turn, web_world

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
