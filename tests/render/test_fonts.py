"""The bundled CJK font draws every render label in both locales (no .notdef boxes); names are cleaned/fitted."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from i18n import MESSAGES, t
from render.fonts import ELLIPSIS, clean_text, fit_text, font, font_path, has_glyph, text_width, wrap_text

RENDER_KEYS = sorted(k for k in MESSAGES if k.startswith("render."))
SAMPLE_PARAMS = {"n": 12, "trump": "♥ 红桃", "level": "10", "name": "张伟", "points": 85, "team": "甲方",
                 "penalty": -10, "mult": 4, "bonus": 100, "before": "7", "after": "9", "gain": 2, "won": 3,
                 "lost": 1, "rank": 4, "pct": 75}


def test_font_files_are_bundled() -> None:
    for weight in ("regular", "bold"):
        path = font_path(weight)
        assert path.suffix == ".otf" and path.stat().st_size > 1_000_000


def test_missing_glyph_detector_tells_real_glyphs_from_notdef() -> None:
    assert has_glyph("主") and has_glyph("级") and has_glyph("♠") and has_glyph("A")
    assert not has_glyph("🙂") and not has_glyph("\U0001f0cf")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_every_render_label_has_glyphs(locale: str) -> None:
    missing = {}
    for key in RENDER_KEYS:
        text = t(key, locale, **SAMPLE_PARAMS)
        bad = [c for c in text if not c.isspace() and not has_glyph(c)]
        if bad:
            missing[key] = bad
    assert not missing


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_chinese_labels_differ_from_notdef_box(weight: str) -> None:
    """Pixel check: each Chinese character's mask is not the .notdef box's mask."""
    fnt = font(24, weight)
    notdef = fnt.getmask("\U0010fffd")
    chars = {c for key in RENDER_KEYS for c in MESSAGES[key]["zh-CN"] if "\u4e00" <= c <= "\u9fff"}
    assert len(chars) > 50
    for c in chars:
        mask = fnt.getmask(c)
        assert (mask.size, bytes(mask)) != (notdef.size, bytes(notdef)), c


def test_every_render_key_used_in_code_exists() -> None:
    root = Path(__file__).resolve().parents[2] / "render"
    used = set()
    for path in root.glob("*.py"):
        used |= set(re.findall(r'"(render\.[a-z_.0-9]+)"', path.read_text(encoding="utf-8")))
    dynamic = {f"render.suit.{s}" for s in ("S", "H", "C", "D", "NT")} | {f"render.rel.{i}" for i in (1, 2, 3)}
    dynamic |= {f"render.team.{i}" for i in (0, 1)}
    dynamic |= {f"render.phase.{p}" for p in ("dealing", "declaring", "burying", "kitty_overcall", "playing",
                                              "hand_over", "match_over")}
    missing = sorted(k for k in used | dynamic if k not in MESSAGES)
    assert not missing
    for key in RENDER_KEYS:
        assert set(MESSAGES[key]) == {"en", "zh-CN"}


def test_clean_text_drops_emoji_and_controls() -> None:
    assert clean_text("王小明🀄✨") == "王小明"
    assert clean_text("👨\u200d👩\u200d👧 Bob\n the\tBuilder") == "Bob the Builder"
    assert clean_text("Zoë Ōtani") == "Zoë Ōtani"
    assert all(has_glyph(c) for c in clean_text("🙂" * 10 + "名字很长的玩家" + string.printable))


@pytest.mark.parametrize("name", ["阿" * 32, "W" * 32, "m" * 32, "🙂" * 10 + "名字很长的玩家" * 3])
def test_fit_text_truncates_by_pixel_width(name: str) -> None:
    fnt = font(20, "bold")
    fitted = fit_text(name, fnt, 180)
    assert text_width(fitted, fnt) <= 180
    assert fitted.endswith(ELLIPSIS)
    assert fit_text("Bob", fnt, 180) == "Bob"


def test_wrap_text_lines_fit() -> None:
    fnt = font(17)
    text = "Jack bottom: the defenders won the last trick with a J; the dealer team drops back to 2. " * 3
    lines = wrap_text(text, fnt, 300, max_lines=4)
    assert 1 < len(lines) <= 4
    assert all(text_width(line, fnt) <= 300 for line in lines)
    assert lines[-1].endswith(ELLIPSIS)
    zh = wrap_text("闲家赢得最后一墩并且用钩J抠底，庄家方降回二级，然后按照本局得分升级。" * 2, fnt, 200)
    assert all(text_width(line, fnt) <= 200 for line in zh)
