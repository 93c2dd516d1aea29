"""A row of overlapped card sprites fitted into a width (plays, tricks, the kitty)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import Card
from render.draw import Box, Canvas
from render.sprites import card_back, sprite_for
from render.theme import CardSize

log = logging.getLogger(__name__)

MIN_STRIP = 12


@dataclass(frozen=True)
class CardStyle:
    """How faces are drawn: joker label language and the four-colour suits option."""

    lang: str = "en"
    four_colour: bool = False


def fit_strip(n: int, size: CardSize, max_width: float) -> int:
    """The visible strip per card so that ``n`` cards fit ``max_width`` (never above ``size.strip``)."""
    if n <= 1:
        return size.strip
    return max(MIN_STRIP, min(size.strip, int((max_width - size.width) // (n - 1))))


def row_width(n: int, size: CardSize, strip: int) -> int:
    return 0 if n == 0 else (n - 1) * strip + size.width


def draw_cards(cv: Canvas, cards: Sequence[Card | None], size: CardSize, x: float, y: float, *,
               max_width: float, is_trump: Callable[[Card], bool] = lambda _c: False, align: str = "center",
               style: CardStyle = CardStyle()) -> Box:
    """Draw ``cards`` (``None`` = a card back) from ``y``; ``x`` is the row's centre or left edge (``align``).

    Returns the box covered.
    """
    strip = fit_strip(len(cards), size, max_width)
    w = row_width(len(cards), size, strip)
    left = x - w / 2 if align == "center" else x
    for i, card in enumerate(cards):
        if card is None:
            sprite = card_back(size)
        else:
            sprite = sprite_for(card, size, is_trump(card), style.four_colour, style.lang)
        cv.paste(sprite, left + i * strip, y)
    return left, y, left + w, y + size.height
