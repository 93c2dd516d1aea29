"""The private hand picture keeps its height through a hand: the header is one line whatever is selected and
whoever's turn it is (type smaller, then the least important chips left out, then the turn's name cut), the
card area is ``MAX_ROWS`` rows however many cards are left, and the kitty strip is always there (face down, in
the burier's hand, or buried face up)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

import i18n
from engine.views import Phase
from render import render_hand, samples
from render.fonts import text_width
from render.hand import MARGIN
from render.hand_header import GAP, PAD, fit_header, ranked_chips
from render.hand_layout import row_width
from render.labels import chip_width

WIDTH = row_width() + 2 * MARGIN


def _height(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).height


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_height_is_fixed_through_a_hand(locale: str) -> None:
    heights = set()
    for n in (25, 18, 9, 1, 0):  # cards played from a full hand
        view = samples.seat_view(n)
        for selected in ((), (0,), tuple(range(min(n, 12)))):
            for names in (None, samples.LONG_NAMES):
                heights.add(_height(render_hand(view, locale=locale, selected=selected, names=names)))
    for n in (3, 13, 25):  # dealing: the hand grows
        heights.add(_height(render_hand(samples.seat_view(n, phase=Phase.DEALING, trump=None), locale=locale)))
    burying = samples.seat_view(33, phase=Phase.BURYING, kitty=True)  # the dealer: 33 cards, then the kitty buried
    burying = replace(burying, public=replace(burying.public, to_act=(0,), kitty_holder=0))
    heights.add(_height(render_hand(burying, locale=locale, selected=range(8))))
    for n in (25, 7):
        heights.add(_height(render_hand(samples.seat_view(n, kitty=True), locale=locale)))
    assert len(heights) == 1, heights


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("names", [samples.NAMES, samples.LONG_NAMES])
def test_the_header_is_one_line_that_fits(locale: str, names: tuple[str, ...]) -> None:
    turn_of_other = replace(samples.seat_view(25), public=replace(samples.public_view(), to_act=(3,)))
    burying = samples.seat_view(33, phase=Phase.BURYING, kitty=True)
    burying = replace(burying, public=replace(burying.public, to_act=(0,), kitty_holder=0))
    for view in (turn_of_other, burying, samples.seat_view(25, phase=Phase.DECLARING, trump=None)):
        for n_selected in (0, 3, 25):
            fnt, chips = fit_header(ranked_chips(view, names, locale, n_selected, False), WIDTH - 2 * MARGIN)
            used = sum(chip_width(c, fnt, PAD) for c in chips) + GAP * (len(chips) - 1)
            assert used <= WIDTH - 2 * MARGIN
            texts = [c.text for c in chips]
            assert texts[1] == i18n.t("render.level", locale, level=view.public.level)  # trump and level always
            if n_selected:  # the selection count is kept (the turn's name is cut first)
                assert texts[-1] == i18n.t("render.selected", locale, n=n_selected), texts


def test_a_long_name_is_cut_not_wrapped() -> None:
    view = replace(samples.seat_view(25), public=replace(samples.public_view(), to_act=(3,)))
    fnt, chips = fit_header(ranked_chips(view, samples.LONG_NAMES, "en", 12, False), WIDTH - 2 * MARGIN)
    turn = next(c.text for c in chips if c.text.startswith("Turn"))
    assert turn.endswith("…") and text_width(turn, fnt) < text_width(f"Turn: {samples.LONG_NAMES[3]}", fnt)
    assert fnt.size >= 20  # still readable on a phone (the picture is shown at about half size)


def test_an_empty_hand_says_so_in_the_middle_of_the_fixed_rows() -> None:
    from tests.render.test_phone import texts

    for locale in ("en", "zh-CN"):
        with texts() as seen:
            played_out = render_hand(samples.seat_view(0), locale=locale)
        assert (28, i18n.t("render.hand_empty", locale)) in seen
        with texts() as seen:
            render_hand(samples.seat_view(0, phase=Phase.DEALING, trump=None), locale=locale)
        assert (28, i18n.t("render.hand_none", locale)) in seen
        assert _height(played_out) == _height(render_hand(samples.seat_view(25), locale=locale))
