"""Card faces and the card back, drawn by code at 3× and downsampled (antialiased), cached per card and style.

The left ``strip`` of a face carries everything needed when cards overlap: a large rank, the suit below it
and, for trumps, a gold corner mark on a tinted face. 大王 is coloured, 小王 monochrome; both are labelled
vertically (``JOKER`` or 大王/小王).
"""

from __future__ import annotations

import logging
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.cards import SUIT_SYMBOLS, Card
from render.draw import draw_ink
from render.fonts import fit_font, font
from render.theme import (
    BLACK_INK,
    CARD_BACK,
    CARD_BACK_LINE,
    CARD_EDGE,
    CARD_FACE,
    CARD_TRUMP_EDGE,
    CARD_TRUMP_FACE,
    JOKER_BIG,
    JOKER_SMALL,
    RGB,
    CardSize,
    mix,
    suit_colour,
)

log = logging.getLogger(__name__)

SCALE = 3  # supersampling factor
JOKER_LABELS = {"en": {"BJ": "BIG", "SJ": "SMALL"}, "zh-CN": {"BJ": "大王", "SJ": "小王"}}  # not by colour alone


def _ink(card: Card, four_colour: bool) -> RGB:
    if card.is_joker:
        return JOKER_BIG[0] if card.rank == "BJ" else JOKER_SMALL
    return suit_colour(card.suit, four_colour)


def _blank(size: CardSize, face: RGB, edge: RGB, edge_px: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    w, h = size.width * SCALE, size.height * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=size.radius * SCALE, fill=(*face, 255),
                           outline=(*edge, 255), width=edge_px * SCALE)
    return image, draw


def _finish(image: Image.Image, size: CardSize) -> Image.Image:
    return image.resize((size.width, size.height), Image.Resampling.LANCZOS)


def _trump_mark(draw: ImageDraw.ImageDraw, size: CardSize) -> None:
    """A gold triangle in the bottom-left corner of the visible strip."""
    s, h = SCALE, size.height * SCALE
    leg = round(size.strip * 0.55) * s
    inset = 3 * s
    draw.polygon([(inset, h - inset), (inset, h - inset - leg), (inset + leg, h - inset)], fill=(*CARD_TRUMP_EDGE, 255))


def _draw_suited(draw: ImageDraw.ImageDraw, card: Card, size: CardSize, ink: RGB) -> None:
    s = SCALE
    cx = size.strip * s / 2 + 1 * s
    rank_font = fit_font(card.rank, (size.strip - 6) * s, size.rank_px * s, "bold")
    if card.rank == "10":  # condensed so both digits stay visible on a slightly compressed strip
        rank_font = fit_font("10", (size.strip - (8 if size.strip >= 30 else 3)) * s, size.rank_px * s, "bold")
    box = draw_ink(draw, card.rank, rank_font, cx, 5 * s, ink)
    symbol = SUIT_SYMBOLS[card.suit]
    draw_ink(draw, symbol, font(size.suit_px * s, "regular"), cx, box[3] + 5 * s, ink)
    if size.width < 60:  # small cards: the index only
        return
    # the big pip, visible on the top card of a fan
    big = font(round(size.height * 0.42) * s, "regular")
    draw_ink(draw, symbol, big, size.width * s * 0.6, size.height * s * 0.42, mix(ink, CARD_FACE, 0.1))


def _draw_joker(draw: ImageDraw.ImageDraw, card: Card, size: CardSize, lang: str) -> None:
    s = SCALE
    big = card.rank == "BJ"
    ink = JOKER_BIG[0] if big else JOKER_SMALL
    label = JOKER_LABELS.get(lang, JOKER_LABELS["en"])[card.rank]
    cx = size.strip * s / 2 + 1 * s
    if len(label) > 2:  # JOKER: letters spread down the strip
        step = size.height * s * 0.8 / len(label)
        glyph_px = round(min(step * 0.9, (size.strip - 10) * s))
    else:  # 大王 / 小王: two large characters
        glyph_px = round((size.strip - 8) * s)
        step = glyph_px + 4 * s
    glyph_font = font(glyph_px, "bold")
    y: float = 6 * s
    for ch in label:
        draw_ink(draw, ch, glyph_font, cx, y, ink)
        y += step
    if size.width < 60:  # small cards: the label only
        return
    star = font(round(size.height * 0.4) * s, "regular")
    pip_cx, top = size.width * s * 0.62, size.height * s * 0.42
    draw_ink(draw, "★", star, pip_cx, top, JOKER_BIG[1] if big else JOKER_SMALL)
    inner = font(round(size.height * 0.2) * s, "regular")
    draw_ink(draw, "★", inner, pip_cx, top + size.height * s * 0.09, JOKER_BIG[0] if big else CARD_FACE)


@lru_cache(maxsize=2048)
def card_sprite(card: Card, size: CardSize, trump: bool = False, four_colour: bool = False,
                lang: str = "en") -> Image.Image:
    """The RGBA face of ``card`` (treat as read-only: it is shared)."""
    face = CARD_TRUMP_FACE if trump else CARD_FACE
    edge = CARD_TRUMP_EDGE if trump else CARD_EDGE
    image, draw = _blank(size, face, edge, 2 if trump else 1)
    if card.is_joker:
        _draw_joker(draw, card, size, lang)
    else:
        _draw_suited(draw, card, size, _ink(card, four_colour))
    if trump:
        _trump_mark(draw, size)
    return _finish(image, size)


def sprite_for(card: Card, size: CardSize, trump: bool = False, four_colour: bool = False,
               lang: str = "en") -> Image.Image:
    """``card_sprite`` with the cache key normalised (the language matters only for jokers)."""
    return card_sprite(card, size, trump, four_colour if not card.is_joker else False,
                       lang if card.is_joker else "en")


@lru_cache(maxsize=16)
def card_back(size: CardSize) -> Image.Image:
    """The RGBA card back: red with a gold lattice and border."""
    s = SCALE
    image, draw = _blank(size, CARD_BACK, (255, 255, 255), 3)
    w, h = size.width * s, size.height * s
    inset = 7 * s
    draw.rounded_rectangle((inset, inset, w - inset, h - inset), radius=size.radius * s // 2,
                           outline=(*CARD_BACK_LINE, 255), width=s)
    step = 10 * s
    for k in range(-h, w + h, step):
        draw.line([(k, inset), (k + (h - 2 * inset), h - inset)], fill=(*mix(CARD_BACK, CARD_BACK_LINE, 0.35), 255),
                  width=s)
        draw.line([(k, h - inset), (k + (h - 2 * inset), inset)], fill=(*mix(CARD_BACK, CARD_BACK_LINE, 0.35), 255),
                  width=s)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((inset + s, inset + s, w - inset - s, h - inset - s),
                                           radius=size.radius * s // 2, fill=255)
    framed, _ = _blank(size, CARD_BACK, (255, 255, 255), 3)
    framed.paste(image, (0, 0), mask)
    ImageDraw.Draw(framed).rounded_rectangle((inset, inset, w - inset, h - inset), radius=size.radius * s // 2,
                                             outline=(*CARD_BACK_LINE, 255), width=s)
    return _finish(framed, size)


def ink_of(card: Card, four_colour: bool = False) -> RGB:
    """The ink a card's index is drawn in (for text mentions of cards)."""
    return _ink(card, four_colour)


__all__ = ["BLACK_INK", "card_back", "card_sprite", "ink_of", "sprite_for"]
