"""Pictures of every table shape (RULES §12–§13): one to four decks, four to eight seats, fixed partners and 找朋友,
from real engine tables played with random legal moves."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache

import pytest
from PIL import Image

from engine.cards import parse_card
from engine.friends import CallState, FriendCall, Friends
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase, PublicView
from i18n import t as i18n_t
from render import render_table
from render.friend_calls import call_lines, call_piece, ordinal_text
from render.seating import GRID_TABLE_H, MAIN_W, grid_height, grid_spots, ring_cells
from render.side_panel import band_height
from render.sides import Side, friends_side, on_dealer_side, side_colour
from render.theme import ACCENT, SELECT, TEAM

NAMES = ("张伟", "Alice", "王小明", "Bob the Builder", "李娜", "Chen", "Dmitri", "小红")
SHAPES = [(d, p, m) for p in range(4, 9) for d in (1, 2, 3, 4) for m in ("tractor", "friends")
          if not (m == "tractor" and p % 2)]


def drive(table: Table, rng: random.Random, until: Callable[[Table], bool]) -> Table:
    while not until(table):
        table.apply(random_action(table, rng))
    return table


@cache
def mid_hand(decks: int, players: int, mode: str, seed: int = 3) -> Table:
    """A table of this shape in the middle of its first hand: two tricks done, a trick on the table."""
    table = Table.new(Rules.from_preset("standard", decks=decks, players=players, mode=mode), seed)

    def ready(t: Table) -> bool:
        v = t.public_view()
        return v.phase is Phase.PLAYING and len(v.tricks) >= 2 and v.trick is not None and len(v.trick.plays) >= 2

    return drive(table, random.Random(seed), ready)


def size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


@pytest.mark.parametrize(("decks", "players", "mode"), SHAPES)
def test_the_table_picture_of_every_shape_is_drawn_at_the_usual_width(decks: int, players: int, mode: str) -> None:
    view = mid_hand(decks, players, mode).public_view()
    width, height = size(render_table(view, NAMES[:players], locale="en"))
    assert width == MAIN_W and 700 < height < 1300
    assert size(render_table(view, NAMES[:players], locale="zh-CN", compact=True))[1] < height


@pytest.mark.parametrize("players", range(5, 9))
def test_five_to_eight_seats_take_distinct_cells_inside_the_picture(players: int) -> None:
    cells = ring_cells(players)
    assert len(set(cells)) == players and (1, 1) not in cells and cells[0] == (1, 2)
    spots = grid_spots(players, 100)
    boxes = [s.box for s in spots.values()]
    for i, a in enumerate(boxes):
        assert 0 <= a[0] < a[2] <= MAIN_W and 100 <= a[1] < a[3] <= 100 + GRID_TABLE_H
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # counter-clockwise: seat 1 sits right of seat 0 (play passes to the right, as on the four-seat cross)
    assert spots[1].play_x > spots[0].play_x and spots[players - 1].play_x < spots[0].play_x


def friends_view(team: tuple[int, ...], calls: tuple[CallState, ...], phase: Phase = Phase.PLAYING) -> PublicView:
    view = mid_hand(3, 6, "friends").public_view()
    return replace(view, phase=phase, dealer=0, friends=Friends(0, calls, team))


def test_revealed_friends_are_marked_and_unknown_seats_stay_neutral() -> None:
    two_k = FriendCall(parse_card("KC"), 2)
    open_call = CallState(FriendCall(parse_card("AD"), 1), 0)
    view = friends_view((0, 3), (CallState(two_k, 0, True, 3), open_call))
    assert friends_side(view, 0) is Side.DEALER and friends_side(view, 3) is Side.FRIEND
    assert friends_side(view, 1) is Side.UNKNOWN and side_colour(view, 1) not in (ACCENT, *TEAM)
    assert side_colour(view, 3) == ACCENT and on_dealer_side(view, 3) and not on_dealer_side(view, 1)
    done = friends_view((0, 3, 5), (CallState(two_k, 0, True, 3), replace(open_call, filled=True, friend=5)))
    assert friends_side(done, 1) is Side.DEFENDER and side_colour(done, 1) == TEAM[1]
    before_play = friends_view((0,), (open_call,), Phase.BURYING)  # the calls are secret until play begins
    assert friends_side(before_play, 3) is Side.UNKNOWN


def test_a_call_reads_as_its_ordinal_and_card_with_the_copies_still_to_skip() -> None:
    call = FriendCall(parse_card("KC"), 2)
    assert ordinal_text(2, "zh-CN") == "第二张" and ordinal_text(2, "en") == "2nd"
    piece = call_piece(CallState(call, 1), NAMES, "zh-CN")
    assert piece.label == "第二张 K" and piece.suit == "C" and "1" in piece.state
    assert call_piece(CallState(call, 0, True, 1), NAMES, "en").state == "→ Alice"
    assert call_piece(CallState(call, 0, True, None), NAMES, "zh-CN").state == "落空"
    assert call_lines(mid_hand(4, 8, "friends").public_view(), "zh-CN", 732) == 2  # three calls: two lines
    assert call_lines(mid_hand(2, 8, "tractor").public_view(), "en", 732) == 0


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize(("decks", "players"), [(2, 4), (2, 5), (3, 6), (3, 7), (4, 8), (1, 8)])
def test_the_reserved_lines_hold_every_call_in_any_state(decks: int, players: int, locale: str) -> None:
    """The widest calls (last ordinal, a 10, long friend names, the longest state) never need more lines than
    reserved, so no call is left out and the height holds."""
    from render.fonts import font, text_width
    from render.friend_calls import FONT, _lines
    from render.samples import LONG_NAMES

    view = mid_hand(decks, players, "friends").public_view()
    reserved = call_lines(view, locale, 732)
    f = view.rules.friend_calls
    fnt = font(FONT, "bold")
    first = text_width(i18n_t("render.calls", locale), fnt) + 8
    for state in (lambda k: CallState(FriendCall(parse_card("10H"), decks), decks - 1),
                  lambda k: CallState(FriendCall(parse_card("10C"), decks), 0, True, k % 4),
                  lambda k: CallState(FriendCall(parse_card("10D"), decks), 0, True, None),
                  lambda k: CallState(FriendCall(parse_card("10S"), decks), 0)):
        pieces = [call_piece(state(k), LONG_NAMES, locale) for k in range(f)]
        assert len(_lines(pieces, fnt, first, 732)) <= reserved


@pytest.mark.parametrize(("decks", "players", "mode"), [(3, 6, "friends"), (4, 8, "tractor"), (2, 5, "friends")])
def test_every_seat_has_its_name_box(decks: int, players: int, mode: str) -> None:
    """Each seat's box is drawn where ``grid_spots`` puts it (highlighting the seat frames that box)."""
    view = replace(mid_hand(decks, players, mode).public_view(), to_act=())
    for seat in range(players):
        png = render_table(view, NAMES[:players], locale="en", seat_highlight=seat)
        with Image.open(io.BytesIO(png)) as image:
            rgb = image.convert("RGB")
            header = rgb.height - grid_height(players) - band_height(view)
            x0, y0, _x1, y1 = grid_spots(players, header)[seat].box
            assert rgb.getpixel((round(x0 + 1), round((y0 + y1) / 2))) == SELECT, seat


def test_six_seats_face_each_other_in_two_rows_with_the_deck_between() -> None:
    from render.seating import middle
    from render.theme import TABLE_CARD

    assert grid_height(6) < grid_height(5) == grid_height(7) == grid_height(8) == GRID_TABLE_H
    for players in range(5, 9):
        spots = grid_spots(players, 0)
        x, y = middle(spots, players)
        tops = [s for s in spots.values() if s.box[1] < 20]
        bottoms = [s for s in spots.values() if s.box[3] > grid_height(players) - 20]
        assert x == MAIN_W / 2 and len(tops) >= 2 and len(bottoms) >= 1
        assert all(s.play_y + TABLE_CARD.height <= y for s in tops)
        assert all(y + TABLE_CARD.height <= s.play_y for s in bottoms)
