"""The table picture's side panel: the previous trick small (winner framed), the current trick's number and
points, and the latest failed throw (甩牌失败) with its penalty."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence

from engine.views import Phase, PublicView, ThrowFailure, TrickView
from i18n import t
from render.cardrow import CardStyle, draw_cards
from render.draw import Canvas
from render.fonts import fit_text, font, wrap_text
from render.labels import phase_text, seat_name
from render.order import is_shown_trump
from render.theme import ACCENT, BAD, NEUTRAL, PANEL, PANEL_ALT, PANEL_LINE, SMALL_CARD, TEAM, TEXT, TEXT_DIM

log = logging.getLogger(__name__)

SIDE_W = 250
PAD = 12
ROW_H = SMALL_CARD.height + 10
NAME_W = 88
NAME_FONT = 18  # the picture shows at about half size in Discord: smaller text is hard to read there


def trick_number(view: PublicView) -> int:
    """1-based number of the trick on the table (a finished trick put back as current keeps its number)."""
    return len(view.tricks) + (0 if view.tricks and view.trick == view.tricks[-1] else 1)


def previous_trick(view: PublicView, shown: TrickView | None) -> tuple[int, TrickView] | None:
    """The completed trick before the one on the table, with its 1-based number."""
    tricks = view.tricks
    if shown is not None and tricks and tricks[-1] is shown:
        tricks = tricks[:-1]
    return (len(tricks), tricks[-1]) if tricks else None


def lead_failure(view: PublicView, trick: TrickView | None) -> ThrowFailure | None:
    """The failed throw (甩牌失败) whose forced cards are this trick's lead, if any."""
    if trick is None or not trick.plays or not view.penalties:
        return None
    seat, cards = trick.plays[0]
    return next((f for f in reversed(view.penalties) if f.seat == seat and Counter(f.forced) == Counter(cards)), None)


def _trick_rows(cv: Canvas, view: PublicView, trick: TrickView, names: Sequence[str], locale: str, x0: int,
                y: float, style: CardStyle) -> float:
    for seat, cards in trick.plays:
        win = seat == trick.winner
        if win:
            cv.panel((x0 + PAD - 4, y - 4, x0 + SIDE_W - PAD + 4, y + SMALL_CARD.height + 4), PANEL_ALT, radius=8,
                     outline=ACCENT, width=2)
        cv.draw.ellipse((x0 + PAD + 2, y + 10, x0 + PAD + 10, y + 18), fill=TEAM[seat % 2])
        lead = "▶" if seat == trick.leader else ""  # the lead marked in every trick
        cv.label(lead + seat_name(names, seat, locale), font(NAME_FONT, "bold" if win else "regular"), x0 + PAD + 14,
                 y + 14, ACCENT if win else TEXT, max_width=NAME_W - 14)
        if win and trick.points:  # points scored by the defenders in gold; kept by the dealer's team in silver
            kept = view.dealer is not None and seat % 2 == view.dealer % 2
            cv.label(f"{trick.points}" if kept else f"+{trick.points}", font(NAME_FONT, "bold"), x0 + PAD + 14, y + 38,
                     NEUTRAL if kept else ACCENT)
        draw_cards(cv, cards, SMALL_CARD, x0 + PAD + NAME_W + 4, y, max_width=SIDE_W - 2 * PAD - NAME_W - 4,
                   align="left", is_trump=lambda c: is_shown_trump(c, view), style=style)
        y += ROW_H
    return y


PRE_PLAY = (Phase.DEALING, Phase.DECLARING, Phase.BURYING, Phase.KITTY_OVERCALL)


def status_text(view: PublicView, names: Sequence[str], locale: str) -> str:
    """What the table waits for before play: dealing progress, a declaration, or the kitty holder burying."""
    if view.phase is Phase.DEALING:
        return t("render.dealing", locale, n=view.cards_dealt)
    if view.phase is Phase.BURYING and view.kitty_holder is not None:
        return t("render.burying", locale, name=seat_name(names, view.kitty_holder, locale))
    if view.declaration is None:
        return t("render.no_declaration", locale)
    return t("render.declaring_open", locale)


def _draw_status(cv: Canvas, view: PublicView, names: Sequence[str], locale: str, x0: int, y: float,
                 style: CardStyle) -> float:
    """Phase title, the wrapped status line, the dealing progress bar or the kitty's backs."""
    cv.label(phase_text(view.phase, locale), font(18, "bold"), x0 + PAD, y, TEXT)
    y += 30
    body = font(17, "bold")
    for line in wrap_text(status_text(view, names, locale), body, SIDE_W - 2 * PAD):
        cv.label(line, body, x0 + PAD, y, ACCENT)
        y += 26
    if view.phase is Phase.DEALING:
        bar = SIDE_W - 2 * PAD
        cv.pill((x0 + PAD, y, x0 + PAD + bar, y + 12), PANEL_LINE)
        cv.pill((x0 + PAD, y, x0 + PAD + max(12, bar * view.cards_dealt / 100), y + 12), ACCENT)
        y += 28
    if view.phase is Phase.BURYING:
        draw_cards(cv, [None] * 8, SMALL_CARD, x0 + PAD, y, max_width=SIDE_W - 2 * PAD, align="left", style=style)
        y += SMALL_CARD.height + 14
    return y


def draw_side_panel(cv: Canvas, view: PublicView, names: Sequence[str], locale: str, x0: int, top: int,
                    shown: TrickView | None, style: CardStyle) -> None:
    """Draw the panel in the column ``x0 .. x0 + SIDE_W`` from ``top`` down: before play the status, during
    play the previous trick, the current trick's number and points and a failed throw that led it."""
    cv.draw.rectangle((x0, top, x0 + SIDE_W, cv.height), fill=PANEL)
    cv.draw.line((x0, top, x0, cv.height), fill=PANEL_LINE, width=1)
    if view.phase in PRE_PLAY:
        _draw_status(cv, view, names, locale, x0, top + 22, style)
        return
    title, small = font(19, "bold"), font(17)
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
        number = trick_number(view)
        cv.label(t("render.trick_number", locale, n=number), title, x0 + PAD, y, TEXT)
        if view.trick.points:
            cv.label(f"+{view.trick.points}", title, x0 + SIDE_W - PAD, y, ACCENT, align="right")
        y += 32
    last = lead_failure(view, shown)
    if last is not None:  # only under the trick it led (it stayed under every later trick before)
        who = seat_name(names, last.seat, locale)
        for line in t("render.throw_failed_note", locale, name=who, penalty=last.penalty).split("\n"):
            cv.label(fit_text(line, small, SIDE_W - 2 * PAD), small, x0 + PAD, y, BAD)
            y += 22
        if y + SMALL_CARD.height < cv.height:  # what was attempted
            draw_cards(cv, last.attempted, SMALL_CARD, x0 + PAD, y - 6, max_width=SIDE_W - 2 * PAD, align="left",
                       is_trump=lambda c: is_shown_trump(c, view), style=style)
