"""The table picture's side panel, a band below the table (a tall picture that reads on a phone): the previous
trick small (winner framed; its plays in two columns, as many rows as the seats need), the hand and current
trick's number and points, and the latest failed throw (甩牌失败) with its penalty; before play the
dealing/declaring/burying status."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.handorder import is_shown_trump
from engine.tricklead import lead_failure
from engine.views import Phase, PublicView, TrickView
from i18n import t
from render.cardrow import CardStyle, draw_cards
from render.draw import Canvas
from render.fonts import fit_text, font, wrap_text
from render.labels import phase_text, seat_name
from render.sides import on_dealer_side, side_colour
from render.theme import ACCENT, BAD, NEUTRAL, PANEL, PANEL_ALT, PANEL_LINE, SMALL_CARD, TEXT, TEXT_DIM

log = logging.getLogger(__name__)

SIDE_W = 250  # one column of the band: a play of the previous trick (name and cards)
PAD = 12
ROW_H = SMALL_CARD.height + 10
NAME_W = 100
NAME_FONT = 21  # the picture shows at about half size in Discord (less on a phone): smaller text is hard to read
BAND_H = 44 + 2 * ROW_H + 16  # the title line, two rows of two plays (four seats)


def band_height(view: PublicView) -> int:
    """The band's height: the title line and a row for every two seats."""
    return 44 + -(-len(view.hand_sizes) // 2) * ROW_H + 16


def trick_number(view: PublicView) -> int:
    """1-based number of the trick on the table (a finished trick put back as current keeps its number)."""
    return len(view.tricks) + (0 if view.tricks and view.trick == view.tricks[-1] else 1)


def previous_trick(view: PublicView, shown: TrickView | None) -> tuple[int, TrickView] | None:
    """The completed trick before the one on the table, with its 1-based number."""
    tricks = view.tricks
    if shown is not None and tricks and tricks[-1] is shown:
        tricks = tricks[:-1]
    return (len(tricks), tricks[-1]) if tricks else None


def _trick_rows(cv: Canvas, view: PublicView, trick: TrickView, names: Sequence[str], locale: str, x0: int,
                y: float, style: CardStyle) -> float:
    """The plays of ``trick`` in two columns of ``SIDE_W`` from ``x0``; returns the y below them."""
    for k, (seat, cards) in enumerate(trick.plays):
        x, top = x0 + (k % 2) * SIDE_W, y + (k // 2) * ROW_H
        win = seat == trick.winner
        if win:
            cv.panel((x + PAD - 4, top - 4, x + SIDE_W - PAD + 4, top + SMALL_CARD.height + 4), PANEL_ALT, radius=8,
                     outline=ACCENT, width=2)
        cv.draw.ellipse((x + PAD + 2, top + 10, x + PAD + 10, top + 18), fill=side_colour(view, seat))
        lead = "▶" if seat == trick.leader else ""  # the lead marked in every trick
        cv.label(lead + seat_name(names, seat, locale), font(NAME_FONT, "bold" if win else "regular"), x + PAD + 14,
                 top + 14, ACCENT if win else TEXT, max_width=NAME_W - 14)
        if win and trick.points:  # points scored by the defenders in gold; kept by the dealer's team in silver
            kept = on_dealer_side(view, seat)
            cv.label(f"{trick.points}" if kept else f"+{trick.points}", font(NAME_FONT, "bold"), x + PAD + 14,
                     top + 40, NEUTRAL if kept else ACCENT)
        draw_cards(cv, cards, SMALL_CARD, x + PAD + NAME_W + 4, top, max_width=SIDE_W - 2 * PAD - NAME_W - 4,
                   align="left", is_trump=lambda c: is_shown_trump(c, view), style=style)
    return y + -(-len(trick.plays) // 2) * ROW_H


def dealt_total(view: PublicView) -> int:
    """Cards dealt to the players in a deal (100 with two decks and four seats)."""
    shape = view.rules.shape
    return shape.cards - shape.kitty


PRE_PLAY = (Phase.DEALING, Phase.DECLARING, Phase.BURYING, Phase.KITTY_OVERCALL)


def status_text(view: PublicView, names: Sequence[str], locale: str) -> str:
    """What the table waits for before play: dealing progress, a declaration, or the kitty holder burying."""
    if view.phase is Phase.DEALING:
        total = dealt_total(view)
        if total == 100:
            return t("render.dealing", locale, n=view.cards_dealt)
        return t("render.dealing_of", locale, n=view.cards_dealt, total=total)
    if view.phase is Phase.BURYING and view.kitty_holder is not None:
        return t("render.burying", locale, name=seat_name(names, view.kitty_holder, locale))
    if view.declaration is None:
        return t("render.no_declaration", locale)
    return t("render.declaring_open", locale)


def _draw_status(cv: Canvas, view: PublicView, names: Sequence[str], locale: str, x0: int, y: float,
                 style: CardStyle, width: int) -> float:
    """Phase title, the wrapped status line, the dealing progress bar or the kitty's backs."""
    cv.label(phase_text(view.phase, locale), font(22, "bold"), x0 + PAD, y, TEXT)
    y += 34
    body = font(21, "bold")
    for line in wrap_text(status_text(view, names, locale), body, width - 2 * PAD):
        cv.label(line, body, x0 + PAD, y, ACCENT)
        y += 30
    if view.phase is Phase.DEALING:
        bar = width - 2 * PAD
        cv.pill((x0 + PAD, y, x0 + PAD + bar, y + 12), PANEL_LINE)
        cv.pill((x0 + PAD, y, x0 + PAD + max(12, bar * view.cards_dealt / dealt_total(view)), y + 12), ACCENT)
        y += 28
    if view.phase is Phase.BURYING:
        draw_cards(cv, [None] * view.rules.shape.kitty, SMALL_CARD, x0 + PAD, y, max_width=width - 2 * PAD,
                   align="left", style=style)
        y += SMALL_CARD.height + 14
    return y


def draw_side_panel(cv: Canvas, view: PublicView, names: Sequence[str], locale: str, top: int,
                    shown: TrickView | None, style: CardStyle) -> None:
    """Draw the band from ``top`` to the bottom of the picture: before play the status; during play, on the left
    (two columns) the previous trick, on the right the hand and current trick's number and points and a failed
    throw that led it."""
    cv.draw.rectangle((0, top, cv.width, cv.height), fill=PANEL)
    cv.draw.line((0, top, cv.width, top), fill=PANEL_LINE, width=1)
    if view.phase in PRE_PLAY:
        _draw_status(cv, view, names, locale, 0, top + 24, style, cv.width)
        return
    title, small = font(22, "bold"), font(20)
    y: float = top + 24
    cv.label(t("render.prev_trick", locale), title, PAD, y, TEXT)
    prev = previous_trick(view, shown)
    if prev is None:
        cv.label("—", title, PAD, y + 40, TEXT_DIM)
    else:
        number, trick = prev
        cv.label(t("render.trick_number", locale, n=number), small, 2 * SIDE_W - PAD, y, TEXT_DIM, align="right")
        _trick_rows(cv, view, trick, names, locale, 0, y + 24, style)
    x0, width = 2 * SIDE_W, cv.width - 2 * SIDE_W
    cv.draw.line((x0, top + 10, x0, cv.height - 10), fill=PANEL_LINE, width=1)
    cv.label(t("render.hand_number", locale, n=view.hand_number), title, x0 + PAD, y, TEXT)
    y += 32
    if view.trick is not None and (view.phase is Phase.PLAYING or view.trick.plays):  # the last trick too
        cv.label(t("render.trick_number", locale, n=trick_number(view)), title, x0 + PAD, y, TEXT)
        if view.trick.points:
            kept = len(view.trick.plays) == len(view.hand_sizes) and view.trick.winner is not None and \
                on_dealer_side(view, view.trick.winner)  # the dealer team keeps them (silver, no plus)
            text = t("outputs.kept", locale, points=view.trick.points) if kept else f"+{view.trick.points}"
            cv.label(text, title, x0 + width - PAD, y, NEUTRAL if kept else ACCENT, align="right")
        y += 30
    last = lead_failure(view, shown)
    if last is not None:  # only under the trick it led (it stayed under every later trick before)
        who = seat_name(names, last.seat, locale)
        for line in t("render.throw_failed_note", locale, name=who, penalty=last.penalty).split("\n"):
            cv.label(fit_text(line, small, width - 2 * PAD), small, x0 + PAD, y, BAD)
            y += 26
        if y + SMALL_CARD.height - 8 <= cv.height:  # what was attempted
            draw_cards(cv, last.attempted, SMALL_CARD, x0 + PAD, y - 8, max_width=width - 2 * PAD, align="left",
                       is_trump=lambda c: is_shown_trump(c, view), style=style)
