"""Colours and card styles shared by every picture (opaque images that read on Discord's dark and light themes)."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

# surfaces
FELT: RGB = (24, 74, 56)
FELT_DARK: RGB = (17, 54, 41)
PANEL: RGB = (36, 40, 48)
PANEL_ALT: RGB = (44, 49, 58)
PANEL_LINE: RGB = (70, 77, 90)
HEADER: RGB = (22, 26, 32)

# text
TEXT: RGB = (240, 242, 245)
TEXT_DIM: RGB = (170, 178, 190)
TEXT_DARK: RGB = (28, 30, 34)
ACCENT: RGB = (255, 196, 64)  # gold: trumps, winners, highlights
GOOD: RGB = (96, 212, 128)
BAD: RGB = (240, 96, 96)
SELECT: RGB = (80, 170, 255)
NEUTRAL: RGB = (200, 206, 216)  # silver: tags that score nothing (the lead, the dealer's team winning a trick)

# the two teams: seats 0, 2 and seats 1, 3
TEAM: tuple[RGB, RGB] = ((96, 165, 250), (251, 146, 60))

# card faces
CARD_FACE: RGB = (252, 252, 250)
CARD_TRUMP_FACE: RGB = (255, 240, 196)
CARD_EDGE: RGB = (120, 124, 132)
CARD_TRUMP_EDGE: RGB = (214, 150, 20)
CARD_BACK: RGB = (178, 34, 52)
CARD_BACK_LINE: RGB = (236, 196, 120)
BLACK_INK: RGB = (24, 24, 28)
RED_INK: RGB = (206, 28, 40)
GREEN_INK: RGB = (18, 132, 60)
BLUE_INK: RGB = (24, 84, 200)
JOKER_BIG: tuple[RGB, RGB] = ((214, 28, 40), (240, 160, 20))  # 大王: coloured
JOKER_SMALL: RGB = (30, 30, 34)  # 小王: monochrome

_TWO_COLOUR = {"S": BLACK_INK, "H": RED_INK, "C": BLACK_INK, "D": RED_INK}
_FOUR_COLOUR = {"S": BLACK_INK, "H": RED_INK, "C": GREEN_INK, "D": BLUE_INK}


@dataclass(frozen=True)
class CardSize:
    """Pixel geometry of a card sprite: ``strip`` is the visible left part when cards overlap."""

    width: int
    height: int
    strip: int
    rank_px: int
    suit_px: int
    radius: int


HAND_CARD = CardSize(width=88, height=124, strip=44, rank_px=34, suit_px=28, radius=9)
TABLE_CARD = CardSize(width=76, height=106, strip=36, rank_px=30, suit_px=24, radius=8)
SMALL_CARD = CardSize(width=42, height=58, strip=21, rank_px=18, suit_px=14, radius=5)
KITTY_CARD = CardSize(width=58, height=80, strip=30, rank_px=25, suit_px=19, radius=6)  # the hand's kitty strip


def suit_colour(suit: str, four_colour: bool = False) -> RGB:
    """Ink of a suit: red/black, or ♠ black ♥ red ♣ green ♦ blue with ``four_colour``."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend from ``a`` (t=0) to ``b`` (t=1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
