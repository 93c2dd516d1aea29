"""Pictures read on a phone: Discord shows an attachment about ``SHOWN`` px wide on a 390 px screen, so every text
of the pictures the thread, the panel and the commands show (the table, compact or with its side panel below,
the hand, the hand and match summaries, the ladder, the stats card, a tournament's bracket and standings) is drawn
large enough for its picture's
width: at least ``SMALLEST`` px once shown, and seat names, card counts and the numbers under the cards at least
``KEY`` px."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from engine.rules import Rules
from engine.views import Phase
from render import (
    draw,
    render_hand,
    render_hand_summary,
    render_ladder,
    render_match_summary,
    render_stats,
    render_table,
    samples,
)
from render.fonts import clean_text
from render.tournament import BracketBox, BracketColumn, StandingLine, render_bracket, render_standings

SHOWN = 320  # px: a 390 px screen less the avatar column and the margins
SMALLEST = 8.0
KEY = 10.0


@contextmanager
def texts() -> Iterator[list[tuple[int, str]]]:
    """Every (font size, text) drawn meanwhile."""
    seen: list[tuple[int, str]] = []
    original = draw.Canvas.text

    def text(self: draw.Canvas, xy: Any, s: str, fnt: Any, fill: Any, anchor: str = "la") -> None:
        seen.append((int(fnt.size), s))
        original(self, xy, s, fnt, fill, anchor)

    draw.Canvas.text = text  # type: ignore[method-assign, assignment]
    try:
        yield seen
    finally:
        draw.Canvas.text = original  # type: ignore[method-assign]


def _shown(size: int, png: bytes) -> float:
    return size * SHOWN / Image.open(io.BytesIO(png)).width


PICTURES: dict[str, Callable[[str], bytes]] = {
    "compact_table": lambda loc: render_table(samples.public_view(trick_plays=2), samples.LONG_NAMES, locale=loc,
                                              compact=True),
    "table": lambda loc: render_table(samples.public_view(trick_plays=2), samples.LONG_NAMES, locale=loc),
    "table_declaring": lambda loc: render_table(samples.declaring_view(), samples.NAMES, locale=loc),
    "compact_declaring": lambda loc: render_table(samples.declaring_view(), samples.NAMES, locale=loc, compact=True),
    "hand": lambda loc: render_hand(samples.seat_view(25), locale=loc, selected=(1, 2), names=samples.LONG_NAMES),
    "hand_burying": lambda loc: render_hand(samples.seat_view(33, phase=Phase.BURYING, kitty=True), locale=loc),
    "summary": lambda loc: render_hand_summary(replace(samples.hand_result(), notes=("settle.jack_bottom",)),
                                               samples.NAMES, locale=loc),
    "match": lambda loc: render_match_summary(samples.match_results(), samples.NAMES, 0, locale=loc, rules=Rules()),
    "match_one_hand": lambda loc: render_match_summary(samples.match_results()[-1:], samples.NAMES, 0, locale=loc),
    "ladder": lambda loc: render_ladder(samples.ladder_rows(20), title="Ladder", locale=loc),
    "stats": lambda loc: render_stats(samples.stats_card(), locale=loc),
    "bracket": lambda loc: render_bracket(_bracket(), title="Spring Cup · knock-out", locale=loc),
    "standings": lambda loc: render_standings(_standings(), title="Spring Cup · Swiss", locale=loc),
}


def _bracket() -> list[BracketColumn]:
    """Nine teams with long names: 9 → 5 → 3 → 2 → 1, a bye in every odd round, notes under the boxes."""
    names = [f"{samples.LONG_NAMES[i % 4]} {i}" for i in range(9)]
    box = BracketBox(names[0], names[1], "4", "4", winner=0, decided=True, note=f"{names[0]} passed 4")
    bye = BracketBox(names[8], None, "bye", "", winner=0, decided=True, note="bye: no game this round")
    return [BracketColumn("Round 1", (box,) * 4 + (bye,)), BracketColumn("Quarter-final", (box, box, bye)),
            BracketColumn("Semi-final", (box, bye)), BracketColumn("Final", (box,))]


def _standings() -> list[StandingLine]:
    pair = " & ".join(samples.LONG_NAMES[:2])
    return [StandingLine(rank=i + 1, team=f"{samples.LONG_NAMES[i % 4]} & co", players=pair,
                         points=f"{5 - i / 2:g}", record=f"{4 - i // 2}–1–{i // 2}", level_diff=3 - i, byes=i % 2,
                         note="group A") for i in range(8)]


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_text_reads_at_a_phones_width(name: str, locale: str) -> None:
    with texts() as seen:
        png = PICTURES[name](locale)
    assert seen
    small = [(size, text) for size, text in seen if _shown(size, png) < SMALLEST]
    assert not small, small


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_seat_names_card_counts_and_card_numbers_are_large(locale: str) -> None:
    view = samples.public_view()
    with texts() as seen:
        png = render_table(view, samples.NAMES, locale=locale, compact=True)
    for seat, name in enumerate(samples.NAMES):
        size = next(size for size, text in seen if text == clean_text(name))  # 王小明 without the emoji
        assert _shown(size, png) >= KEY, (name, size)
        count = next(size for size, text in seen if f"· {view.hand_sizes[seat]}" in text)
        assert _shown(count, png) >= KEY
    with texts() as seen:
        png = render_hand(samples.seat_view(25), locale=locale)
    numbers = [size for size, text in seen if text.isdigit()]
    assert len(numbers) >= 25 and all(_shown(size, png) >= KEY for size in numbers)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_jokers_differ_without_colour_also_small(lang: str) -> None:
    """大王/小王 read apart in grey (colour-blind players, the small cards of the last-trick panel)."""
    from PIL import ImageChops, ImageStat

    from engine.cards import Card
    from render.sprites import sprite_for
    from render.theme import HAND_CARD, SMALL_CARD

    for size in (SMALL_CARD, HAND_CARD):
        big, small = (sprite_for(Card(r, ""), size, True, False, lang).convert("L").point(lambda v: 255 * (v < 160))
                      for r in ("BJ", "SJ"))  # ink or paper: the shapes alone, whatever their colour
        assert ImageStat.Stat(ImageChops.difference(big, small)).mean[0] > 3  # (the same card: 0)
