"""The match summary picture: the winner (or draw / in progress) and the level path (升级路线) of both teams,
hand by hand, on a 2…A chart (or, for the 16-deal duplicate format, the running credited levels); a filled dot
marks the team that dealt each hand. A match of one or two hands (a chart of one or two steps says nothing)
shows a compact table instead: per hand the dealer, the defenders' points and both teams' level change. In 找朋友
every player climbs from its own level (RULES §13.7): a line per player on the chart and each player's level change
over the match at the top (``render.match_players``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import RANKS
from engine.levels import level_index, level_name
from engine.rules import MatchEnd, Rules
from engine.views import HandResult, Phase, PublicView, SeatView
from i18n import MESSAGES, normalize_locale, t
from i18n.levels import level_short, level_text
from render.draw import Canvas, serialized
from render.fonts import font
from render.labels import level_change_text, seat_name, shape_text, team_name
from render.match_players import chart_box, draw_players, player_chart, players_height
from render.summary import team_members
from render.theme import ACCENT, FELT, HEADER, PANEL, PANEL_LINE, TEAM, TEXT, TEXT_DARK, TEXT_DIM

log = logging.getLogger(__name__)

WIDTH = 600  # narrow and tall: readable at a phone's width (shown ~320 px wide)
PAD = 20
CHART_H = 400
TABLE_MAX = 2  # up to this many hands: the table of hands instead of the chart
ROW_H = 84  # a hand of the table: two lines
LEGEND_H = 70  # two lines: the marks, then the axes
TOP_H = 96 + 64 + 164  # header, banner, the two teams
AXIS_FONT = 17
SS = 2  # supersampling of the chart lines


def _lap(laps: Sequence[int], k: int) -> int:
    return laps[k] if k < len(laps) else 0  # 找朋友: per-player levels have no laps


def _points(results: Sequence[HandResult]) -> tuple[list[tuple[int, int]], ...]:
    """Each team's (in 找朋友 each player's) (lap, level index) before the first hand and after every hand."""
    if not results:
        return [], []
    first = results[0]
    out = tuple([(_lap(first.laps_before, k), level_index(level))] for k, level in enumerate(first.levels_before))
    for r in results:
        for k, level in enumerate(r.levels_after):
            out[k].append((_lap(r.laps_after, k), level_index(level)))
    return out


def _lap_starts(points: Sequence[tuple[int, int]], end: int) -> dict[int, tuple[int, int]]:
    """Per lap: (its first position, its lowest level index). A lap's rungs are its negative levels reached, if
    any, then 2 … the end level (``end``: its index; a lap of ``timed_laps`` ends there, not at A); the next lap
    starts above them, so a negative level after a lap never lands on the previous lap's ranks."""
    low = {lap: 0 for lap in range(max([0, *(lap for lap, _ in points)]) + 1)}
    for lap, index in points:
        low[lap] = min(low[lap], index)
    starts, position = {}, 0
    for lap in sorted(low):
        starts[lap] = (position, low[lap])
        position += end + 1 - low[lap]
    return starts


def _end(points: Sequence[tuple[int, int]], end_level: str) -> int:
    """The top rung of a lap: the end level's index (never below a level reached)."""
    return max([level_index(end_level), *(index for _, index in points)])


def level_paths(results: Sequence[HandResult], end_level: str = RANKS[-1]) -> tuple[list[int], ...]:
    """Each team's (找朋友: player's) position before the first hand and after every hand, from 0 at the lowest
    rung: in each lap (``timed_laps``) its negative levels reached (``-2``, ``-1``), then 2 … the end level, then the
    next lap."""
    paths = _points(results)
    every = [p for path in paths for p in path]
    starts = _lap_starts(every, _end(every, end_level))
    return tuple([starts[lap][0] + index - starts[lap][1] for lap, index in path] for path in paths)


def _axis_labels(results: Sequence[HandResult], end_level: str = RANKS[-1]) -> tuple[str, ...]:
    """The chart's y labels, one per position: the level, prefixed by the lap (``1·5``, ``1·-2``) after a lap,
    negative levels as ``-1``."""
    every = [p for path in _points(results) for p in path]
    end = _end(every, end_level)
    labels = [level_short(level_name(index), lap) for lap, (_start, low) in sorted(_lap_starts(every, end).items())
              for index in range(low, end + 1)]
    return tuple(labels)


