"""The public table picture: it refuses a SeatView, never depends on a hand, fits 32-character and emoji names
inside their boxes, and renders every phase in both locales."""

from __future__ import annotations

import io
from dataclasses import replace
from itertools import combinations

import pytest
from PIL import Image, ImageChops

from engine.cards import parse_cards
from engine.views import Phase, SeatView
from render import render_table
from render.samples import LONG_NAMES, NAMES, declaring_view, public_view, seat_view
from render.side_panel import BAND_H
from render.table import BOX_H, MAIN_W, TABLE_H, WIDTH, seat_spots


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_rejects_a_seat_view() -> None:
    with pytest.raises(TypeError):
        render_table(seat_view(), NAMES, locale="en")  # type: ignore[arg-type]


def test_identical_whatever_the_hands() -> None:
    """Two real tables dealt from different seeds: different hands, the same public state, the same picture."""
    from engine.actions import DealAll
    from engine.rules import Rules
    from engine.table import Table

    a, b = Table.new(Rules(), 1), Table.new(Rules(), 2)
    a.apply(DealAll())
    b.apply(DealAll())
    assert a.seat_view(0).hand != b.seat_view(0).hand
    assert a.public_view() == b.public_view()
    assert render_table(a.public_view(), NAMES, locale="zh-CN") == render_table(b.public_view(), NAMES, locale="zh-CN")
    hands = SeatView(seat=0, public=public_view(), hand=parse_cards("BJ BJ SJ 7H 7H AH"))
    assert render_table(hands.public, NAMES, locale="en") == render_table(public_view(), NAMES, locale="en")


def test_deterministic_and_small() -> None:
    png = render_table(public_view(), LONG_NAMES, locale="en", seat_highlight=2)
    assert png == render_table(public_view(), LONG_NAMES, locale="en", seat_highlight=2)
    assert len(png) <= 150 * 1024


def test_seat_boxes_inside_and_apart() -> None:
    spots = seat_spots(60)
    boxes = [s.box for s in spots.values()]
    for x0, y0, x1, y1 in boxes:
        assert 0 <= x0 < x1 <= MAIN_W and 60 <= y0 < y1 <= 60 + TABLE_H and y1 - y0 == BOX_H
    for a, b in combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    for spot in spots.values():  # play areas stay on the table
        assert spot.play_x - spot.play_w / 2 >= 0 and spot.play_x + spot.play_w / 2 <= MAIN_W


def test_long_names_stay_inside_their_boxes() -> None:
    """Swap short names for 32-character ones: every changed pixel is in a name box, the header or the panel."""
    view = replace(public_view(), penalties=())
    short, long = _image(render_table(view, NAMES, locale="en")), _image(render_table(view, LONG_NAMES, locale="en"))
    assert short.size == long.size == (WIDTH, long.height)
    header = long.height - TABLE_H - BAND_H
    diff = ImageChops.difference(short, long).convert("L").point(lambda v: 255 if v else 0)
    allowed = Image.new("L", long.size, 0)
    allowed.paste(255, (0, 0, WIDTH, header))
    allowed.paste(255, (0, header + TABLE_H, WIDTH, long.height))  # the side panel: a band below the table
    for spot in seat_spots(header).values():
        allowed.paste(255, tuple(round(v) for v in spot.box))
    outside = ImageChops.subtract(diff, allowed)
    assert diff.getbbox() is not None
    assert outside.getbbox() is None


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_renders(phase: Phase, locale: str) -> None:
    view = replace(public_view(phase), to_act=(1,) if phase is not Phase.HAND_OVER else ())
    if phase is Phase.DEALING:
        view = replace(view, cards_dealt=37, trump=None, declaration=None, dealer=None)
    png = render_table(view, NAMES, locale=locale)
    assert _image(png).size[0] == WIDTH


