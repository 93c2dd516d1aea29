"""Golden images: each picture, scaled to half size, must match its committed PNG in tests/golden/.

Compared with a tolerance: mean absolute pixel difference below ``MEAN_TOL`` over the image and below
``BLOCK_TOL`` in every 16×16 block (so a small local change, like a missing card, still fails).

Regenerate after an intended visual change (only files outside the tolerance are rewritten; LOOK at them
before committing):

    REGEN_GOLDEN=1 .venv/bin/pytest tests/render/test_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.views import Phase
from render import render_hand, render_hand_summary, render_ladder, render_match_summary, render_stats, render_table
from render.samples import (
    LONG_NAMES,
    NAMES,
    declaring_view,
    hand_result,
    ladder_rows,
    match_results,
    public_view,
    seat_view,
    stats_card,
)

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("REGEN_GOLDEN") == "1"
MEAN_TOL = 1.5
BLOCK_TOL = 24.0
BLOCK = 16

CASES: dict[str, Callable[[], bytes]] = {
    "hand25_zh": lambda: render_hand(seat_view(25), locale="zh-CN", selected=(2, 3, 9)),
    "hand33_en_four_colour": lambda: render_hand(seat_view(33, seed=11, phase=Phase.BURYING), locale="en",
                                                 four_colour=True),
    "hand_undecided_zh": lambda: render_hand(seat_view(25, seed=5, trump=None, phase=Phase.DEALING),
                                             locale="zh-CN"),
    "table_zh": lambda: render_table(public_view(), NAMES, locale="zh-CN", seat_highlight=0),
    "table_en_long_names": lambda: render_table(public_view(trick_plays=2), LONG_NAMES, locale="en"),
    "table_zh_declaring": lambda: render_table(declaring_view(), NAMES, locale="zh-CN"),
    "table_en_compact": lambda: render_table(public_view(trick_plays=2), LONG_NAMES, locale="en", compact=True),
    "summary_zh": lambda: render_hand_summary(hand_result(), NAMES, locale="zh-CN"),
    "summary_en_notes": lambda: render_hand_summary(
        replace(hand_result(bonus=False), notes=("settle.jack_bottom",), match_winner=0), LONG_NAMES, locale="en"),
    "match_en": lambda: render_match_summary(match_results(), NAMES, 0, locale="en"),
    "match_zh_one_hand": lambda: render_match_summary(match_results()[-1:], NAMES, 0, locale="zh-CN"),
    "ladder_zh": lambda: render_ladder(ladder_rows(8), title="排行榜", locale="zh-CN"),
    "stats_en": lambda: render_stats(stats_card(), locale="en"),
}


def thumbnail(png: bytes) -> Image.Image:
    """The picture at half size (what is committed and compared)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.resize((image.width // 2, image.height // 2), Image.Resampling.LANCZOS)


def differences(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Mean absolute difference over the image and the worst 16×16 block mean (0–255)."""
    diff = ImageChops.difference(a, b).convert("L")
    mean = ImageStat.Stat(diff).mean[0]
    blocks = diff.resize((max(1, diff.width // BLOCK), max(1, diff.height // BLOCK)), Image.Resampling.BOX)
    return mean, float(blocks.getextrema()[1])


def _close(expected: Image.Image, actual: Image.Image) -> bool:
    if expected.size != actual.size:
        return False
    mean, block = differences(expected, actual)
    return mean < MEAN_TOL and block < BLOCK_TOL


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name: str) -> None:
    path = GOLDEN / f"{name}.png"
    actual = thumbnail(CASES[name]())
    if REGEN and (not path.exists() or not _close(Image.open(path).convert("RGB"), actual)):
        GOLDEN.mkdir(exist_ok=True)
        actual.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(path, optimize=True)
    assert path.exists(), f"missing golden {path.name}: run REGEN_GOLDEN=1 pytest {Path(__file__).name}"
    expected = Image.open(path).convert("RGB")
    assert expected.size == actual.size
    mean, block = differences(expected, actual)
    assert _close(expected, actual), f"{name}: mean {mean:.2f}, worst block {block:.1f}"


def test_comparison_catches_a_missing_card() -> None:
    """The tolerance is tight enough to fail on one card less."""
    view = seat_view(25)
    fewer = replace(view, hand=view.hand[:-1])
    _mean, block = differences(thumbnail(render_hand(view, locale="en")), thumbnail(render_hand(fewer, locale="en")))
    assert block >= BLOCK_TOL
