"""The private hand picture (seat only): cards in ``hand_order``, overlapped in up to three rows of suit groups
(``render.hand_layout``), each labelled 1..N like the bot's select menu, selected cards raised, cards from the
kitty marked while burying, and a header with trump, level, phase and whose turn it is (one line,
``render.hand_header``) and a strip with the kitty (face down, or face up for the seat that buried it). The
height is fixed (``rows_for`` the shape's hand and kitty: ``MAX_ROWS`` rows with two decks, up to six for 52 cards,
however many are left; the strip always), so a panel refreshed in place keeps its size through a hand. With three
or four decks one pill behind the numbers joins each tuple (pairs, triples 三张, quadruples 四张) so it reads at a
glance.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Collection, Sequence

from engine.cards import Card
from engine.handorder import hand_groups, is_shown_trump
from engine.views import Phase, SeatView
from i18n import normalize_locale, t
from render.draw import Canvas, serialized
from render.fonts import font
from render.hand_header import GAP, PAD, fit_header, ranked_chips
from render.hand_layout import Placed, layout_hand, row_width, rows_for
from render.labels import draw_chip
from render.sprites import card_back, sprite_for
from render.theme import (
    ACCENT,
    FELT,
    FELT_DARK,
    HAND_CARD,
    HEADER,
    KITTY_CARD,
    NEUTRAL,
    PANEL_ALT,
    SELECT,
    TEXT,
    TEXT_DIM,
)

log = logging.getLogger(__name__)

MARGIN = 16
TUPLE_DECKS = 3  # from three decks on, tuples get a bar (two decks keep their picture)
RAISE = 20
LABEL_H = 32
LABEL_FONT = 25  # the numbers under the cards (the select menus' numbers): ~12 px on a phone
STRIP_FONT = 26  # the kitty strip's label (Buried / 底牌)
ROW_GAP = 6
CHIP_H = 40
HEADER_PAD = 10


@serialized
def render_hand(view: SeatView, *, locale: str, selected: Collection[int] = (), labels: bool = True,
                four_colour: bool = False, names: Sequence[str] | None = None) -> bytes:
    """PNG of ``view.hand`` for its seat only. ``selected`` are 0-based indices into ``hand_order(view)``."""
    if not isinstance(view, SeatView):
        raise TypeError("render_hand takes a SeatView")
    locale = normalize_locale(locale)
    size = HAND_CARD
    groups = [cards for _, cards in hand_groups(view.hand, view.public)]
    shape = view.public.rules.shape
    max_rows = rows_for(shape.hand_size + shape.kitty)
    placed = layout_hand(groups, row_width(size), size, max_rows)
    chosen = {i for i in selected if 0 <= i < len(placed)}
    width = row_width(size) + 2 * MARGIN

    chip_font, chips = fit_header(ranked_chips(view, names, locale, len(chosen), four_colour), width - 2 * MARGIN)
    header_h = HEADER_PAD * 2 + CHIP_H
    n_rows = max(max_rows, placed[-1].row + 1 if placed else 1)  # fixed: the height stays as cards are played
    row_h = RAISE + size.height + (LABEL_H if labels else 0) + ROW_GAP
    kitty = view.kitty if view.kitty is not None and view.public.phase is not Phase.BURYING else None
    kitty_h = KITTY_CARD.height + 16  # every seat, every phase: the height never changes
    height = header_h + MARGIN // 2 + n_rows * row_h + kitty_h + MARGIN // 2

    cv = Canvas.new(width, height, FELT)
    cv.draw.rectangle((0, 0, width, header_h), fill=HEADER)
    x: float = MARGIN
    for chip in chips:
        x = draw_chip(cv, chip, chip_font, x, HEADER_PAD + CHIP_H / 2, CHIP_H, four_colour, pad=PAD) + GAP

    if not placed:  # nothing dealt yet, or every card played: said in the middle of the empty rows
        key = "render.hand_empty" if view.public.phase in (Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER) else \
            "render.hand_none"
        cv.text((width // 2, header_h + MARGIN // 2 + n_rows * row_h // 2), t(key, locale), font(28, "bold"),
                TEXT_DIM, "mm")
    label_font = font(LABEL_FONT, "bold")
    from_kitty = kitty_indices(placed, view)
    top0 = header_h + MARGIN // 2
    lang = "zh-CN" if locale == "zh-CN" else "en"
    if labels and shape.decks >= TUPLE_DECKS:  # one pill behind the numbers of each tuple
        for run in tuple_runs(placed):
            ly = top0 + run[0].row * row_h + RAISE + size.height + LABEL_H / 2 + 1
            x0, x1 = (MARGIN + p.x + size.strip / 2 + 1 for p in (run[0], run[-1]))
            cv.pill((x0 - 19, ly - 16, x1 + 19, ly + 16), FELT_DARK, outline=NEUTRAL, width=2)
    for p in placed:
        top = top0 + p.row * row_h
        x0 = MARGIN + p.x
        raised = p.index in chosen
        y0 = top + (0 if raised else RAISE)
        if raised:
            cv.panel((x0 - 3, y0 - 3, x0 + size.width + 2, y0 + size.height + 2), SELECT, radius=size.radius + 3)
        cv.paste(sprite_for(p.card, size, is_shown_trump(p.card, view.public), four_colour, lang), x0, y0)
        if labels:
            cx = x0 + size.strip / 2 + 1
            ly = top + RAISE + size.height + LABEL_H / 2 + 1
            if raised:
                cv.pill((cx - 20, ly - 15, cx + 20, ly + 15), SELECT)
            elif p.index in from_kitty:
                cv.pill((cx - 20, ly - 15, cx + 20, ly + 15), PANEL_ALT, outline=ACCENT)
            ink = TEXT if raised else ACCENT if p.index in from_kitty else TEXT_DIM
            cv.text((cx, ly), str(p.index + 1), label_font, ink, "mm")
    _draw_kitty(cv, kitty, view, locale, top0 + n_rows * row_h)
    return cv.png()


def tuple_runs(placed: Sequence[Placed]) -> list[list[Placed]]:
    """Runs of two or more identical cards next to each other on one row (a tuple's copies, §12.2)."""
    runs: list[list[Placed]] = []
    for p in placed:
        if runs and runs[-1][-1].card == p.card and runs[-1][-1].row == p.row:
            runs[-1].append(p)
        else:
            runs.append([p])
    return [run for run in runs if len(run) > 1]


def kitty_indices(placed: Sequence[Placed], view: SeatView) -> set[int]:
    """While burying, the indices of the cards that came from the kitty (one of two identical cards)."""
    if view.public.phase is not Phase.BURYING or not view.kitty:
        return set()
    left = Counter(view.kitty)
    out = set()
    for p in reversed(placed):  # prefer marking the later copy of an identical pair
        if left[p.card] > 0:
            left[p.card] -= 1
            out.add(p.index)
    return out


def _draw_kitty(cv: Canvas, kitty: Sequence[Card] | None, view: SeatView, locale: str, top: int) -> None:
    """The kitty (底牌) on a strip at the bottom: the cards this seat buried, small and face up; while it buries,
    where they are (in the hand, gold numbers); else face down."""
    cv.panel((MARGIN, top, cv.width - MARGIN, top + KITTY_CARD.height + 8), PANEL_ALT, radius=8)
    mid = top + 4 + KITTY_CARD.height / 2
    strip_font = font(STRIP_FONT, "bold")  # large: the picture is shown ~390 px wide on a phone
    if kitty is not None:
        x = cv.text_pill(t("render.buried", locale), strip_font, MARGIN + 8, mid, HEADER, TEXT, pad=10,
                         height=44) + 12
        for card in (c for _, group in hand_groups(kitty, view.public) for c in group):
            cv.paste(sprite_for(card, KITTY_CARD, is_shown_trump(card, view.public)), x, top + 4)
            x += KITTY_CARD.strip
        return
    x = cv.text_pill(t("render.kitty_hidden", locale), strip_font, MARGIN + 8, mid, HEADER, TEXT_DIM, pad=10,
                     height=44)
    if view.public.phase is Phase.BURYING and view.kitty:  # this seat buries: the kitty is in its hand
        cv.text((x + 12, mid), t("render.kitty_in_hand", locale), strip_font, ACCENT, "lm")
        return
    back = card_back(KITTY_CARD)
    for k in range(view.public.rules.shape.kitty):
        cv.paste(back, x + 12 + k * KITTY_CARD.strip, top + 4)