def credit_paths(results: Sequence[HandResult]) -> tuple[list[int], list[int]]:
    """Each team's running total of credited levels (the 16-deal duplicate format scores these)."""
    paths: tuple[list[int], list[int]] = ([0], [0])
    for r in results:
        for team in (0, 1):
            paths[team].append(paths[team][-1] + r.level_gains[team])
    return paths


@dataclass(frozen=True)
class Series:
    """What the chart plots: per team (找朋友: per player), a y index per hand (0 = before the first), and the y-axis
    labels."""

    values: tuple[tuple[int, ...], ...]
    labels: tuple[str, ...]


def series_for(results: Sequence[HandResult], credits: bool, end_level: str = RANKS[-1]) -> Series:
    """Level path on a 2…end level axis (laps of ``timed_laps`` one above the other), or running credited levels
    on a 0…max axis."""
    if credits:
        c0, c1 = credit_paths(results)
        top = max(1, *c0, *c1)
        return Series((tuple(c0), tuple(c1)), tuple(str(v) for v in range(top + 1)))
    paths = level_paths(results, end_level)
    labels = _axis_labels(results, end_level)
    top = max([labels.index(RANKS[level_index(end_level)]), *(v for path in paths for v in path)])  # the first lap
    return Series(tuple(tuple(path) for path in paths), labels[:top + 1])


