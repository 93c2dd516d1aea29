"""The hand's summary in Chromium: it says who won, which side is the reader's and where the kitty's points went,
in words; it stays up when the next hand starts (until closed), and while a summary or replay is open over the next
hand, that hand's turn and clock stay in sight above it."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from engine.actions import Bury, Pass
from engine.legal import default_bury
from engine.views import Phase
from runtime.access import Caller
from tests.helpers.web import GUILD, OPTIONS, WAIT_MS, WebWorld, browser, open_page, wait_for, web_world

__all__ = ["browser", "web_world"]


async def play_hand(world: WebWorld, table_id: int) -> None:
    """Alice (seat 0, user 101) passes, buries by default and plays her first legal play, through the service,
    until the hand is over."""
    assert world.game is not None
    session = world.session(table_id)
    while session.table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        table = session.table
        if 0 in table.to_act() and table.phase is not Phase.DEALING:
            if table.phase is Phase.BURYING:
                action: Any = Bury(cards=default_bury(table.seat_view(0)))
            else:
                actions = table.legal_actions(0)
                action = next((a for a in actions if isinstance(a, Pass)), actions[0])
            await world.game.act(table_id, 101, action)
        await asyncio.sleep(0.01)


async def test_the_summary_says_who_won_and_stays_over_the_next_hand(web_world: WebWorld, browser: Any) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3, options=replace(OPTIONS, next_hand_delay=3.0))
    assert world.links is not None
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id))
    await play_hand(world, table_id)
    result = world.session(table_id).table.public_view().last_result
    assert result is not None
    await page.locator("#overlay:not([hidden]) .result").wait_for(timeout=WAIT_MS)
    winner = (result.dealer + result.defenders_take_over) % 2
    who = await page.locator("#sheet .result .who").inner_text()
    assert who.startswith(f"Team {winner + 1} ("), who
    assert ("the defenders, won" if result.defenders_take_over else "the dealers, won") in who
    side = await page.locator("#sheet .result .side").inner_text()
    assert side.startswith("Your side: Team 1, the " + ("dealers" if result.dealer % 2 == 0 else "defenders"))
    assert side.endswith("you won." if winner == 0 else "you lost.")
    kitty = await page.locator("#sheet .result .kitty-words").inner_text()
    assert (f"The kitty held {result.kitty_points} points" in kitty) if result.kitty_points else \
        kitty == "The kitty held no points."
    # the next hand starts: the summary stays, and the declaring clock shows above it
    session = world.session(table_id)
    await wait_for(lambda: session.table.hand.number == 2 and session.table.phase is Phase.DECLARING)
    await page.wait_for_function("document.body.dataset.phase === 'declaring'", timeout=WAIT_MS)
    assert await page.locator("#overlay").is_visible()
    await page.locator("#sheet-turn").wait_for(timeout=WAIT_MS)
    assert "left" in await page.locator("#sheet-turn-text").inner_text()
    # a replay opened from it keeps the clock in sight too; closing it goes back to the summary
    await page.locator("#sheet .act", has_text="Replay").click()
    await page.locator("#replay-title").wait_for(timeout=WAIT_MS)
    assert await page.locator("#sheet-turn").is_visible()
    await page.locator("#sheet .act", has_text="Close").click()
    await page.locator("#sheet .result .who").wait_for(timeout=WAIT_MS)
    await page.locator("#sheet .act", has_text="Close").click()
    assert await page.locator("#overlay").is_hidden()
    await world.game.act(table_id, 101, Pass())  # type: ignore[union-attr]  # a new state: it stays closed
    await asyncio.sleep(0.5)
    assert await page.locator("#overlay").is_hidden()
