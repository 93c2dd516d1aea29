"""Rows of the hand picture: suit groups (trumps, then each plain suit) flowed left to right in overlapped rows.

Every way of starting a group on a fresh row is tried (at most 2⁴ for five groups) and the cheapest layout of at
most ``MAX_ROWS`` rows wins: a group split across rows costs most (more if a piece is tiny), then each row. A hand
of more than ``STANDARD_CARDS`` (three and four decks: up to 52 cards, 60 with the kitty, RULES §12.1) gets one
row more than its cards fill (``rows_for``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from engine.cards import ALL_CARDS, Card
from render.theme import HAND_CARD, CardSize

log = logging.getLogger(__name__)
ANY_CARD = ALL_CARDS[0]  # the layout reads only how many cards each group has

GROUP_GAP = 18
ROW_CARDS = 13  # cards per row without gaps
MAX_ROWS = 3
SPLIT_COST = 10
TINY_PIECE = 3  # a piece of a split group with fewer cards costs extra
TINY_COST = 5
STANDARD_CARDS = 33  # two decks, four seats: 25 cards and the kitty of 8 fit three rows


def rows_for(max_cards: int) -> int:
    """Rows of the hand picture for a seat that may hold ``max_cards`` (its hand and the kitty): ``MAX_ROWS`` up
    to ``STANDARD_CARDS``, else one more than the cards fill (room for the suit groups' breaks)."""
    return MAX_ROWS if max_cards <= STANDARD_CARDS else -(-max_cards // ROW_CARDS) + 1


@dataclass(frozen=True)
class Placed:
    """One card of the picture: its index in ``hand_order``, row and x offset inside the row."""

    card: Card
    index: int
    row: int
    x: int


def row_width(size: CardSize = HAND_CARD) -> int:
    """Content width of a row: ``ROW_CARDS`` overlapped cards plus two group gaps."""
    return (ROW_CARDS - 1) * size.strip + size.width + 2 * GROUP_GAP


def _fitting(x: int, width: int, size: CardSize) -> int:
    """How many overlapped cards fit on a row from ``x``."""
    return 0 if x + size.width > width else (width - size.width - x) // size.strip + 1


def flow(groups: Sequence[Sequence[Card]], width: int, size: CardSize, breaks: Sequence[bool]) -> list[Placed]:
    """Place cards left to right with a gap between groups, wrapping at ``width``; group ``i`` starts a new
    row when ``breaks[i]`` (and the current row is not empty). A group that must wrap leaves at least
    ``TINY_PIECE`` cards for the next row when it can."""
    placed: list[Placed] = []
    row, x, index = 0, 0, 0
    for group, new_row in zip(groups, breaks, strict=True):
        if x and new_row:
            row, x = row + 1, 0
        elif x:
            x += GROUP_GAP
        rest = list(group)
        while rest:
            fit = _fitting(x, width, size)
            if fit == 0:
                row, x = row + 1, 0
                continue
            n = min(len(rest), fit)
            if len(rest) > fit and len(rest) - fit < TINY_PIECE and len(rest) - TINY_PIECE >= TINY_PIECE:
                n = min(fit, len(rest) - TINY_PIECE)
            for card in rest[:n]:
                placed.append(Placed(card, index, row, x))
                index += 1
                x += size.strip
            rest = rest[n:]
            if rest:
                row, x = row + 1, 0
            else:
                x += size.width - size.strip
    return placed


def layout_cost(placed: Sequence[Placed], groups: Sequence[Sequence[Card]],
                max_rows: int = MAX_ROWS) -> tuple[bool, int]:
    """(too many rows, cost): split groups and tiny pieces cost most, then rows."""
    rows = placed[-1].row + 1 if placed else 1
    cost, start = rows, 0
    for group in groups:
        pieces: dict[int, int] = {}
        for p in placed[start:start + len(group)]:
            pieces[p.row] = pieces.get(p.row, 0) + 1
        start += len(group)
        if len(pieces) > 1:
            cost += SPLIT_COST + TINY_COST * sum(1 for n in pieces.values() if n < TINY_PIECE)
    return rows > max_rows, cost


def layout_hand(groups: Sequence[Sequence[Card]], width: int, size: CardSize = HAND_CARD,
                max_rows: int = MAX_ROWS) -> list[Placed]:
    """The cheapest placement of ``groups`` in at most ``max_rows`` rows if it can (see the module docstring)."""
    groups = [g for g in groups if g]
    if not groups:
        return []
    spots = _cheapest(tuple(len(g) for g in groups), width, size, max_rows)
    cards = [c for g in groups for c in g]
    return [Placed(card, i, row, x) for i, (card, (row, x)) in enumerate(zip(cards, spots, strict=True))]


@lru_cache(maxsize=1024)
def _cheapest(lengths: tuple[int, ...], width: int, size: CardSize, max_rows: int) -> tuple[tuple[int, int], ...]:
    """(row, x) of each card of the cheapest layout: it depends on the groups' lengths only (cached: a panel is
    redrawn with the same hand as cards are selected)."""
    groups = [[ANY_CARD] * n for n in lengths]
    options = (flow(groups, width, size, (False, *rest)) for rest in product((False, True), repeat=len(groups) - 1))
    best = min(options, key=lambda placed: layout_cost(placed, groups, max_rows))
    return tuple((p.row, p.x) for p in best)
