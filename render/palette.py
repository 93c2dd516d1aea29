"""One fixed 256-colour palette for every PNG: every theme colour exactly, plus the antialiasing blends of every
ink over every background, reduced by octree (built in ~15 ms). Mapping a picture onto a fixed palette takes ~1 ms
(an adaptive quantization ~7 ms) and keeps output deterministic.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from itertools import product

from PIL import Image, ImageDraw

from render import theme
from render.theme import RGB, mix

log = logging.getLogger(__name__)

BACKGROUNDS: tuple[RGB, ...] = (theme.FELT, theme.FELT_DARK, theme.PANEL, theme.PANEL_ALT, theme.HEADER,
                                theme.CARD_FACE, theme.CARD_TRUMP_FACE, theme.SELECT, theme.ACCENT, theme.PANEL_LINE,
                                theme.CARD_BACK, *theme.TEAM)
_SUIT_INKS = (theme.BLACK_INK, theme.RED_INK, theme.GREEN_INK, theme.BLUE_INK)
INKS: tuple[RGB, ...] = (theme.TEXT, theme.TEXT_DIM, theme.TEXT_DARK, theme.ACCENT, theme.GOOD, theme.BAD,
                         theme.SELECT, *_SUIT_INKS, theme.CARD_EDGE, theme.CARD_TRUMP_EDGE, theme.CARD_BACK,
                         theme.CARD_BACK_LINE, *theme.JOKER_BIG, *theme.TEAM, theme.PANEL_LINE, theme.CARD_FACE,
                         theme.FELT,
                         *(mix(ink, theme.CARD_FACE, 0.1) for ink in _SUIT_INKS),  # the big pips
                         mix(theme.CARD_BACK, theme.CARD_BACK_LINE, 0.35))  # the card back's lattice
EXACT: tuple[RGB, ...] = tuple(dict.fromkeys((*BACKGROUNDS, *INKS)))
NEAR = 5  # octree colours this close (per channel) to a theme colour are dropped
RAMP_STEPS = (0.12, 0.25, 0.38, 0.5, 0.62, 0.75, 0.88)


def _swatch() -> Image.Image:
    """Blends of every ink over every background (the antialiasing edges of text, shapes and sprites)."""
    blends = [mix(bg, ink, s) for bg, ink in product(BACKGROUNDS, INKS) for s in RAMP_STEPS]
    cols = 64
    image = Image.new("RGB", (cols * 2, (-(-len(blends) // cols)) * 2), theme.FELT)
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate(blends):
        x, y = (i % cols) * 2, (i // cols) * 2
        draw.rectangle((x, y, x + 1, y + 1), fill=colour)
    return image


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """A ``P`` image whose palette is the exact theme colours followed by an octree reduction of the swatch."""
    reduced = _swatch().quantize(256 - len(EXACT), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat_extra = (reduced.getpalette() or [])[: 3 * (256 - len(EXACT))]
    extra = [tuple(flat_extra[i:i + 3]) for i in range(0, len(flat_extra), 3)]
    # drop near-duplicates of exact colours, so flat areas map onto the exact theme colour
    extra = [c for c in extra if all(max(abs(a - b) for a, b in zip(c, e, strict=True)) > NEAR for e in EXACT)]
    colours = [*EXACT, *extra]
    colours += [EXACT[0]] * (256 - len(colours))
    flat = [v for colour in colours for v in colour]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def to_palette(image: Image.Image) -> Image.Image:
    """``image`` mapped to the fixed palette (nearest colour, no dithering)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)
