"""Where seats sit on the table picture. Four seats keep the classic cross (``render.table.seat_spots``); five to
eight seats sit in the cells of a 3 × 3 grid around an empty middle, in playing order counter-clockwise from the
bottom centre (seat 0), each seat in the free cell nearest its even share of the circle: six seats take the
corners and the top and bottom centres (two rows facing each other: the empty middle row shrinks to a gap the
undealt deck fits in), eight take every cell. A cell holds the name box on the picture's edge, a lane for the
play's tags, and the play on the table side.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache

from render.draw import Box
from render.theme import TABLE_CARD

log = logging.getLogger(__name__)

MAIN_W = 760
MARGIN = 14
CELL_W = 236
CELL_GAP = (MAIN_W - 2 * MARGIN - 3 * CELL_W) // 2
GRID_BOX_H = 64
TAG_LANE = 36
GRID_TABLE_H = 670
MIDDLE_LIFT = 108  # how much the bottom row moves up when no seat sits in the middle row
# the cells around the middle, counter-clockwise from the bottom centre: (column, row) and angle in degrees
RING: tuple[tuple[tuple[int, int], int], ...] = (
    ((1, 2), 0), ((2, 2), 45), ((2, 1), 90), ((2, 0), 135), ((1, 0), 180), ((0, 0), 225), ((0, 1), 270),
    ((0, 2), 315))
# per row: the name box's top, the tag lane's middle and the play's top (relative to the table's top)
ROWS: tuple[tuple[int, int, int], ...] = (
    (10, 10 + GRID_BOX_H + TAG_LANE // 2, 10 + GRID_BOX_H + TAG_LANE),
    (228, 228 + GRID_BOX_H + TAG_LANE // 2, 228 + GRID_BOX_H + TAG_LANE),
    (452 + TABLE_CARD.height + TAG_LANE, 452 + TABLE_CARD.height + TAG_LANE // 2, 452),
)


@dataclass(frozen=True)
class SeatSpot:
    """Where a seat sits on the picture: its name box, the top-centre and width of its play area, and (grid
    layouts) the middle of the lane its play's tags go in."""

    box: Box
    play_x: float
    play_y: float
    play_w: float
    tag_y: float | None = None


def _angle_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


@cache
def ring_cells(players: int) -> tuple[tuple[int, int], ...]:
    """The grid cell of each seat (see the module docstring)."""
    free = list(RING)
    cells = []
    for seat in range(players):
        angle = 360 * seat / players
        best = min(free, key=lambda cell: _angle_gap(cell[1], angle))
        free.remove(best)
        cells.append(best[0])
    return tuple(cells)


def lift(players: int) -> int:
    """How far the bottom row moves up: ``MIDDLE_LIFT`` when the middle row is empty (six seats), else 0."""
    return MIDDLE_LIFT if all(row != 1 for _, row in ring_cells(players)) else 0


def grid_height(players: int) -> int:
    """The table region's height on the grid layout."""
    return GRID_TABLE_H - lift(players)


def grid_spots(players: int, top: int) -> dict[int, SeatSpot]:
    """Each seat's spot on the grid layout of the table region starting at ``top``."""
    spots = {}
    up = lift(players)
    for seat, (col, row) in enumerate(ring_cells(players)):
        x0 = MARGIN + col * (CELL_W + CELL_GAP)
        box_y, tag_y, play_y = (v - up for v in ROWS[row]) if row == 2 else ROWS[row]
        spots[seat] = SeatSpot((x0, top + box_y, x0 + CELL_W, top + box_y + GRID_BOX_H), x0 + CELL_W / 2,
                               top + play_y, CELL_W, top + tag_y)
    return spots


def middle(spots: dict[int, SeatSpot], players: int) -> tuple[float, float]:
    """The top-centre of a card in the grid's empty middle (the undealt deck lies there): half-way between the top
    row's plays and the bottom row's, from seat 0's spot (always the bottom centre)."""
    top = spots[0].play_y - ROWS[2][2] + lift(players)
    return MAIN_W / 2, top + (ROWS[0][2] + TABLE_CARD.height + ROWS[2][2] - lift(players)) / 2 - TABLE_CARD.height / 2
