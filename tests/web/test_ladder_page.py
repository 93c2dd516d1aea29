"""The public ladder page in Chromium (Playwright): off by default (404), on with a manager's token, at 390 px and on
a desktop in English and Chinese (screenshots in ``screenshots/``, git-ignored), the archive's podium and the hall of
fame, names and never ids, 100 players a page, cached, and 404 again the moment it is turned off."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

import i18n
from data.database import Database
from engine.rating import DEFAULT_MU, DEFAULT_SIGMA
from render.fonts import font_path
from tests.helpers.web import GUILD, WebWorld, chromium_or_skip

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
TOKEN = "Pg3-ladder_page_token_0123"
BASE_USER = 7_000_000_000_000_000
PLAYERS = 230


async def fill(db: Database, season: int, players: int) -> None:
    """``players`` ladder rows in ``season`` (user ``BASE_USER + i``, better ratings first) with names."""
    now = time.time()
    async with db.transaction() as tx:
        await tx.executemany(
            "INSERT INTO ladder (guild_id, season, user_id, progress, mu, sigma, ordinal, matches_won, matches_lost,"
            " streak, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(GUILD, season, BASE_USER + i, (players - i) % 30, DEFAULT_MU, DEFAULT_SIGMA, 40.0 - i * 0.1,
              20 - i % 20, i % 7, (i % 5) - 2, now) for i in range(players)])
    for i in range(players):
        name = "<b>Mallory</b>" if i == 1 else f"玩家{i}" if i % 3 == 0 else f"Player {i}"
        await db.remember_name(GUILD, BASE_USER + i, name)


@pytest_asyncio.fixture
async def world(tmp_path: Path) -> AsyncIterator[WebWorld]:
    w = WebWorld(tmp_path / "web.sqlite3")
    await w.start()
    assert w.db is not None
    await w.db.open_season(GUILD)
    await fill(w.db, 1, PLAYERS)
    end = await w.db.end_season(GUILD, time.time())
    assert end is not None and len(end.ended.podium) == 3
    await fill(w.db, 2, 40)
    yield w
    await w.stop()


def cjk_fonts(tmp_path: Path) -> dict[str, str]:
    """Chromium's environment with the renderer's bundled Noto Sans CJK added to fontconfig (this machine has no
    CJK font; players' phones do), so the Chinese screenshots show characters."""
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
                    f"<dir>{font_path('regular').parent}</dir><dir>{font_path('bold').parent}</dir>"
                    f"<cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>", encoding="utf-8")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


@pytest_asyncio.fixture
async def browser(tmp_path: Path) -> AsyncIterator[Any]:
    executable = chromium_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=executable, args=["--no-sandbox"],
                                            env=cjk_fonts(tmp_path))
        yield chromium
        await chromium.close()


async def status_of(world: WebWorld, path: str) -> tuple[int, str, dict[str, str]]:
    async with aiohttp.ClientSession() as http, http.get(world.base + path) as response:
        return response.status, await response.text(), dict(response.headers)


async def test_off_by_default_then_on_then_off(world: WebWorld) -> None:
    assert world.db is not None and world.server is not None
    status, text, _ = await status_of(world, f"/ladder/{TOKEN}")
    assert status == 404 and i18n.t("ladderpage.not_found", "en") in text  # nobody turned it on
    await world.db.set_ladder_page(GUILD, TOKEN, time.time())
    status, text, headers = await status_of(world, f"/ladder/{TOKEN}?lang=en")
    assert status == 200 and "public, max-age=" in headers["Cache-Control"]
    assert text.count("<tr>") == 41  # the header and 40 players of season 2
    hits = world.server.ladder_pages.hits
    assert (await status_of(world, f"/ladder/{TOKEN}?lang=en"))[1] == text
    assert world.server.ladder_pages.hits == hits + 1  # served from the cache
    for bad in ("?season=9", "?season=x", "?page=0", "?page=-1"):
        assert (await status_of(world, f"/ladder/{TOKEN}{bad}"))[0] == 404, bad
    assert (await status_of(world, f"/ladder/{TOKEN[:-1]}X"))[0] == 404  # a wrong token
    await world.db.set_ladder_page(GUILD, None, time.time())
    assert (await status_of(world, f"/ladder/{TOKEN}?lang=en"))[0] == 404  # off: gone at once, cache or not


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_page_on_a_phone_and_a_desktop(world: WebWorld, browser: Any, locale: str) -> None:
    assert world.db is not None
    await world.db.set_ladder_page(GUILD, TOKEN, time.time())
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (1280, 900)):
        context = await browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        page = await context.new_page()
        response = await page.goto(f"{world.base}/ladder/{TOKEN}?season=1&lang={locale}")
        assert response is not None and response.status == 200
        content = await page.content()
        assert str(BASE_USER) not in content and str(GUILD) not in content  # names, never ids
        assert "<b>Mallory</b>" not in content and "&lt;b&gt;Mallory&lt;/b&gt;" in content  # escaped
        assert await page.locator("tbody tr").count() == 100  # the first page of 230
        assert await page.locator(".podium div").count() == 3
        # its one style sheet is allowed by the page's Content-Security-Policy (web.headers): applied, not blocked
        assert await page.evaluate("document.styleSheets.length === 1 && document.styleSheets[0].cssRules.length > 0")
        assert i18n.t("ladderpage.podium", locale) in await page.inner_text("main")
        assert i18n.t("ladderpage.hall", locale) in await page.inner_text("main")
        overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (width, overflow)  # nothing wider than the screen
        await page.screenshot(path=str(SHOTS / f"ladder_page_{locale}_{width}.png"), full_page=False)
        await page.click("a[rel=next]")
        assert await page.locator("tbody tr").count() == 100
        assert await page.locator("tbody tr td.n").first.inner_text() == "101"
        await page.click(f"text={i18n.t('season.numbered', locale, number=2)}")  # the current season
        assert await page.locator("tbody tr").count() == 40 and await page.locator(".podium div").count() == 0
        await page.screenshot(path=str(SHOTS / f"ladder_page_current_{locale}_{width}.png"), full_page=True)
        await context.close()
