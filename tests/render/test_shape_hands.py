"""The private hand picture of every shape (RULES §12.1: 12 to 52 cards, kittys of 5 to 8): a fixed height through
the hand, every card in the rows it reserves, tuples joined with three and four decks, and nothing of another
seat's cards or the buried kitty in it."""

from __future__ import annotations

import io
import random
from itertools import pairwise

import pytest
from PIL import Image

from engine.handorder import hand_groups
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from render import render_hand
from render.hand import tuple_runs
from render.hand_layout import MAX_ROWS, layout_hand, row_width, rows_for
from tests.render.test_shapes import drive, size

SHAPES = [(1, 4), (2, 4), (3, 4), (4, 4), (2, 5), (3, 6), (3, 7), (4, 8)]


def burying(decks: int, players: int, seed: int = 5) -> Table:
    table = Table.new(Rules.from_preset("standard", decks=decks, players=players,
                                        mode="tractor" if players % 2 == 0 else "friends"), seed)
    return drive(table, random.Random(seed), lambda t: t.phase is Phase.BURYING)


@pytest.mark.parametrize(("decks", "players"), SHAPES)
def test_the_hand_keeps_its_size_from_the_bury_to_the_last_card(decks: int, players: int) -> None:
    table = burying(decks, players)
    holder = table.public_view().kitty_holder
    assert holder is not None
    shape = table.rules.shape
    first = render_hand(table.seat_view(holder), locale="zh-CN")
    assert len(table.seat_view(holder).hand) == shape.hand_size + shape.kitty
    width, height = size(first)
    assert 600 < width < 800 and height < 1400 and height / width < 2.0  # ~390 × 780 at most on a phone
    rng = random.Random(1)
    seen = 0
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        table.apply(random_action(table, rng))
        if table.phase is Phase.PLAYING and len(table.public_view().tricks) % 4 == 1:
            for seat in (holder, (holder + 1) % players):
                assert size(render_hand(table.seat_view(seat), locale="en")) == (width, height)
                seen += 1
    assert seen and size(render_hand(table.seat_view(holder), locale="en")) == (width, height)


@pytest.mark.parametrize(("decks", "players"), SHAPES)
def test_every_card_of_the_largest_hand_fits_the_reserved_rows(decks: int, players: int) -> None:
    table = burying(decks, players)
    holder = table.public_view().kitty_holder
    assert holder is not None
    view = table.seat_view(holder)
    shape = table.rules.shape
    limit = rows_for(shape.hand_size + shape.kitty)
    assert limit == (MAX_ROWS if shape.hand_size + shape.kitty <= 33 else {34: 4, 45: 5, 60: 6}[shape.hand_size +
                                                                                                shape.kitty])
    placed = layout_hand([g for _, g in hand_groups(view.hand, view.public)], row_width(), max_rows=limit)
    assert len(placed) == len(view.hand) and max(p.row for p in placed) < limit


def test_tuples_are_runs_of_identical_cards_on_one_row() -> None:
    view = burying(4, 4).seat_view(0)
    placed = layout_hand([g for _, g in hand_groups(view.hand, view.public)], row_width(), max_rows=6)
    runs = tuple_runs(placed)
    assert runs and all(len({p.card for p in run}) == 1 and len({p.row for p in run}) == 1 for run in runs)
    assert max(len(run) for run in runs) <= 4
    in_runs = {p.index for run in runs for p in run}
    for a, b in pairwise(placed):
        if a.card == b.card and a.row == b.row:
            assert a.index in in_runs and b.index in in_runs


def pixels(png: bytes) -> bytes:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB").tobytes()


@pytest.mark.parametrize(("decks", "players"), [(4, 4), (3, 6), (4, 8)])
def test_a_seat_s_picture_shows_none_of_the_other_seats_cards_nor_the_buried_kitty(decks: int, players: int) -> None:
    """Swapping every other seat's cards, and the kitty, leaves a seat's picture exactly as it was."""
    table = burying(decks, players)
    rng = random.Random(2)
    drive(table, rng, lambda t: t.phase is Phase.PLAYING and len(t.public_view().tricks) >= 1)
    holder = table.public_view().kitty_holder
    seat = next(s for s in range(players) if s != holder)
    before = pixels(render_hand(table.seat_view(seat), locale="en"))
    hands = table.hand.hands
    others = [s for s in range(players) if s != seat]
    pool = [c for s in others for c in hands[s]] + list(table.hand.kitty)
    random.Random(9).shuffle(pool)
    for s in others:
        hands[s][:] = [pool.pop() for _ in hands[s]]
    table.hand.kitty[:] = pool
    assert pixels(render_hand(table.seat_view(seat), locale="en")) == before


def test_the_turn_names_neighbours_and_numbered_seats_at_larger_tables() -> None:
    from render.labels import relative_name

    assert [relative_name(0, s, "en") for s in range(4)] == ["you", "next player", "partner", "previous player"]
    six = [relative_name(2, s, "zh-CN", 6) for s in range(6)]
    assert six == ["1号位", "上家", "你", "下家", "5号位", "6号位"]


def test_the_burying_chip_counts_the_shape_s_kitty() -> None:
    from dataclasses import replace

    from render.hand_header import ranked_chips

    table = burying(1, 4)  # one deck: a kitty of 6
    holder = table.public_view().kitty_holder
    assert holder is not None
    view = table.seat_view(holder)
    texts = [r.chip.text for r in ranked_chips(replace(view, kitty=None), None, "en", 0, False)]
    assert any("6" in text and "8" not in text for text in texts if text.startswith("Bury")), texts
