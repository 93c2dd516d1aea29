"""Tournament pictures: the bracket (对阵表: one column per round, each match a box, the winner marked)
and the standings (名次表: rank, team and players, points, wins–draws–losses, level difference)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from i18n import normalize_locale, t
from render.draw import Canvas, serialized
from render.fonts import font
from render.ladder import rank_badge, ranked_table
from render.theme import ACCENT, BAD, FELT, GOOD, HEADER, PANEL, PANEL_ALT, TEXT, TEXT_DIM

log = logging.getLogger(__name__)

PAD = 20
HEAD_H = 76
COL_W = 250
COL_GAP = 28
COL_HEAD = 36
BOX_H = 64
BOX_GAP = 14
SCORE_W = 56
MAX_COLUMNS = 12
MAX_BOXES = 40


@dataclass(frozen=True)
class BracketBox:
    """One match: team ``a`` against ``b`` (``None``: a bye); each team's score (levels, games won or big
    points, already formatted); ``winner`` 0 (a), 1 (b) or ``None``."""

    a: str
    b: str | None
    a_score: str = ""
    b_score: str = ""
    winner: int | None = None
    decided: bool = False


@dataclass(frozen=True)
class BracketColumn:
    title: str
    boxes: tuple[BracketBox, ...]


@dataclass(frozen=True)
class StandingLine:
    rank: int
    team: str
    players: str
    points: str
    record: str  # wins–draws–losses
    level_diff: int
    note: str = ""


def _team_row(cv: Canvas, name: str | None, score: str, x: float, y: float, won: bool, lost: bool,
              locale: str) -> None:
    label = name if name is not None else t("tournament.pic.bye_slot", locale)
    colour = GOOD if won else TEXT_DIM if lost or name is None else TEXT
    if won:
        cv.draw.rectangle((x, y - 11, x + 4, y + 11), fill=GOOD)
    cv.label(label, font(17, "bold" if won else "regular"), x + 12, y, colour, max_width=COL_W - SCORE_W - 20)
    cv.label(score, font(16, "bold"), x + COL_W - 4 - SCORE_W / 2, y, ACCENT if won else colour, align="center",
             max_width=SCORE_W - 6)


def _box(cv: Canvas, box: BracketBox, x: float, y: float, locale: str) -> None:
    cv.panel((x, y, x + COL_W, y + BOX_H), PANEL, radius=8, outline=ACCENT if not box.decided else None, width=2)
    _team_row(cv, box.a, box.a_score, x + 4, y + BOX_H * 0.28, box.winner == 0, box.winner == 1, locale)
    _team_row(cv, box.b, box.b_score, x + 4, y + BOX_H * 0.72, box.winner == 1, box.winner == 0, locale)
    inner = x + COL_W - SCORE_W
    cv.draw.line((inner, y + 8, inner, y + BOX_H - 8), fill=PANEL_ALT, width=2)


@serialized
def render_bracket(columns: Sequence[BracketColumn], *, title: str, locale: str) -> bytes:
    """PNG of the rounds side by side; each column's boxes are spread over the height, so the later (smaller)
    rounds sit between the matches that fed them."""
    locale = normalize_locale(locale)
    columns = list(columns)[-MAX_COLUMNS:]
    tallest = max((min(len(c.boxes), MAX_BOXES) for c in columns), default=1)
    body = tallest * (BOX_H + BOX_GAP)
    width = max(520, PAD * 2 + len(columns) * COL_W + max(0, len(columns) - 1) * COL_GAP)
    cv = Canvas.new(width, HEAD_H + COL_HEAD + body + PAD, FELT)
    cv.draw.rectangle((0, 0, width, HEAD_H), fill=HEADER)
    cv.label(title, font(28, "bold"), PAD, HEAD_H / 2, TEXT, max_width=width - 2 * PAD)
    if not columns:
        cv.label(t("tournament.pic.no_rounds", locale), font(20), width / 2, HEAD_H + COL_HEAD, TEXT_DIM,
                 align="center")
    top = HEAD_H + COL_HEAD
    for i, col in enumerate(columns):
        x = PAD + i * (COL_W + COL_GAP)
        cv.label(col.title, font(18, "bold"), x + COL_W / 2, HEAD_H + COL_HEAD / 2, TEXT_DIM, align="center",
                 max_width=COL_W)
        boxes = col.boxes[:MAX_BOXES]
        slot = body / max(1, len(boxes))
        for j, box in enumerate(boxes):
            _box(cv, box, x, top + j * slot + (slot - BOX_H - BOX_GAP) / 2, locale)
    return cv.png()


# -- standings ----------------------------------------------------------------------------------------
WIDTH = 820
ROW_H = 52
COLS_H = 36
COL_TEAM, COL_POINTS, COL_RECORD, COL_DIFF = 78, 560, 680, 790  # COL_RANK: the ladder's


@serialized
def render_standings(lines: Sequence[StandingLine], *, title: str, locale: str, big_points: bool = False) -> bytes:
    """PNG of the standings in the order given (``big_points``: the points column is big points, 大分, and the
    difference column their difference)."""
    locale = normalize_locale(locale)
    points_key = "tournament.pic.big_points" if big_points else "tournament.pic.points"
    diff_key = "tournament.pic.points_diff" if big_points else "tournament.pic.level_diff"
    columns = [(t(key, locale), col) for key, col in
               ((points_key, COL_POINTS), ("tournament.pic.record", COL_RECORD), (diff_key, COL_DIFF))]
    cv = ranked_table(WIDTH, title, locale, len(lines), ROW_H, PAD, (t("tournament.pic.team", locale), COL_TEAM),
                      columns, t("tournament.pic.no_teams", locale))
    top = HEAD_H + COLS_H
    for i, line in enumerate(lines):
        y0 = top + i * ROW_H
        cv.panel((PAD - 8, y0 + 2, WIDTH - PAD + 8, y0 + ROW_H - 2), PANEL if i % 2 == 0 else PANEL_ALT, radius=8)
        mid = y0 + ROW_H / 2
        rank_badge(cv, line.rank, mid)
        cv.label(line.team, font(19, "bold"), COL_TEAM, mid - 10, TEXT, max_width=COL_POINTS - 90 - COL_TEAM)
        players = f"{line.players} · {line.note}" if line.note else line.players
        cv.label(players, font(14), COL_TEAM, mid + 12, TEXT_DIM, max_width=COL_POINTS - 90 - COL_TEAM)
        cv.label(line.points, font(20, "bold"), COL_POINTS, mid, ACCENT, align="right")
        cv.label(line.record, font(18), COL_RECORD, mid, TEXT, align="right")
        colour = GOOD if line.level_diff > 0 else BAD if line.level_diff < 0 else TEXT_DIM
        cv.label(f"{line.level_diff:+d}", font(18, "bold"), COL_DIFF, mid, colour, align="right")
    return cv.png()
