"""Fonts for every picture: the bundled Noto Sans CJK (SIL OFL), glyph coverage and pixel-width fitting.

Names may hold emoji or symbols the font lacks; ``clean_text`` drops those characters (so nothing renders
as a .notdef box) and ``fit_text`` truncates with an ellipsis by pixel width.
"""

from __future__ import annotations

import logging
import unicodedata
from functools import lru_cache
from importlib import resources
from pathlib import Path

from PIL import ImageFont

log = logging.getLogger(__name__)

FontT = ImageFont.FreeTypeFont
ELLIPSIS = "…"
_PACKAGES = {"regular": ("cvttf_NotoSansCJK_Regular", "NotoSansCJKtc-Regular.otf"),
             "bold": ("cvttf_NotoSansCJK_Bold", "NotoSansCJKtc-Bold.otf")}
_PROBE_SIZE = 24
_NOTDEF_PROBE = "\U0010fffd"  # a private-use code point no font maps: renders as .notdef


@lru_cache(maxsize=2)
def font_path(weight: str = "regular") -> Path:
    """Path of the bundled ``regular`` or ``bold`` OTF file."""
    package, filename = _PACKAGES[weight]
    return Path(str(resources.files(package).joinpath(filename)))


@lru_cache(maxsize=28)  # each face of the CJK font costs ~1.7 MB; caches below key on (size, weight), not faces
def font(size: int, weight: str = "regular") -> FontT:
    """The CJK font at ``size`` px (basic layout: fast and enough for CJK + Latin)."""
    return ImageFont.truetype(str(font_path(weight)), size, layout_engine=ImageFont.Layout.BASIC)


def font_key(fnt: FontT) -> tuple[int, str]:
    """``(size, weight)`` of a font made by ``font`` (cache keys must not keep faces alive)."""
    return int(fnt.size), "bold" if str(fnt.path).endswith("Bold.otf") else "regular"


@lru_cache(maxsize=1)
def _notdef_mask() -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE_SIZE).getmask(_NOTDEF_PROBE)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """True if the bundled font draws ``char`` with a real glyph (not the .notdef box)."""
    if char == " ":
        return True
    mask = font(_PROBE_SIZE).getmask(char)
    return (mask.size, bytes(mask)) != _notdef_mask()


@lru_cache(maxsize=8192)
def clean_text(text: str) -> str:
    """``text`` on one line without characters the font lacks, control or zero-width characters."""
    out: list[str] = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in "\n\r\t" or cat == "Zs":
            out.append(" ")
        elif (cat[0] in "CM" and cat != "Mn") or ch in "\u200b\u200c\u200d\u2060\ufeff":
            continue
        elif has_glyph(ch):
            out.append(ch)
    return " ".join("".join(out).split())


def text_width(text: str, fnt: FontT) -> int:
    """Advance width of ``text`` in pixels."""
    return _width(text, *font_key(fnt))


@lru_cache(maxsize=16384)
def _width(text: str, size: int, weight: str) -> int:
    return round(font(size, weight).getlength(text))


def fit_text(text: str, fnt: FontT, max_width: int) -> str:
    """``text`` cleaned and, if wider than ``max_width`` px, cut to the longest prefix + ``…`` that fits."""
    return _fit(text, *font_key(fnt), max_width)


@lru_cache(maxsize=8192)
def _fit(text: str, size: int, weight: str, max_width: int) -> str:
    fnt = font(size, weight)
    text = clean_text(text)
    if text_width(text, fnt) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix whose width plus the ellipsis fits
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, fnt) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def fit_font(text: str, max_width: int, size: int, weight: str = "regular", min_size: int = 10) -> FontT:
    """The largest font up to ``size`` (not below ``min_size``) in which ``text`` fits ``max_width`` px; widths
    scale with the size, so the first guess is proportional (few faces are opened)."""
    width = text_width(text, font(size, weight))
    if width > max_width:
        size = max(min_size, int(size * max_width / width))
        while size > min_size and text_width(text, font(size, weight)) > max_width:
            size -= 1
    return font(size, weight)


def wrap_text(text: str, fnt: FontT, max_width: int, max_lines: int = 3) -> list[str]:
    """``text`` cleaned and broken into lines of at most ``max_width`` px (at spaces, or anywhere in CJK);
    the last allowed line ends with ``…`` if text is left over."""
    text = clean_text(text)
    lines: list[str] = []
    while text and len(lines) < max_lines:
        if text_width(text, fnt) <= max_width:
            lines.append(text)
            text = ""
            break
        cut = len(fit_text(text, fnt, max_width).rstrip(ELLIPSIS)) or 1
        space = text.rfind(" ", 0, cut + 1)
        if space > 0 and text[cut:cut + 1] not in ("", " ") and cut - space < 16:
            cut = space
        lines.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    if text and lines:
        lines[-1] = fit_text(lines[-1] + " " + text, fnt, max_width)
    return lines
