"""The table picture's side panel: the previous trick small (winner framed), the current trick's number and
points, and the latest failed throw (甩牌失败) with its penalty."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.views import Phase, PublicView, TrickView
from i18n import t
from render.cardrow import CardStyle, draw_cards
from render.draw import Canvas
from render.fonts import font
from render.labels import seat_name
from render.order import is_shown_trump
from render.theme import ACCENT, BAD, PANEL, PANEL_ALT, PANEL_LINE, SMALL_CARD, TEAM, TEXT, TEXT_DIM

log = logging.getLogger(__name__)

SIDE_W = 250
PAD = 12
ROW_H = SMALL_CARD.height + 10
NAME_W = 78


def previous_trick(view: PublicView, shown: TrickView | None) -> tuple[int, TrickView] | None:
    """The completed trick before the one on the table, with its 1-based number."""
    tricks = view.tricks
    if shown is not None and tricks and tricks[-1] is shown:
        tricks = tricks[:-1]
    return (len(tricks), tricks[-1]) if tricks else None


def _trick_rows(cv: Canvas, view: PublicView, trick: TrickView, names: Sequence[str], locale: str, x0: int,
                y: float, style: CardStyle) -> float:
    for seat, cards in trick.plays:
        win = seat == trick.winner
        if win:
            cv.panel((x0 + PAD - 4, y - 4, x0 + SIDE_W - PAD + 4, y + SMALL_CARD.height + 4), PANEL_ALT, radius=8,
                     outline=ACCENT, width=2)
        cv.draw.ellipse((x0 + PAD + 2, y + 10, x0 + PAD + 10, y + 18), fill=TEAM[seat % 2])
        cv.label(seat_name(names, seat, locale), font(15, "bold" if win else "regular"), x0 + PAD + 14, y + 14,
                 ACCENT if win else TEXT, max_width=NAME_W - 14)
        if win and trick.points:
            cv.label(f"+{trick.points}", font(15, "bold"), x0 + PAD + 14, y + 38, ACCENT)
        draw_cards(cv, cards, SMALL_CARD, x0 + PAD + NAME_W + 4, y, max_width=SIDE_W - 2 * PAD - NAME_W - 4,
                   align="left", is_trump=lambda c: is_shown_trump(c, view), style=style)
        y += ROW_H
    return y


def draw_side_panel(cv: Canvas, view: PublicView, names: Sequence[str], locale: str, x0: int, top: int,
                    shown: TrickView | None, style: CardStyle) -> None:
    """Draw the panel in the column ``x0 .. x0 + SIDE_W`` from ``top`` down."""
    cv.draw.rectangle((x0, top, x0 + SIDE_W, cv.height), fill=PANEL)
    cv.draw.line((x0, top, x0, cv.height), fill=PANEL_LINE, width=1)
    title, small = font(18, "bold"), font(15)
    y: float = top + 22
    cv.label(t("render.prev_trick", locale), title, x0 + PAD, y, TEXT)
    prev = previous_trick(view, shown)
    if prev is None:
        cv.label("—", title, x0 + PAD, y + 34, TEXT_DIM)
        y += 60
    else:
        number, trick = prev
        cv.label(t("render.trick_number", locale, n=number), small, x0 + SIDE_W - PAD, y, TEXT_DIM, align="right")
        y = _trick_rows(cv, view, trick, names, locale, x0, y + 22, style) + 6
    cv.draw.line((x0 + PAD, y, x0 + SIDE_W - PAD, y), fill=PANEL_LINE, width=1)
    y += 22
    if view.phase is Phase.PLAYING and view.trick is not None:
        number = len(view.tricks) + 1
        cv.label(t("render.trick_number", locale, n=number), title, x0 + PAD, y, TEXT)
        if view.trick.points:
            cv.label(f"+{view.trick.points}", title, x0 + SIDE_W - PAD, y, ACCENT, align="right")
        y += 32
    if view.penalties:
        last = view.penalties[-1]
        who = seat_name(names, last.seat, locale)
        cv.label(t("render.throw_failed", locale, name=who, penalty=last.penalty), small, x0 + PAD, y, BAD,
                 max_width=SIDE_W - 2 * PAD)
