"""The public ladder page per table shape (``?shape=<key>``, web.ladder_page): a server with a two-deck four-seat
ladder, a three-deck four-seat match and a six-seat 找朋友 match played to their end has one page per shape — each
with its own players only, in 找朋友 each at their own level (RULES §13.7) — and a switch between them; the
two-deck four-seat page keeps its podium and hall of fame; a key that names no shape is a 404. In Chromium at
390 px and on a desktop, in English and Chinese (screenshots in ``screenshots/``, git-ignored)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import i18n
from data.records import Seat
from engine.table import Table
from tests.cogs.test_ladder_levels import FRIENDS, THREE_DECKS, play_stored_match
from tests.helpers.web import GUILD, WebWorld
from tests.web import test_ladder_page
from tests.web.test_ladder_page import SHOTS, TOKEN, status_of

FRIENDS_KEY, THREE_KEY = "friends-3d6p", "tractor-3d4p"
browser = test_ladder_page.browser  # Chromium with the CJK fonts (a fixture)
NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan", 5: "Eve", 6: "<i>Fay</i>"}


@pytest_asyncio.fixture
async def shaped(tmp_path: Path) -> AsyncIterator[tuple[WebWorld, Table, Table]]:
    """Season 1 ended with a two-deck four-seat podium; season 2 (open) has a match of each shape."""
    w = WebWorld(tmp_path / "web.sqlite3")
    await w.start()
    db = w.db
    assert db is not None
    for user, name in NAMES.items():
        await db.remember_name(GUILD, user, name)
    humans = {u: Seat(name=n, user_id=u) for u, n in NAMES.items()}
    await db.record_match(GUILD, None, [humans[1], humans[2], humans[3], humans[4]], 0)
    end = await db.end_season(GUILD, time.time())
    assert end is not None and end.ended.podium
    await db.record_match(GUILD, None, [humans[1], humans[2], humans[3], humans[4]], 1)
    ai = Seat.bot()
    three = await play_stored_match(db, GUILD, THREE_DECKS, [humans[1], humans[5], ai, humans[6]], 2)
    friends = await play_stored_match(db, GUILD, FRIENDS, [humans[2], ai, humans[3], humans[5], ai, ai], 3)
    await db.set_ladder_page(GUILD, TOKEN, time.time())
    yield w, three, friends
    await w.stop()


async def test_one_page_per_shape_with_its_own_players(shaped: tuple[WebWorld, Table, Table]) -> None:
    world, three, friends = shaped
    status, page, _ = await status_of(world, f"/ladder/{TOKEN}?lang=en&shape={FRIENDS_KEY}")
    assert status == 200
    assert "<h1>Ladder · Season 2 · 找朋友 · 6 players · 3 decks</h1>" in page
    assert page.count("<tr>") == 4  # the header and its three humans
    for seat, name in ((0, "Ben"), (2, "Cat"), (3, "Eve")):
        assert f'<td class="name">{name}</td><td><b>{friends.levels[seat]}</b>' in page  # each at their own level
    assert "Ann" not in page and "Dan" not in page
    assert i18n.t("ladderpage.hall", "en") not in page  # the hall and podium are the standard ladder's

    status, page, _ = await status_of(world, f"/ladder/{TOKEN}?lang=en&shape={THREE_KEY}")
    assert status == 200 and page.count("<tr>") == 4 and "&lt;i&gt;Fay&lt;/i&gt;" in page and "Ben" not in page
    assert f'<td class="name">Eve</td><td><b>{three.levels[1]}</b>' in page  # her team's level

    status, page, _ = await status_of(world, f"/ladder/{TOKEN}?lang=en")  # the standard page, as before
    assert status == 200 and "<h1>Ladder · Season 2</h1>" in page and page.count("<tr>") == 5
    assert "Eve" not in page and i18n.t("ladderpage.hall", "en") in page
    assert f'href="/ladder/{TOKEN}?lang=en&amp;season=2&amp;shape={FRIENDS_KEY}"' in page  # the switch
    status, page, _ = await status_of(world, f"/ladder/{TOKEN}?lang=en&season=1&shape={FRIENDS_KEY}")
    assert status == 200 and i18n.t("ladderpage.empty", "en") in page  # no 找朋友 in season 1
    for bad in ("friends-9d9p", "tractor-2d4p", "x"):
        assert (await status_of(world, f"/ladder/{TOKEN}?shape={bad}"))[0] == 404, bad


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_shape_pages_on_a_phone_and_a_desktop(shaped: tuple[WebWorld, Table, Table], browser: Any,
                                                        locale: str) -> None:
    world, _three, friends = shaped
    SHOTS.mkdir(exist_ok=True)
    friends_label = "找朋友 · 6 players · 3 decks" if locale == "en" else "找朋友 · 6人 · 3副牌"
    three_label = "4 players · 3 decks" if locale == "en" else "4人 · 3副牌"
    for width, height in ((390, 844), (1280, 900)):
        context = await browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        page = await context.new_page()
        response = await page.goto(f"{world.base}/ladder/{TOKEN}?lang={locale}")
        assert response is not None and response.status == 200
        await page.click(f"text={friends_label}")  # the switch to the 找朋友 ladder
        await page.locator("h1", has_text=friends_label).wait_for()  # (the link loads another page)
        assert await page.locator("tbody tr").count() == 3
        assert friends_label in await page.inner_text("h1")
        levels = await page.locator("tbody tr td:nth-child(3)").all_inner_texts()
        assert sorted(levels) == sorted(friends.levels[s] for s in (0, 2, 3))
        overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (width, overflow)  # nothing wider than the screen
        await page.screenshot(path=str(SHOTS / f"ladder_shape_friends_{locale}_{width}.png"), full_page=True)
        await page.click(f"text={three_label}")
        await page.locator("h1", has_text=three_label).wait_for()
        assert await page.locator("tbody tr").count() == 3 and three_label in await page.inner_text("h1")
        other = "English" if locale == "zh-CN" else "中文"
        await page.click(f"text={other}")  # the other language keeps the shape
        await page.locator("h1", has_text="4 players · 3 decks" if locale == "zh-CN" else "4人 · 3副牌").wait_for()
        assert await page.locator("tbody tr").count() == 3
        await page.screenshot(path=str(SHOTS / f"ladder_shape_three_{locale}_{width}.png"), full_page=True)
        await context.close()
