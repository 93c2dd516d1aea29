"""The dealer's friend calls (朋友牌) on the table picture's header, RULES §13.3–§13.4: each call as its card and
ordinal ("第二张 K♣" / "2nd K♣") followed by its state — copies still to skip, the next copy fills it, the friend
it revealed, or filled by the dealer's own team (no friend). Public once play begins; before, one line says the
dealer calls after the bury. The lines are reserved for the number of calls the rules ask for, each as wide as a
call can get (the widest ordinal and rank, the longest state), so the picture keeps its height through a hand and
no call is ever left out.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import SUIT_SYMBOLS
from engine.friends import CallState
from engine.views import PublicView
from i18n import MESSAGES, t
from render.draw import Canvas
from render.fonts import FontT, clean_text, fit_text, font, text_width
from render.labels import seat_name
from render.sides import SHOWN_CALLS, is_friends
from render.theme import ACCENT, CARD_FACE, PANEL_ALT, RGB, TEXT_DARK, TEXT_DIM, suit_colour

log = logging.getLogger(__name__)

FONT = 20  # 8.4 px on a phone (the picture is shown ~320 px wide)
PAD = 10
GAP = 6  # between a call's card and its state
CALL_GAP = 14  # between two calls
NAME_W = 110  # a revealed friend's name is cut to this


def call_lines(view: PublicView, locale: str, width: int) -> int:
    """Header lines the calls take in ``width`` px: none with fixed partners, else as many as the rules' calls need
    at their widest (see the module docstring)."""
    if not is_friends(view):
        return 0
    fnt = font(FONT, "bold")
    widest = widest_piece(view.rules.decks, locale)
    first = text_width(t("render.calls", locale), fnt) + 8
    return max(1, len(_lines([widest] * view.rules.friend_calls, fnt, first, width)))


def widest_piece(decks: int, locale: str) -> CallPiece:
    """A call as wide as any can get at this deck count: the last ordinal, a 10, and the longest state."""
    fnt = font(FONT, "bold")
    states = [t("render.call_skip", locale, n=max(1, decks - 1)), t("render.call_next", locale),
              t("render.call_missed", locale)]
    state = max(states, key=lambda s: text_width(s, fnt))
    friend = t("render.call_friend", locale, name="")
    if text_width(friend, fnt) + NAME_W > text_width(state, fnt):
        state = friend + "W" * (NAME_W // max(1, text_width("W", fnt)) + 1)
    return CallPiece(f"{ordinal_text(decks, locale)} 10", "H", state, PANEL_ALT, TEXT_DIM)


def ordinal_text(ordinal: int, locale: str) -> str:
    """``第二张`` / ``2nd``: the copy a call names."""
    key = f"render.ordinal.{ordinal}"
    return t(key, locale) if key in MESSAGES else f"#{ordinal}"


@dataclass(frozen=True)
class CallPiece:
    """A call drawn as two pills: the card (light, the suit in its colour) and its state."""

    label: str  # the ordinal and rank, e.g. "第二张 K"
    suit: str  # "" for a joker
    state: str
    fill: RGB
    ink: RGB


def call_piece(state: CallState, names: Sequence[str], locale: str) -> CallPiece:
    """The pills of one call in its current state."""
    card = state.call.card
    rank = t(f"card.name.{card.rank}", locale) if card.is_joker else card.rank
    label = f"{ordinal_text(state.call.ordinal, locale)} {rank}"
    if state.filled and state.friend is not None:
        name = fit_text(seat_name(names, state.friend, locale), font(FONT, "bold"), NAME_W)
        return CallPiece(label, card.suit, t("render.call_friend", locale, name=name), ACCENT, TEXT_DARK)
    if state.filled:
        return CallPiece(label, card.suit, t("render.call_missed", locale), PANEL_ALT, TEXT_DIM)
    if state.skip == 0:
        return CallPiece(label, card.suit, t("render.call_next", locale), PANEL_ALT, ACCENT)
    return CallPiece(label, card.suit, t("render.call_skip", locale, n=state.skip), PANEL_ALT, TEXT_DIM)


def _card_width(piece: CallPiece, fnt: FontT) -> int:
    symbol = text_width(" " + SUIT_SYMBOLS[piece.suit], fnt) if piece.suit else 0
    return text_width(clean_text(piece.label), fnt) + symbol + 2 * PAD


def piece_width(piece: CallPiece, fnt: FontT) -> int:
    return _card_width(piece, fnt) + GAP + Canvas.pill_width(piece.state, fnt, PAD)


def _draw_piece(cv: Canvas, piece: CallPiece, fnt: FontT, x: float, y_mid: float, height: int) -> float:
    w = _card_width(piece, fnt)
    cv.pill((x, y_mid - height / 2, x + w, y_mid + height / 2), CARD_FACE)
    end = x + PAD + cv.label(piece.label, fnt, x + PAD, y_mid, TEXT_DARK)
    if piece.suit:
        cv.text((end + text_width(" ", fnt), y_mid), SUIT_SYMBOLS[piece.suit], fnt, suit_colour(piece.suit), "lm")
    return cv.text_pill(piece.state, fnt, x + w + GAP, y_mid, piece.fill, piece.ink, pad=PAD, height=height)


def _lines(pieces: Sequence[CallPiece], fnt: FontT, first: int, width: int) -> list[list[CallPiece]]:
    """The pieces flowed into lines (the first line starts ``first`` px in, after the title)."""
    lines: list[list[CallPiece]] = [[]]
    used = first
    for piece in pieces:
        w = piece_width(piece, fnt)
        if lines[-1] and used + CALL_GAP + w > width:
            lines.append([])
            used = 0
        used += (CALL_GAP if lines[-1] else 0) + w
        lines[-1].append(piece)
    return lines


def draw_calls(cv: Canvas, view: PublicView, names: Sequence[str], locale: str, x0: float, y_mid: float,
               width: int, line_h: int, chip_h: int) -> None:
    """The calls' lines from ``y_mid`` (the first line's middle), ``line_h`` apart, in ``width`` px from ``x0``."""
    friends = view.friends if view.phase in SHOWN_CALLS else None
    fnt = font(FONT, "bold")
    if friends is None or not friends.calls:
        cv.label(t("render.calls_pending", locale), fnt, x0, y_mid, TEXT_DIM, max_width=width)
        return
    pieces = [call_piece(c, names, locale) for c in friends.calls]
    title = t("render.calls", locale)
    first = text_width(title, fnt) + 8
    cv.label(title, fnt, x0, y_mid, TEXT_DIM)
    for k, line in enumerate(_lines(pieces, fnt, first, width)):
        x = x0 + (first if k == 0 else 0)
        for piece in line:
            x = _draw_piece(cv, piece, fnt, x, y_mid + k * line_h, chip_h) + CALL_GAP
