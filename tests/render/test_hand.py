"""The private hand picture: 33 cards fit in at most three rows inside the image, selection raises cards,
output is deterministic, and only a SeatView is accepted."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from engine.handorder import hand_groups, hand_order
from engine.views import Phase
from render import render_hand
from render.hand import MARGIN
from render.hand_layout import MAX_ROWS, layout_cost, layout_hand, row_width
from render.samples import seat_view
from render.theme import FELT, HAND_CARD


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("trump", ["S", "C", "NT", None])
def test_33_cards_fit_in_three_rows(seed: int, trump: str | None) -> None:
    view = seat_view(33, seed=seed, trump=trump)
    placed = layout_hand([g for _, g in hand_groups(view.hand, view.public)], row_width())
    assert len(placed) == 33
    assert [p.index for p in placed] == list(range(33))
    assert max(p.row for p in placed) < MAX_ROWS
    assert all(p.x >= 0 and p.x + HAND_CARD.width <= row_width() for p in placed)
    for a, b in itertools.pairwise(placed):  # left to right within a row, never stacked
        assert (b.row, b.x) > (a.row, a.x)


def test_nothing_drawn_in_the_side_margins() -> None:
    view = seat_view(33, seed=3, phase=Phase.BURYING)
    image = _image(render_hand(view, locale="zh-CN", selected=range(0, 33, 3)))
    w, h = image.size
    assert w == row_width() + 2 * MARGIN
    header = 60
    felt = image.getpixel((1, h - 1))
    assert max(abs(a - b) for a, b in zip(felt, FELT, strict=True)) <= 3
    for x in (*range(0, MARGIN - 4), *range(w - MARGIN + 4, w)):
        column = {image.getpixel((x, y)) for y in range(header + 10, h)}
        assert column == {felt}, x


def test_selection_raises_cards_and_ignores_bad_indices() -> None:
    view = seat_view(25)
    plain = render_hand(view, locale="en")
    assert render_hand(view, locale="en", selected=(99, -1)) == plain
    raised = _image(render_hand(view, locale="en", selected=(0, 1)))
    assert raised.size == _image(plain).size
    assert raised.tobytes() != _image(plain).tobytes()


def test_deterministic_and_small() -> None:
    view = seat_view(33, kitty=False)
    first = render_hand(view, locale="zh-CN", four_colour=True)
    assert render_hand(view, locale="zh-CN", four_colour=True) == first
    assert first[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(first) <= 150 * 1024


def test_labels_follow_hand_order_and_can_be_hidden() -> None:
    view = seat_view(25)
    order = hand_order(view)
    assert len(order) == 25
    with_labels = _image(render_hand(view, locale="en"))
    without = _image(render_hand(view, locale="en", labels=False))
    assert without.height < with_labels.height


def test_kitty_strip_for_the_burier_after_burying() -> None:
    """The burier sees its buried cards face up; the others the kitty face down, on a strip of the same height."""
    import i18n
    from render.hand import STRIP_FONT
    from tests.render.test_phone import texts

    with texts() as seen:
        buried = render_hand(seat_view(25, kitty=True), locale="en")
    assert (STRIP_FONT, i18n.t("render.buried", "en")) in seen
    with texts() as seen:
        hidden = render_hand(seat_view(25), locale="en")
    assert (STRIP_FONT, i18n.t("render.kitty_hidden", "en")) in seen
    assert (STRIP_FONT, i18n.t("render.buried", "en")) not in seen
    assert _image(buried).size == _image(hidden).size and buried != hidden


def test_empty_hand_renders() -> None:
    from dataclasses import replace

    assert render_hand(replace(seat_view(25), hand=()), locale="en")[:4] == b"\x89PNG"


def test_rejects_a_public_view() -> None:
    with pytest.raises(TypeError):
        render_hand(seat_view().public, locale="en")  # type: ignore[arg-type]


def test_layout_avoids_tiny_pieces_of_split_groups() -> None:
    """Real 33-card hand (no trump): groups of 3, 7, 7, 9, 7 cards; no group leaves one card on a row."""
    from engine.cards import parse_cards

    groups = [list(parse_cards(g)) for g in ("BJ BJ 2C", "QS JS 10S 9S 9S 7S 5S", "AH KH 7H 7H 6H 5H 3H",
                                               "AC KC QC JC 10C 8C 5C 4C 3C", "AD KD QD 8D 7D 5D 3D")]
    placed = layout_hand(groups, row_width())
    too_many, _ = layout_cost(placed, groups)
    assert not too_many
    start = 0
    for group in groups:
        rows = [p.row for p in placed[start:start + len(group)]]
        start += len(group)
        assert all(rows.count(r) >= 3 for r in set(rows)), rows


def test_kitty_cards_are_marked_only_while_burying() -> None:
    from dataclasses import replace

    from render.hand import kitty_indices

    view = seat_view(33, phase=Phase.BURYING)
    view = replace(view, kitty=view.hand[25:], public=replace(view.public, to_act=(0,)))
    placed = layout_hand([g for _, g in hand_groups(view.hand, view.public)], row_width())
    marked = kitty_indices(placed, view)
    assert len(marked) == 8
    assert sorted(str(placed[i].card) for i in marked) == sorted(map(str, view.hand[25:]))
    playing = replace(view, public=replace(view.public, phase=Phase.PLAYING))
    assert kitty_indices(placed, playing) == set()
    assert render_hand(view, locale="en") != render_hand(replace(view, kitty=None), locale="en")
