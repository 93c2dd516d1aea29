"""Drawing helpers shared by the renderers: a ``Canvas`` with cached text masks, pills and panels, PNG encoding.

PNGs are mapped onto one fixed 256-colour palette (``render.palette``; the pictures are flat colour) and
zlib-compressed; the same input always gives the same bytes.
"""

from __future__ import annotations

import functools
import io
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ParamSpec, TypeVar

from PIL import Image, ImageDraw

from render.fonts import FontT, clean_text, fit_text, font, font_key, text_width
from render.palette import to_palette
from render.theme import RGB

log = logging.getLogger(__name__)

PNG_COMPRESS_LEVEL = 2
Box = tuple[float, float, float, float]
P = ParamSpec("P")
R = TypeVar("R")
_LOCK = threading.RLock()


def serialized(fn: Callable[P, R]) -> Callable[P, R]:
    """Draw one picture at a time: the FreeType faces and the caches are shared, and the bot renders from
    worker threads (``asyncio.to_thread``)."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with _LOCK:
            return fn(*args, **kwargs)

    return wrapper


def encode_png(image: Image.Image) -> bytes:
    """``image`` as palette PNG bytes (deterministic)."""
    out = io.BytesIO()
    to_palette(image).save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


@lru_cache(maxsize=2048)  # a few MB at most
def _text_mask(text: str, size: int, weight: str, anchor: str) -> tuple[Image.Image, int, int]:
    """An ``L`` mask of ``text`` and the offset of its top-left from the anchor point (cached)."""
    fnt = font(size, weight)
    left, top, right, bottom = (int(v) for v in fnt.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


def ink_box(text: str, fnt: FontT) -> tuple[int, int, int, int]:
    """The ink bounding box of ``text`` drawn at the origin with anchor ``ls`` (left, baseline)."""
    left, top, right, bottom = fnt.getbbox(text, anchor="ls")
    return int(left), int(top), int(right), int(bottom)


def draw_ink(draw: ImageDraw.ImageDraw, text: str, fnt: FontT, x: float, top: float, fill: RGB | tuple[int, ...],
             align: str = "center") -> tuple[int, int, int, int]:
    """Draw ``text`` so its ink starts at ``top``; ``x`` is the ink's centre, left or right edge (``align``).

    Returns the ink box drawn (used for sprites, drawn once and cached).
    """
    left, t, right, bottom = ink_box(text, fnt)
    w = right - left
    ox = x - w / 2 if align == "center" else x if align == "left" else x - w
    ox, oy = round(ox - left), round(top - t)
    draw.text((ox, oy), text, font=fnt, fill=fill, anchor="ls")
    return ox + left, oy + t, ox + right, oy + bottom


@dataclass
class Canvas:
    """An opaque RGB image with its drawing context."""

    image: Image.Image
    draw: ImageDraw.ImageDraw = field(init=False)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.image)

    @classmethod
    def new(cls, width: int, height: int, fill: RGB) -> Canvas:
        return cls(Image.new("RGB", (width, height), fill))

    @property
    def width(self) -> int:
        return self.image.width

    @property
    def height(self) -> int:
        return self.image.height

    def text(self, xy: tuple[float, float], text: str, fnt: FontT, fill: RGB, anchor: str = "la") -> None:
        """Like ``ImageDraw.text`` (text already cleaned) but from cached masks: labels repeat a lot."""
        if not text:
            return
        mask, dx, dy = _text_mask(text, *font_key(fnt), anchor)
        self.image.paste(fill, (round(xy[0]) + dx, round(xy[1]) + dy), mask)

    def label(self, text: str, fnt: FontT, x: float, y_mid: float, fill: RGB, align: str = "left",
              max_width: int | None = None) -> int:
        """One line of cleaned (and fitted, with ``max_width``) text centred on ``y_mid``; returns its width."""
        text = fit_text(text, fnt, max_width) if max_width is not None else clean_text(text)
        self.text((x, y_mid), text, fnt, fill, {"left": "lm", "center": "mm", "right": "rm"}[align])
        return text_width(text, fnt)

    def pill(self, box: Box, fill: RGB, outline: RGB | None = None, width: int = 2) -> None:
        """A fully rounded rectangle."""
        x0, y0, x1, y1 = (round(v) for v in box)
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=(y1 - y0) // 2, fill=fill, outline=outline, width=width)

    def panel(self, box: Box, fill: RGB, radius: int = 12, outline: RGB | None = None, width: int = 2) -> None:
        """A rounded panel."""
        x0, y0, x1, y1 = (round(v) for v in box)
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline, width=width)

    @staticmethod
    def pill_width(text: str, fnt: FontT, pad: int = 10) -> int:
        """Width of ``text_pill`` for ``text``."""
        return text_width(clean_text(text), fnt) + 2 * pad

    def text_pill(self, text: str, fnt: FontT, x: float, y_mid: float, fill: RGB, ink: RGB, pad: int = 10,
                  height: int | None = None, outline: RGB | None = None) -> float:
        """A pill holding ``text`` starting at ``x``; returns the pill's right edge."""
        text = clean_text(text)
        h = height or round(fnt.size * 1.45)
        w = text_width(text, fnt) + 2 * pad
        self.pill((x, y_mid - h / 2, x + w, y_mid + h / 2), fill, outline)
        self.text((x + w / 2, y_mid), text, fnt, ink, "mm")
        return x + w

    def paste(self, sprite: Image.Image, x: float, y: float) -> None:
        """Paste an RGBA sprite with its alpha."""
        self.image.paste(sprite, (round(x), round(y)), sprite)

    def png(self) -> bytes:
        return encode_png(self.image)