def _chart(results: Sequence[HandResult], series: Series, width: int, height: int) -> Image.Image:
    """The lines and dots, drawn at ``SS``× and downsampled (antialiased); axes are drawn by the caller. Two teams:
    the dealing team's dot filled inside the other's ring where they meet; players (找朋友): ``player_chart``."""
    if len(series.values) != 2:
        return player_chart(results, series.values, series.labels, width, height)
    image = Image.new("RGB", (width * SS, height * SS), PANEL)
    draw = ImageDraw.Draw(image)
    n, steps = max(1, len(results)), max(1, len(series.labels) - 1)
    left, right, top, bottom = chart_box(width, height, SS)
    for k in range(steps + 1):
        y = bottom - (bottom - top) * k / steps
        draw.line((left, y, right, y), fill=PANEL_LINE, width=SS)
    points = [[(left + (right - left) * i / n, bottom - (bottom - top) * v / steps)
               for i, v in enumerate(series.values[team])] for team in (0, 1)]
    for team in (1, 0):
        if len(points[team]) > 1:
            draw.line(points[team], fill=TEAM[team], width=4 * SS, joint="curve")
    for i in range(len(points[0])):
        dealer = results[i - 1].dealer % 2 if i > 0 else None
        shared = points[0][i] == points[1][i]
        inner = dealer if dealer is not None else 0  # where the lines meet: the dealers' dot inside the other's ring
        for team in sorted((0, 1), key=lambda x: x == inner):  # the outer mark first
            x, y = points[team][i]
            dealt = team == dealer
            r = (6 if dealt else 11 if shared and team != inner else 4) * SS
            draw.ellipse((x - r, y - r, x + r, y + r), fill=TEAM[team] if dealt else PANEL, outline=TEAM[team],
                         width=(3 if r > 6 * SS else 2) * SS)
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _axes(cv: Canvas, results: Sequence[HandResult], series: Series, x0: int, y0: int, width: int,
          height: int) -> None:
    """Y labels on the left (every one while they fit), hand numbers below."""
    small = font(AXIS_FONT)
    n, steps = max(1, len(results)), max(1, len(series.labels) - 1)
    left, right, top, bottom = (v + o for v, o in zip(chart_box(width, height), (x0, x0, y0, y0), strict=True))
    every = max(1, -(-steps // 13))
    for k in range(0, steps + 1, every):
        cv.text((left - 12, bottom - (bottom - top) * k / steps), series.labels[k], small, TEXT_DIM, "rm")
    step = max(1, -(-n // 12))
    for i in range(0, n + 1, step):
        cv.text((left + (right - left) * i / n, bottom + 19), str(i), small, TEXT_DIM, "mm")


def _table_height(results: Sequence[HandResult]) -> int:
    return max(1, len(results)) * ROW_H + 16


def _hand_table(cv: Canvas, results: Sequence[HandResult], names: Sequence[str], locale: str, y: int) -> None:
    """One row per hand: ``Hand 1 · Dealer alice · Defenders 70`` and each team's ``A → A (+0)`` in its colour."""
    cv.panel((PAD, y, WIDTH - PAD, y + _table_height(results)), PANEL, radius=10)
    body, bold = font(21), font(21, "bold")
    for i, r in enumerate(results):
        top = y + 8 + i * ROW_H
        if i:
            cv.draw.line((PAD + 12, top, WIDTH - PAD - 12, top), fill=PANEL_LINE, width=1)
        first, second = top + ROW_H * 0.3, top + ROW_H * 0.72
        x = PAD + 16 + cv.label(t("render.hand_number", locale, n=r.hand_number), bold, PAD + 16, first, TEXT)
        points = t("render.points", locale, points=r.defender_points)
        points_w = cv.label(points, body, WIDTH - PAD - 16, first, TEXT_DIM, align="right")
        dealer = t("render.dealer", locale, name=seat_name(names, r.dealer, locale))
        cv.label(dealer, body, x + 14, first, TEAM[r.dealer % 2], max_width=round(WIDTH - PAD - 46 - points_w - x))
        for team, (x_at, align) in ((0, (PAD + 16, "left")), (1, (WIDTH - PAD - 16, "right"))):
            change = t("render.team_level_chip", locale, team=team_name(team, locale),
                       level=level_change_text(r, team, locale))
            cv.label(change, bold if r.level_gains[team] else body, x_at, second, TEAM[team], align=align)


@serialized
def render_match_summary(results: Sequence[HandResult] | PublicView, names: Sequence[str],
                         winner: int | None = None, *, locale: str, finished: bool = False,
                         credits: bool = False, rules: Rules | None = None) -> bytes:
    """PNG of a match: winner banner (a draw if ``finished`` without a winner) and both teams' level paths, or
    with ``credits`` their running credited levels (the 16-deal ``fixed_deals`` format).

    ``results`` may also be a ``PublicView``: its ``results``, ``match_winner``, phase and rules are used. With
    ``rules`` the subtitle names how the match ends and the preset (``first past A · Standard``).
    """
    if isinstance(results, SeatView):
        raise TypeError("render_match_summary takes public inputs, never a SeatView")
    if isinstance(results, PublicView):
        view = results
        rules = view.rules
        results, winner, finished = view.results, view.match_winner, view.phase is Phase.MATCH_OVER
        credits = view.rules.match_end is MatchEnd.FIXED_DEALS
    if not all(isinstance(r, HandResult) for r in results):
        raise TypeError("render_match_summary takes HandResults")
    locale = normalize_locale(locale)
    per_player = bool(results) and bool(results[0].team)  # 找朋友: levels per player
    table = len(results) <= TABLE_MAX and not credits and not per_player
    negative = any(level_index(level) < 0 for r in results for level in (*r.levels_before, *r.levels_after))
    top_h = TOP_H if not per_player else TOP_H - 164 + players_height(results)
    height = top_h + (_table_height(results) if table else CHART_H + LEGEND_H * (3 if negative else 2) // 2) + PAD
    cv = Canvas.new(WIDTH, height, FELT)
    cv.draw.rectangle((0, 0, WIDTH, 90), fill=HEADER)
    title_w = cv.label(t("render.match.title", locale), font(30, "bold"), PAD, 30, TEXT)
    if rules is not None and not rules.shape.is_standard:
        cv.label(shape_text(rules, locale), font(21, "bold"), WIDTH - PAD, 30, ACCENT, align="right",
                 max_width=WIDTH - 3 * PAD - title_w)
    hands = t("render.match.one_hand", locale) if len(results) == 1 else t("render.match.hands", locale, n=len(results))
    if rules is not None:
        hands = f"{hands} · {match_format(rules, locale)}"
    cv.label(hands, font(21), PAD, 68, TEXT_DIM, max_width=WIDTH - 2 * PAD)
    if winner is None:
        banner = t("render.match.draw" if finished else "render.match.in_progress", locale)
        fill, ink = PANEL, TEXT
    elif per_player:  # the player who passed the end level
        banner, fill, ink = t("render.summary.player_winner", locale, name=seat_name(names, winner, locale)), ACCENT, \
            TEXT_DARK
    else:
        banner, fill, ink = t("render.summary.winner", locale, team=team_name(winner, locale)), ACCENT, TEXT_DARK
    cv.panel((PAD, 104, WIDTH - PAD, 150), fill, radius=12)
    cv.label(banner, font(25, "bold"), WIDTH / 2, 127, ink, align="center", max_width=WIDTH - 4 * PAD)

    series = series_for(results, credits, rules.end_level if rules is not None else RANKS[-1])
    y = 160
    if per_player:
        y = round(draw_players(cv, results, names, locale, winner, PAD, WIDTH - PAD, y, rules)) - 164
    for team in () if per_player else (0, 1):  # the team and its final level, the players below
        row_y = y + 24 + team * 82
        x = cv.text_pill(team_name(team, locale), font(23, "bold"), PAD, row_y, TEAM[team], TEXT_DARK, pad=12,
                         height=40)
        final = series.labels[series.values[team][-1]] if credits and results else "—"
        if results and not credits:
            final = level_text(results[-1].levels_after[team], results[-1].laps_after[team], locale)
        total = t("render.match.credits" if credits else "render.match.level", locale, value=final)
        cv.label(total, font(26, "bold"), WIDTH - PAD, row_y, ACCENT if team == winner else TEXT, align="right",
                 max_width=round(WIDTH - PAD - x - 16))
        cv.label(team_members(names, team, locale), font(21), PAD + 4, row_y + 38, TEXT_DIM,
                 max_width=WIDTH - 2 * PAD)
    y += 164
    if table:
        _hand_table(cv, results, names, locale, y)
        return cv.png()
    chart_w = WIDTH - 2 * PAD
    cv.image.paste(_chart(results, series, chart_w, CHART_H), (PAD, y))
    _axes(cv, results, series, PAD, y, chart_w, CHART_H)
    _legend(cv, credits, locale, y + CHART_H, negative)
    return cv.png()


def match_format(rules: Rules, locale: str) -> str:
    """``first past 5 · standard``: how the match ends and the rule preset."""
    key = f"rules.preset.{rules.preset}"
    preset = t(key, locale) if key in MESSAGES else rules.preset
    if rules.match_end is MatchEnd.PASS_END:
        end = t("render.match.pass_end", locale, level=rules.end_level)
    else:
        end = t(f"render.match.{rules.match_end.value}", locale)
    return f"{end} · {preset}"


def _legend(cv: Canvas, credits: bool, locale: str, y: int, negative: bool = False) -> None:
    """What the marks mean, and the axes: a filled dot = the team dealt that hand, a ring = it defended; and, when
    the chart has levels below 2, what ``-1`` means."""
    small = font(19)
    mid = y + LEGEND_H / 4 + 2
    x = PAD + 4
    cv.draw.ellipse((x, mid - 7, x + 14, mid + 7), fill=TEXT)
    x += 20 + cv.label(t("render.match.legend_dealt", locale), small, x + 20, mid, TEXT_DIM) + PAD
    cv.draw.ellipse((x, mid - 5, x + 10, mid + 5), outline=TEXT, width=2)
    cv.label(t("render.match.legend_defended", locale), small, x + 16, mid, TEXT_DIM)
    axis = t("render.match.axis_credits" if credits else "render.match.axis", locale)
    cv.label(axis, small, PAD + 4, y + LEGEND_H * 3 / 4, TEXT_DIM, max_width=WIDTH - 2 * PAD)
    if negative:
        cv.label(t("render.match.negative", locale), small, PAD + 4, y + LEGEND_H * 5 / 4, TEXT_DIM,
                 max_width=WIDTH - 2 * PAD)
