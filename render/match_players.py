"""The match summary in 找朋友 (RULES §13.7: every player climbs from its own level): a line per player at the top
(its colour, name and level change over the match: who gained what, and the levels of it that the small-team bonus
gave, §13.6) and one level path per player on the chart, the dealer of each hand a filled dot."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.rules import Rules
from engine.views import HandResult
from i18n import t
from i18n.levels import level_text
from render.draw import Canvas
from render.fonts import font
from render.labels import seat_name
from render.player_levels import small_team_bonus
from render.theme import ACCENT, GOOD, PANEL, PANEL_LINE, RGB, TEXT, TEXT_DIM

log = logging.getLogger(__name__)

ROW_H = 38
SS = 2  # supersampling of the chart lines
# eight colours that stay apart on the dark panel (one per seat)
PLAYER_COLOURS: tuple[RGB, ...] = ((96, 165, 250), (251, 146, 60), (74, 222, 128), (244, 114, 182),
                                   (250, 204, 21), (167, 139, 250), (45, 212, 191), (248, 113, 113))


def chart_box(width: int, height: int, scale: int = 1) -> tuple[int, int, int, int]:
    """The plotting area inside a chart image: left, right, top, bottom."""
    return 50 * scale, (width - 18) * scale, 16 * scale, (height - 38) * scale


def players_height(results: Sequence[HandResult]) -> int:
    return len(results[0].levels_before) * ROW_H + 20 if results else 0


def bonus_levels(results: Sequence[HandResult], rules: Rules | None, seat: int) -> int:
    """The hands ``seat`` won on a dealer's team short of friends: one more level each (``small_team_bonus``)."""
    return sum(1 for r in results if seat in r.team and small_team_bonus(r, rules))


def draw_players(cv: Canvas, results: Sequence[HandResult], names: Sequence[str], locale: str, winner: int | None,
                 x0: int, x1: int, y: float, rules: Rules | None = None) -> float:
    """A line per player from ``y``: its colour, name, and first → last level (+ gain, and how much of it the
    small-team bonus gave); returns the y below."""
    first, last = results[0], results[-1]
    for seat in range(len(first.levels_before)):
        mid = y + 10 + ROW_H / 2 + seat * ROW_H
        cv.draw.ellipse((x0 + 4, mid - 8, x0 + 20, mid + 8), fill=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])
        gain = sum(r.level_gains[seat] for r in results)
        before, after = level_text(first.levels_before[seat], 0, locale), level_text(last.levels_after[seat], 0, locale)
        change = t("render.summary.level_change", locale, before=before, after=after, gain=gain)
        bonus = bonus_levels(results, rules, seat)
        if bonus:
            change = f"{t('render.match.small_team', locale, n=bonus)} · {change}"
        width = cv.label(change, font(23, "bold"), x1, mid, ACCENT if seat == winner else GOOD if gain > 0 else TEXT,
                         align="right")
        cv.label(seat_name(names, seat, locale), font(22, "bold" if seat == winner else "regular"), x0 + 30, mid,
                 TEXT if seat == winner else TEXT_DIM, max_width=round(x1 - width - x0 - 46))
    return y + players_height(results)


def player_chart(results: Sequence[HandResult], values: Sequence[Sequence[int]], labels: Sequence[str], width: int,
                 height: int) -> Image.Image:
    """One line per player (their colours), the hand's dealer a filled dot, the others small rings; drawn at
    ``SS``× and downsampled."""
    image = Image.new("RGB", (width * SS, height * SS), PANEL)
    draw = ImageDraw.Draw(image)
    n, steps = max(1, len(results)), max(1, len(labels) - 1)
    left, right, top, bottom = chart_box(width, height, SS)
    for k in range(steps + 1):
        y = bottom - (bottom - top) * k / steps
        draw.line((left, y, right, y), fill=PANEL_LINE, width=SS)
    spread = 3 * SS  # players on one level stay apart: each line a little off the grid line
    points = [[(left + (right - left) * i / n, bottom - (bottom - top) * v / steps + (seat - len(values) / 2) * spread)
               for i, v in enumerate(path)] for seat, path in enumerate(values)]
    colours = [PLAYER_COLOURS[s % len(PLAYER_COLOURS)] for s in range(len(values))]
    for seat in reversed(range(len(values))):
        if len(points[seat]) > 1:
            draw.line(points[seat], fill=colours[seat], width=3 * SS, joint="curve")
    for i in range(1, len(results) + 1):
        dealer = results[i - 1].dealer
        for seat, path in enumerate(points):
            x, y = path[i]
            r = (6 if seat == dealer else 3) * SS
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colours[seat] if seat == dealer else PANEL,
                         outline=colours[seat], width=2 * SS)
    return image.resize((width, height), Image.Resampling.LANCZOS)
