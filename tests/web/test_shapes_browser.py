"""The web table at every shape, in Chromium: an eight-seat (four decks) and a six-seat (three decks) 找朋友 table,
alice against AI seats, her seat open on a phone (390 × 844) and on a desktop (1366 × 900) in the other language,
a spectator on a phone.
Through the phone page she declares, buries the shape's kitty and calls her friends (card + ordinal pickers; a
duplicate call refused with the engine's reason, localized, before anything is sent), then plays until a friend is
revealed and the hand ends. The pages show every seat around the table, the calls with the copies still to go by,
the revealed friend marked, each player's level, and the summary's per-player levels; every frame each page was sent
is scanned for another seat's cards. Screenshots go to ``screenshots/shapes/`` (not committed)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from data.records import Mode
from engine.actions import Pass
from engine.rules import Rules
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
    press,
    record_frames,
    take_turn,
    tap_cards,
    wait_for,
    wait_version,
    web_world,
)
from tests.helpers.web_shapes import ALICE, friends_table

__all__ = ["browser", "web_world"]

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "shapes"
PHONE, DESKTOP = (390, 844), (1366, 900)


async def _dealer_table(world: WebWorld, browser: Any, players: int, locale: str) -> tuple[int, Any]:
    """A 找朋友 table of ``players`` seats where alice (seat 0) declared through her phone page and must bury."""
    assert world.links is not None
    table_id, mine = await friends_table(world, players)
    session = world.session(table_id)
    page = await open_page(browser, await world.links.issue(Caller(ALICE, GUILD), table_id, locale), *PHONE)
    await wait_version(page, session.table.version)
    version = session.table.version
    await tap_cards(page, [str(c) for c in mine.cards])
    await press(page, "#actions .act.main")
    await wait_for(lambda: session.table.version > version)
    while session.table.phase is Phase.DECLARING:
        if 0 in session.table.to_act():
            await take_turn(world, page, table_id, 0, declare=False)
        await asyncio.sleep(0.02)
    assert session.table.phase is Phase.BURYING and session.table.to_act() == (0,)
    return table_id, page


async def _shoot(pages: dict[str, Any], name: str, version: int | None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, page in pages.items():
        if version is not None:
            await wait_version(page, version)
        await asyncio.sleep(0.2)  # the fonts and the last layout
        await page.screenshot(path=str(SHOTS / f"{name}_{label}.png"), full_page=True)


async def _bury_and_call(world: WebWorld, page: Any, table_id: int, calls: int) -> None:
    """The kitty's count of cards tapped, a duplicate call refused by the server, then the default calls sent."""
    session = world.session(table_id)
    kitty = session.table.rules.shape.kitty
    await wait_version(page, session.table.version)
    assert await page.locator("#call-step .call-row").count() == calls
    # Hint: the AI's bury and calls, taken into the page's selection and pickers
    assert world.game is not None
    hint = world.game.suggest(table_id, ALICE)
    await press(page, "#actions .act.hint")
    await page.wait_for_function("!document.querySelector('#actions .act.main').disabled", timeout=WAIT_MS)
    assert await page.locator("#hand .card.selected").count() == kitty
    picked = await page.locator("#call-step .call-card select").evaluate_all("els => els.map(e => e.value)")
    assert picked == [str(c.card) for c in hint.calls]  # type: ignore[attr-defined]
    if calls >= 2:  # the second call made the same as the first: the engine refuses it, localized
        first = await page.locator("#call-step .call-row .call-card select").first.input_value()
        await page.locator("#call-step .call-row .call-card select").nth(1).select_option(first)
        await page.wait_for_function("document.querySelector('#explain').classList.contains('bad')", timeout=WAIT_MS)
        assert await page.locator("#actions .act.main").is_disabled()
        said = await page.locator("#explain").inner_text()
        assert first in said or "同一张" in said or "twice" in said, said
        chosen = await page.locator("#call-step .call-card select").evaluate_all("els => els.map(e => e.value)")
        offered = await page.locator("#call-step .call-card select").nth(1).evaluate(
            "e => [...e.options].map(o => o.value)")
        await page.locator("#call-step .call-card select").nth(1).select_option(
            next(o for o in offered if o not in chosen))
        await page.wait_for_function("!document.querySelector('#actions .act.main').disabled", timeout=WAIT_MS)
    version = session.table.version
    await press(page, "#actions .act.main")
    await wait_for(lambda: session.table.version > version)
    assert session.table.phase is Phase.PLAYING