def test_declaring_shows_the_declaration() -> None:
    view = declaring_view()
    without = replace(view, declaration=None)
    assert render_table(view, NAMES, locale="zh-CN") != render_table(without, NAMES, locale="zh-CN")


def test_short_name_list_falls_back_to_seat_numbers() -> None:
    assert render_table(public_view(), ["Only one"], locale="en")[:4] == b"\x89PNG"


def test_four_colour_option_changes_the_cards() -> None:
    view = public_view()
    assert render_table(view, NAMES, locale="en", four_colour=True) != render_table(view, NAMES, locale="en")


def test_concurrent_renders_match_serial_ones() -> None:
    """The bot renders from worker threads; results must not depend on interleaving."""
    from concurrent.futures import ThreadPoolExecutor

    from render import render_hand

    jobs = [lambda: render_table(public_view(), NAMES, locale="zh-CN"),
            lambda: render_table(declaring_view(), LONG_NAMES, locale="en"),
            lambda: render_hand(seat_view(33, seed=2), locale="zh-CN"),
            lambda: render_hand(seat_view(25, seed=4), locale="en", selected=(1, 2))] * 3
    serial = [job() for job in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda job: job(), jobs))
    assert parallel == serial


def test_failed_throw_is_tagged_on_the_lead() -> None:
    from engine.tricklead import lead_failure
    from engine.views import ThrowFailure, TrickView

    trick = TrickView(3, ((3, parse_cards("4S 4S")), (0, parse_cards("9S 8S"))), 3, 0)
    failure = ThrowFailure(3, parse_cards("AS 4S 4S"), parse_cards("4S 4S"), parse_cards("AS"), 10)
    failed = replace(public_view(), trick=trick, penalties=(failure,))
    assert lead_failure(failed, trick) is failure
    other = replace(failed, penalties=(replace(failure, seat=1),))
    assert lead_failure(other, trick) is None
    assert render_table(failed, NAMES, locale="en") != render_table(other, NAMES, locale="en")


def test_trick_picture_numbers_the_shown_trick() -> None:
    """runtime/pictures/imaging draws a finished trick by putting tricks[-1] back as the current trick."""
    from render.side_panel import previous_trick, trick_number

    view = public_view()
    assert trick_number(view) == 2
    finished = replace(view, trick=view.tricks[-1])
    assert trick_number(finished) == 1
    assert previous_trick(finished, finished.trick) is None
    assert previous_trick(view, view.trick) == (1, view.tricks[-1])


def test_failed_throw_note_only_while_its_trick_is_shown() -> None:
    """The side panel notes a failed throw under the trick it led, not under later tricks."""
    from engine.views import ThrowFailure

    view = public_view()  # seat 1's failed throw leads the trick on the table
    old = ThrowFailure(1, parse_cards("AC KC"), parse_cards("KC"), parse_cards("AC"), -10)  # an earlier trick's
    earlier = replace(view, penalties=(old,))
    assert render_table(earlier, NAMES, locale="en") == render_table(replace(view, penalties=()), NAMES, locale="en")
    assert render_table(view, NAMES, locale="en") != render_table(replace(view, penalties=()), NAMES, locale="en")



def test_a_seat_with_one_card_left_says_1_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """'Team A · 1 card', not '1 cards' (seen in the screenshots of a hand's last trick)."""
    from dataclasses import replace

    import i18n
    import render.seat_box as table_module  # the name boxes are drawn there
    from render import render_table
    from render.samples import NAMES, public_view

    said: list[str] = []

    def spy(key: str, locale: object = "en", **params: object) -> str:
        said.append(key)
        return i18n.t(key, locale, **params)

    monkeypatch.setattr(table_module, "t", spy)
    render_table(replace(public_view(), hand_sizes=(1, 2, 1, 0)), NAMES, locale="en")
    assert said.count("render.card_one") == 2 and said.count("render.cards_count") == 2
    assert i18n.t("render.card_one", "en") == "1 card"
