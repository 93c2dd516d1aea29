"""Screenshots of the web table at phone (390 px) and desktop (1366 px) width in both locales, with Debian's
Chromium: ``python -m tests.screenshots.web_table [out_dir]`` (default ``screenshots/web``; PNGs are not committed).

A table of you and three basic AI seats is played by the service up to the middle of a hand (you pass, bury the
first 8 cards if you hold the kitty, and play the first legal play), then each page is shot with a trick on the
table and a selection the server explains; then the hand is played out and the summary is shot.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from engine.actions import Bury, Pass, Play
from engine.legal import default_bury
from engine.views import Phase
from runtime.access import Caller
from tests.helpers.web import CHROMIUM, GUILD, OPTIONS, WebWorld

SIZES = {"phone": (390, 844), "desktop": (1366, 900)}


async def _act(world: WebWorld, table_id: int) -> None:
    """Seat 0's move through the service: pass, bury, or the first legal play."""
    assert world.game is not None
    table = world.session(table_id).table
    if table.phase is Phase.DECLARING:
        await world.game.act(table_id, 101, Pass())
    elif table.phase is Phase.BURYING:
        await world.game.act(table_id, 101, Bury(cards=default_bury(table.seat_view(0))))
    elif table.phase is Phase.PLAYING:
        await world.game.act(table_id, 101, Play(cards=table.legal_actions(0)[0].cards))


async def _play_until(world: WebWorld, table_id: int, done: object) -> None:
    session = world.session(table_id)
    while not done(session.table):  # type: ignore[operator]
        if 0 in session.table.to_act():
            await _act(world, table_id)
        await asyncio.sleep(0.02)


async def main(out: Path) -> None:
    from playwright.async_api import async_playwright

    out.mkdir(parents=True, exist_ok=True)
    world = WebWorld(Path(tempfile.mkdtemp()) / "shots.sqlite3")
    await world.start()
    assert world.links is not None
    table_id = await world.table([(101, "Alice")], n_ai=3, options=replace(OPTIONS, next_hand_delay=4.0))
    await _play_until(world, table_id, lambda t: t.phase is Phase.PLAYING and len(t.public_view().tricks) >= 3
                      and 0 in t.to_act() and t.public_view().trick is not None and t.public_view().trick.plays)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages = {}
        for locale in ("en", "zh-CN"):
            for size, (width, height) in SIZES.items():
                context = await browser.new_context(viewport={"width": width, "height": height})
                page = await context.new_page()
                await page.goto(await world.links.issue(Caller(101, GUILD), table_id, locale, revoke=False))
                await page.wait_for_function("document.body.dataset.version !== undefined")
                await page.locator("#hand .card.dim").first.click() if await page.locator("#hand .card.dim").count() \
                    else await page.locator("#hand .card").first.click()
                await page.wait_for_timeout(400)
                await page.evaluate("document.fonts.ready")  # the bundled CJK font, fetched for Chinese text
                await page.screenshot(path=str(out / f"{size}_{locale}_playing.png"), full_page=True)
                pages[(locale, size)] = page
        await _play_until(world, table_id, lambda t: t.phase is Phase.HAND_OVER)
        await asyncio.sleep(0.5)
        for (locale, size), page in pages.items():
            await page.screenshot(path=str(out / f"{size}_{locale}_summary.png"), full_page=False)
        # the next hand's declaring, the summary closed
        await _play_until(world, table_id, lambda t: t.hand.number == 2 and t.phase is Phase.DECLARING)
        await asyncio.sleep(0.5)
        for (locale, size), page in pages.items():
            await page.screenshot(path=str(out / f"{size}_{locale}_summary_over_declaring.png"), full_page=False)
            if await page.locator("#sheet-back").is_visible():
                await page.locator("#sheet-back").click()
            await page.wait_for_timeout(300)
            await page.screenshot(path=str(out / f"{size}_{locale}_declaring.png"), full_page=True)
        await browser.close()
    await world.stop()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots/web")))
