"""The tournament pictures: both locales, deterministic, every state of a box, long and CJK names."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.tournament import Format
from render.tournament import BracketBox, BracketColumn, StandingLine, render_bracket, render_standings
from runtime.tournament.views import bracket_columns, standing_lines
from tests.helpers.tournaments import make, play_out


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_bracket_both_locales_and_deterministic() -> None:
    t = make(9, Format.KNOCKOUT, seed=2, best_of_three=1)
    play_out(t, random.Random(2))
    for locale in ("en", "zh-CN"):
        columns = bracket_columns(t, locale)
        assert len(columns) == 4 and [len(c.boxes) for c in columns] == [5, 3, 2, 1]
        png = render_bracket(columns, title="Cup", locale=locale)
        assert png == render_bracket(columns, title="Cup", locale=locale)
        width, height = _size(png)  # narrow for a phone: the rounds one under the other
        assert width == 640 and height > 6 * 96
        titles = (["Round 1", "Quarter-final", "Semi-final", "Final"] if locale == "en"
                  else ["第 1 轮", "四分之一决赛", "半决赛", "决赛"])
        assert [c.title for c in columns] == titles
    en = render_bracket(bracket_columns(t, "en"), title="Cup", locale="en")
    zh = render_bracket(bracket_columns(t, "zh-CN"), title="Cup", locale="zh-CN")
    assert en != zh


def test_bracket_boxes_of_every_kind() -> None:
    boxes = (BracketBox("A", "B", "4", "3", winner=0, decided=True), BracketBox("C", None, "bye", "", 0, True),
             BracketBox("很长的队名" * 6, "E" * 80, "", "", None, False), BracketBox("F", "G", "1", "2", 1, True))
    png = render_bracket([BracketColumn("Round 1", boxes)], title="T" * 200, locale="en")
    assert _size(png)[1] > 4 * 64
    assert render_bracket([], title="Empty", locale="zh-CN")


def test_standings_both_locales() -> None:
    t = make(6, Format.DUPLICATE, rounds=2, seed=3)
    play_out(t, random.Random(3))
    lines = standing_lines(t, "zh-CN")
    assert [x.rank for x in lines] == list(range(1, 7))
    png = render_standings(lines, title="复式", locale="zh-CN", big_points=True)
    assert _size(png) == (600, 76 + 36 + 6 * 60 + 16)
    assert png != render_standings(standing_lines(t, "en"), title="复式", locale="en", big_points=True)
    long = [StandingLine(1, "名" * 80, "x" * 90, "10.5", "1–2–3", -4, "withdrawn")]
    assert render_standings(long, title="x", locale="en")
    assert render_standings([], title="x", locale="en")
