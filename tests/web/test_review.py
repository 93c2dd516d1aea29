"""The AI review in a real browser (Chromium through Playwright): a finished hand's replay, the "AI review" toggle,
the status while the low-priority worker computes, then the plays that cost something (only those, the worst
first) with the strong AI's choice and cost, in both languages; every frame the page was sent scanned for another
seat's cards."""

from __future__ import annotations

from typing import Any

import pytest

from runtime.access import Caller
from runtime.records.review import Mark
from tests.ai.test_review import finish_hand
from tests.helpers.web import (
    GUILD,
    WAIT_MS,
    WebWorld,
    browser,
    leaks,
    open_page,
    record_frames,
    wait_version,
    web_world,
)

__all__ = ["browser", "web_world"]
REVIEW_MS = 300_000  # the worker runs at the lowest priority on a shared machine


def costly(marks: list[Mark]) -> list[Mark]:
    """The marks the page shows: a cost above zero (points or levels), the worst first."""
    return sorted((m for m in marks if m.points > 0 or m.levels > 0),
                  key=lambda m: (-round(m.points, 1), -round(m.levels, 3), m.trick))


async def _marked_trick(page: Any, tricks: set[int]) -> None:
    """Step the replay forward to the first trick with a mark."""
    first = min(tricks)
    for _ in range(first):
        await page.locator("#sheet .act.next").click()


async def test_review_toggle_marks_the_plays_in_a_finished_hands_replay(web_world: WebWorld, browser: Any,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    world = web_world
    assert world.server is not None and world.links is not None
    world.server.frames.reviewer.worlds = 4
    record_frames(world, monkeypatch)
    table_id = await world.table([(101, "alice")], n_ai=3)
    await finish_hand(world, table_id)
    page = await open_page(browser, await world.links.issue(Caller(101, GUILD), table_id))
    await wait_version(page, world.session(table_id).table.version)
    await page.locator("#overlay:not([hidden])").wait_for(timeout=WAIT_MS)
    await page.locator("#sheet .act", has_text="Replay").click()
    await page.locator("#replay-title").wait_for(timeout=WAIT_MS)
    assert await page.locator("#sheet .act.review").get_attribute("aria-pressed") == "false"
    await page.locator("#sheet .act.review").click()
    assert await page.locator("#sheet .act.review").get_attribute("aria-pressed") == "true"
    await page.wait_for_function("/strong AI.s estimate|no play that cost/"
                                 ".test(document.querySelector('#review-status')?.textContent || '')",
                                 timeout=REVIEW_MS)
    every = world.server.frames.reviewer.cached(table_id, 1)
    assert every
    marks = costly(every)  # only the plays that cost something are shown
    assert marks and len(marks) < len(every)
    status = await page.locator("#review-status").inner_text()
    assert status == f"{len(marks)} plays cost something by the strong AI's estimate: the worst first."
    await _marked_trick(page, {m.trick for m in marks})
    here = [m for m in marks if m.trick == min(m.trick for m in marks)]
    assert await page.locator("#replay-trick .logplay.reviewed").count() == len(here)
    for m in here:
        assert await page.locator(f'#replay-trick .logplay.reviewed[data-seat="{m.seat}"]').count() == 1
    notes = page.locator("#review-notes .review-mark")
    assert await notes.count() == len(here)
    first = await notes.first.inner_text()
    assert "AI would play" in first and "estimated cost" in first
    codes = await notes.first.locator(".card").evaluate_all("els => els.map(e => e.dataset.code)")
    assert codes == [str(c) for c in here[0].choice]
    # closed, the language switched, opened again from the match's results: in Chinese, the same marks at once
    await page.locator("#sheet .act", has_text="Close").click()
    await page.locator("#sheet .act", has_text="Close").click()  # the hand's summary under it
    await page.locator("#overlay").wait_for(state="hidden", timeout=WAIT_MS)
    await page.locator("#lang").click()
    await page.wait_for_function("document.documentElement.lang === 'zh-CN'", timeout=WAIT_MS)
    await page.locator("#results-title").click()
    await page.locator("#results .replay").click()
    await page.locator("#replay-title").wait_for(timeout=WAIT_MS)
    await page.locator("#sheet .act.review").click()
    status = await page.locator("#review-status").inner_text()
    assert status == f"按强 AI 的估计，有 {len(marks)} 手牌有损失：损失大的在前。"
    marked = list(dict.fromkeys(m.trick for m in marks))  # the worst first
    assert await page.locator("#review-jumps .act.jump").all_inner_texts() == [str(t + 1) for t in marked]
    await page.locator("#review-jumps .act.jump").first.click()  # straight to the worst play's trick
    total = len(world.session(table_id).table.public_view().tricks)
    assert await page.locator("#replay-title").inner_text() == f"第 1 局 · 第 {marked[0] + 1}/{total} 轮"
    last = [m for m in marks if m.trick == marked[0]]
    assert await page.locator("#review-notes .review-mark").count() == len(last)
    assert "AI 会出" in await page.locator("#review-notes .review-mark").first.inner_text()
    # toggled off: no marks
    await page.locator("#sheet .act.review").click()
    assert await page.locator("#replay-trick .logplay.reviewed").count() == 0
    assert await page.locator("#review-notes").count() == 0
    assert not leaks(world.sent)
