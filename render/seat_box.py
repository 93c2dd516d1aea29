"""A seat's name box on the table picture: a stripe in its side's colour (``render.sides``), the name fitted by
width, the dealer's tag (庄) and in 找朋友 a revealed friend's tag (朋友), then its team (fixed partners) or its own
level (找朋友, RULES §13.2) and the cards it holds; gold when it is to act. Large type: names and card counts
read on a phone (the grid boxes of five to eight seats are narrower, their type a little smaller)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from engine.views import Phase, PublicView
from i18n import t
from i18n.levels import level_text
from render.draw import Canvas
from render.fonts import font
from render.labels import seat_name, team_name
from render.seating import SeatSpot
from render.sides import Side, friends_side, is_friends, side_colour
from render.theme import ACCENT, PANEL, PANEL_LINE, SELECT, TEXT, TEXT_DARK, TEXT_DIM

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BoxType:
    """The type sizes and line positions of a name box."""

    name: int
    info: int
    tag: int
    first: int  # the name line's middle below the box's top
    second: int  # the info line's middle


CROSS = BoxType(30, 28, 20, 21, 50)  # four seats: INFO 28 is ~13 px on a 390 px phone
GRID = BoxType(27, 24, 20, 19, 46)  # five to eight seats: ≥ 10 px names and counts on a phone


def seat_info(view: PublicView, seat: int, locale: str) -> str:
    """``Team A · 22 cards`` (fixed partners) or ``Lv 5 · 22 cards`` (找朋友: the seat's own level)."""
    n = view.hand_sizes[seat]
    cards = t("render.card_one" if n == 1 else "render.cards_count", locale, n=n)
    if is_friends(view) and seat < len(view.levels):
        return f"{t('render.seat_level', locale, level=level_text(view.levels[seat], 0, locale))} · {cards}"
    return f"{team_name(seat % 2, locale)} · {cards}"


def _tags(view: PublicView, seat: int, locale: str) -> list[str]:
    tags = [t("render.dealer_tag", locale)] if seat == view.dealer else []
    if is_friends(view) and friends_side(view, seat) is Side.FRIEND:
        tags.append(t("render.friend_tag", locale))
    return tags


def draw_seat(cv: Canvas, view: PublicView, seat: int, spot: SeatSpot, names: Sequence[str], locale: str,
              highlight: bool, kind: BoxType = CROSS) -> None:
    """The seat's name box at ``spot.box`` (see the module docstring)."""
    x0, y0, x1, y1 = spot.box
    acting = seat in view.to_act and view.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER)
    outline = ACCENT if acting else SELECT if highlight else PANEL_LINE
    cv.panel((x0, y0, x1, y1), PANEL, radius=10, outline=outline, width=3 if acting or highlight else 1)
    cv.draw.rectangle((x0 + 3, y0 + 10, x0 + 8, y1 - 10), fill=side_colour(view, seat))
    name_font, small, tag_font = font(kind.name, "bold"), font(kind.info, "bold"), font(kind.tag, "bold")
    right = x1 - 10
    for tag in reversed(_tags(view, seat, locale)):
        tag_w = Canvas.pill_width(tag, tag_font, 7)
        cv.text_pill(tag, tag_font, right - tag_w, y0 + kind.first - 1, ACCENT, TEXT_DARK, pad=7,
                     height=kind.tag + 8)
        right -= tag_w + 6
    cv.label(seat_name(names, seat, locale), name_font, x0 + 16, y0 + kind.first, TEXT,
             max_width=round(right - x0 - 16))
    cv.label(seat_info(view, seat, locale), small, x0 + 16, y0 + kind.second, TEXT_DIM,
             max_width=round(x1 - x0 - 26))
