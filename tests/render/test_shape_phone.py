"""Pictures of every shape read on a phone (``tests/render/test_phone.py``'s rule): every text at least ``SMALLEST``
px once shown ~320 px wide, seat names, card counts and the numbers under the cards at least ``KEY`` px."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from render import render_hand, render_hand_summary, render_match_summary, render_table
from render.fonts import clean_text
from tests.render.test_phone import KEY, SMALLEST, _shown, texts
from tests.render.test_shape_hands import burying
from tests.render.test_shape_summaries import after_hands
from tests.render.test_shapes import NAMES, mid_hand

PICTURES: dict[str, Callable[[str], bytes]] = {
    "table_8_friends": lambda loc: render_table(mid_hand(4, 8, "friends").public_view(), NAMES, locale=loc),
    "compact_6_friends": lambda loc: render_table(mid_hand(3, 6, "friends").public_view(), NAMES[:6], locale=loc,
                                                  compact=True),
    "table_6_fixed": lambda loc: render_table(mid_hand(2, 6, "tractor").public_view(), NAMES[:6], locale=loc),
    "table_5_burying": lambda loc: render_table(burying(2, 5).public_view(), NAMES[:5], locale=loc),
    "hand_60_burying": lambda loc: render_hand(burying(4, 4).seat_view(burying(4, 4).hand.kitty_holder or 0),
                                               locale=loc),
    "summary_8_friends": lambda loc: render_hand_summary(after_hands(4, 8, "friends", 1).results[0], NAMES,
                                                         locale=loc, rules=after_hands(4, 8, "friends", 1).rules),
    "match_6_friends": lambda loc: render_match_summary(after_hands(3, 6, "friends", 3), NAMES[:6], locale=loc),
}


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_text_of_every_shape_reads_at_a_phones_width(name: str, locale: str) -> None:
    with texts() as seen:
        png = PICTURES[name](locale)
    assert seen
    small = [(size, text) for size, text in seen if _shown(size, png) < SMALLEST]
    assert not small, small


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_eight_seats_names_and_card_counts_are_large(locale: str) -> None:
    view = mid_hand(4, 8, "friends").public_view()
    with texts() as seen:
        png = render_table(view, NAMES, locale=locale, compact=True)
    for seat, name in enumerate(NAMES):
        size = next(size for size, text in seen if text == clean_text(name))
        assert _shown(size, png) >= KEY, (name, size)
        count = next(size for size, text in seen if f"· {view.hand_sizes[seat]}" in text)
        assert _shown(count, png) >= KEY