@pytest.mark.parametrize(("players", "locale"), [(8, "en"), (6, "zh-CN")])
async def test_a_friends_table_in_the_browser(web_world: WebWorld, browser: Any, monkeypatch: pytest.MonkeyPatch,
                                              players: int, locale: str) -> None:
    world = web_world
    record_frames(world, monkeypatch)
    table_id, phone = await _dealer_table(world, browser, players, locale)
    other = "zh-CN" if locale == "en" else "en"
    assert world.links is not None
    desktop = await open_page(browser, await world.links.issue(Caller(ALICE, GUILD), table_id, other, revoke=False),
                              *DESKTOP)
    watcher = await open_page(browser, await world.links.issue(Caller(999, GUILD), table_id, locale), *PHONE)
    pages = {f"phone_{locale}": phone, f"desktop_{other}": desktop, f"spectator_{locale}": watcher}
    session = world.session(table_id)
    tag = f"{players}seats"
    # every seat around the table, alice's own at the bottom
    for page in pages.values():
        await wait_version(page, session.table.version)
        assert await page.locator("#table .seat").count() == players
        assert await page.locator("#seat-p0.mine").count() == (0 if page is watcher else 1)
    await _shoot(pages, f"{tag}_1_calling", session.table.version)
    calls = session.table.rules.friend_calls
    await _bury_and_call(world, phone, table_id, calls)
    await wait_version(phone, session.table.version)
    assert await phone.locator("#calls .call").count() == calls
    await _shoot(pages, f"{tag}_2_calls", session.table.version)
    revealed = False
    while session.table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        friends = session.table.public_view().friends
        if not revealed and friends is not None and len(friends.team) > 1:
            revealed = True
            for page in pages.values():  # (the AI seats play on meanwhile: this version or a later one)
                await page.wait_for_function(f"Number(document.body.dataset.version) >= {session.table.version}",
                                             timeout=WAIT_MS)
                assert await page.locator("#table .seat .badge").count() >= 1
                assert await page.locator("#table .seat.dealer-side").count() >= 2
                assert await page.locator("#calls .call.filled").count() >= 1
            await _shoot(pages, f"{tag}_3_friend", None)
        if 0 in session.table.to_act():
            await take_turn(world, phone, table_id, 0)
        else:
            await asyncio.sleep(0.02)
    assert revealed, "no friend was revealed in the whole hand"
    result = session.table.public_view().last_result
    assert result is not None and len(result.levels_after) == players and result.team
    for page in pages.values():
        await wait_version(page, session.table.version)
        await page.locator("#overlay:not([hidden])").wait_for(timeout=WAIT_MS)
        assert await page.locator("#sheet .player-levels li").count() == players
        gained = [s for s, g in enumerate(result.level_gains) if g]  # the match's list names who gained
        listed = await page.locator("#results li").first.text_content() or ""
        assert all(f"AI {s + 1}" in listed or s == 0 for s in gained), listed
    await _shoot(pages, f"{tag}_4_summary", session.table.version)
    # both pages' frames, every one scanned for another seat's cards
    assert await watcher.locator("#hand .card").count() == 0 and await watcher.locator("#call-step select").count() == 0
    assert world.sent and not leaks(world.sent) and {s.seat for s in world.sent} == {0, -1}
    assert any("calls" in s.frame.get("private", {}) and s.frame["private"]["calls"] for s in world.sent)


