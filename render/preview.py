"""Write every sample picture, in both locales, to a folder for a visual review.

Usage: ``.venv/bin/python -m render.preview [out/preview]`` (``out/`` is git-ignored). Each picture is also
written on Discord's dark (#313338) and light (#FFFFFF) backgrounds at half size (``*_discord.png``).
"""

from __future__ import annotations

import io
import logging
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PIL import Image

from engine.rules import Rules
from engine.views import Phase
from render import (
    render_hand,
    render_hand_summary,
    render_ladder,
    render_match_summary,
    render_stats,
    render_table,
    samples,
)

log = logging.getLogger(__name__)

DISCORD_DARK = (49, 51, 56)
DISCORD_LIGHT = (255, 255, 255)


def pictures(locale: str) -> dict[str, Callable[[], bytes]]:
    """The sample pictures of one locale."""
    burying = samples.seat_view(33, phase=Phase.BURYING)
    burying = replace(burying, kitty=burying.hand[25:], public=replace(burying.public, to_act=(0,)))
    return {
        "hand25": lambda: render_hand(samples.seat_view(25), locale=locale, selected=(2, 3)),
        "hand33_burying": lambda: render_hand(burying, locale=locale, selected=(30, 31)),
        "hand_four_colour": lambda: render_hand(samples.seat_view(25, seed=9), locale=locale, four_colour=True),
        "table": lambda: render_table(samples.public_view(), samples.NAMES, locale=locale, seat_highlight=0),
        "table_compact": lambda: render_table(samples.public_view(), samples.NAMES, locale=locale, compact=True),
        "table_long_names": lambda: render_table(samples.public_view(trick_plays=2), samples.LONG_NAMES,
                                                 locale=locale),
        "table_declaring": lambda: render_table(samples.declaring_view(), samples.NAMES, locale=locale),
        "summary": lambda: render_hand_summary(samples.hand_result(), samples.NAMES, locale=locale),
        "match": lambda: render_match_summary(samples.match_results(), samples.NAMES, 0, locale=locale,
                                              rules=Rules()),
        "ladder": lambda: render_ladder(samples.ladder_rows(20), title="Ladder · 排行榜", locale=locale),
        "stats": lambda: render_stats(samples.stats_card(), locale=locale),
    }


def on_discord(png: bytes) -> Image.Image:
    """The picture at half size on a dark and on a light background, side by side."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image = image.resize((image.width // 2, image.height // 2), Image.Resampling.LANCZOS)
    pad = 16
    out = Image.new("RGB", (2 * image.width + 4 * pad, image.height + 2 * pad), DISCORD_DARK)
    out.paste(DISCORD_LIGHT, (image.width + 2 * pad, 0, out.width, out.height))
    out.paste(image, (pad, pad))
    out.paste(image, (image.width + 3 * pad, pad))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "out/preview")
    folder.mkdir(parents=True, exist_ok=True)
    for locale in ("en", "zh-CN"):
        for name, draw in pictures(locale).items():
            png = draw()
            (folder / f"{name}_{locale}.png").write_bytes(png)
            on_discord(png).save(folder / f"{name}_{locale}_discord.png")
    print(f"wrote {len(list(folder.glob('*.png')))} pictures to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