@pytest.mark.parametrize(("options", "seats", "cards"), [({"decks": 4}, 4, 52),
                                                          ({"players": 5, "mode": "friends"}, 5, 0),
                                                          ({"players": 7, "mode": "friends"}, 7, 0),
                                                          ({"players": 6}, 6, 0), ({"mode": "friends"}, 4, 0)])
async def test_every_shape_fits_a_phone(web_world: WebWorld, browser: Any, options: dict[str, Any], seats: int,
                                        cards: int) -> None:
    """A four-deck hand of 52 cards, five and seven seats around the table, six seats of fixed partners and four of
    找朋友, on a 390 px phone: every seat and card inside the screen, nothing to scroll sideways, cards at least 30 px
    wide; fixed partners keep their team colours, 找朋友 seats are neutral but the dealer's."""
    world = web_world
    assert world.game is not None and world.links is not None
    rec = await world.game.open_table(guild_id=GUILD, channel_id=1, host_id=ALICE, host_name="alice",
                                      mode=Mode.ASYNC, options=OPTIONS,
                                      rules=Rules.from_preset("standard", **options))
    for _ in range(seats - 1):
        await world.game.add_ai(rec.table_id, ALICE, level="basic")
    await world.game.start(rec.table_id, ALICE)
    session = world.session(rec.table_id)
    await wait_for(lambda: session.table.phase is not Phase.DEALING)
    page = await open_page(browser, await world.links.issue(Caller(ALICE, GUILD), rec.table_id), *PHONE)
    await wait_version(page, session.table.version)
    hand = len(session.table.seat_view(0).hand)
    assert not cards or hand == cards
    assert await page.locator("#table .seat").count() == seats
    assert await page.locator("#hand .card").count() == hand
    assert await page.locator("#hand .suit-row").count() <= 5  # trumps (jokers, level cards), then four suits
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    for box in [await el.bounding_box() for el in await page.locator("#table .seat, #hand .card").all()]:
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
    for card in await page.locator("#hand .card").all():
        box = await card.bounding_box()
        assert box is not None and box["width"] >= 30
    fixed = options.get("mode") != "friends"
    assert await page.locator("#table .seat.team0, #table .seat.team1").count() == (seats if fixed else 0)
    label = "_".join(f"{k}{v}" for k, v in options.items())
    await _shoot({"phone_en": page}, f"fit_{label}", session.table.version)


async def test_four_seat_friends_in_play_on_a_phone(web_world: WebWorld, browser: Any) -> None:
    """Four seats of 找朋友 keep the four-seat table: in play, the call sits in the centre under the trick, inside
    the screen, with nothing to scroll sideways; the dealer is gold, the three others neutral until revealed."""
    world = web_world
    assert world.game is not None and world.links is not None
    table_id, mine = await friends_table(world, 4)
    session = world.session(table_id)
    await world.game.act(table_id, ALICE, mine)
    while session.table.phase is not Phase.BURYING or session.table.to_act() != (0,):
        if session.table.phase is Phase.DECLARING and 0 in session.table.to_act():
            await world.game.act(table_id, ALICE, Pass())
        await asyncio.sleep(0.02)
    await world.game.act(table_id, ALICE, world.game.suggest(table_id, ALICE))  # the AI's bury and call
    assert session.table.phase is Phase.PLAYING
    page = await open_page(browser, await world.links.issue(Caller(ALICE, GUILD), table_id, "zh-CN"), *PHONE)
    await wait_version(page, session.table.version)
    assert await page.locator("#table .seat").count() == 4 and not await page.locator("#table.ring").count()
    assert await page.locator("#calls .call").count() == 1
    assert await page.locator("#table .seat.dealer-side").count() == 1
    assert await page.locator("#table .seat.unknown").count() == 3
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    box = await page.locator("#calls").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
    await _shoot({"phone_zh-CN": page}, "friends4_playing", session.table.version)
