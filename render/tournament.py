"""Tournament pictures: the bracket (对阵表: the rounds one under the other, each match a box with the winner
marked and how it was decided) and the standings (名次表: rank, team and players, points, wins–draws–losses,
byes, level difference). Both are narrow, with large type: they read at a phone's width (~320 px shown)."""

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

PAD = 16
HEAD_H = 76
WIDTH_BRACKET = 640  # shown ~320 px wide on a phone: every font here is 16 px or more (8 px once shown)
PER_ROW = 2  # match boxes side by side
BOX_GAP = 12
BOX_W = (WIDTH_BRACKET - 2 * PAD - (PER_ROW - 1) * BOX_GAP) // PER_ROW
BOX_H = 104
NOTE_FONT = 19  # how a match was decided: ~10 px at a phone's 320 px (16 was unreadable)
ROUND_H = 44  # a round's title band
SCORE_W = 56
MAX_BOXES = 48  # the latest rounds that fit; earlier ones are counted in a note
NOTE_H = 40


@dataclass(frozen=True)
class BracketBox:
    """One match: team ``a`` against ``b`` (``None``: a bye); each team's score (levels, games won or big
    points, already formatted); ``winner`` 0 (a), 1 (b) or ``None``; ``note``: how it was decided (the winner
    passed the end level, time, lot, forfeit…) or the game in progress, already localized."""

    a: str
    b: str | None
    a_score: str = ""
    b_score: str = ""
    winner: int | None = None
    decided: bool = False
    note: str = ""


@dataclass(frozen=True)
class BracketColumn:
    """One round: its title (Semi-final, Final, Round 3…) and its matches."""

    title: str
    boxes: tuple[BracketBox, ...]


@dataclass(frozen=True)
class StandingLine:
    rank: int
    team: str
    players: str
    points: str
    record: str  # wins–draws–losses (games played; a bye is not a win)
    level_diff: int
    note: str = ""
    byes: int = 0


def _team_row(cv: Canvas, name: str | None, score: str, x: float, y: float, won: bool, lost: bool,
              locale: str) -> None:
    label = name if name is not None else t("tournament.pic.bye_slot", locale)
    colour = GOOD if won else TEXT_DIM if lost or name is None else TEXT
    if won:
        cv.draw.rectangle((x, y - 11, x + 4, y + 11), fill=GOOD)
    cv.label(label, font(19, "bold" if won else "regular"), x + 12, y, colour, max_width=BOX_W - SCORE_W - 20)
    cv.label(score, font(19, "bold"), x + BOX_W - 4 - SCORE_W / 2, y, ACCENT if won else colour, align="center",
             max_width=SCORE_W - 6)


def _box(cv: Canvas, box: BracketBox, x: float, y: float, locale: str) -> None:
    cv.panel((x, y, x + BOX_W, y + BOX_H), PANEL, radius=8, outline=ACCENT if not box.decided else None, width=2)
    _team_row(cv, box.a, box.a_score, x + 4, y + 20, box.winner == 0, box.winner == 1, locale)
    _team_row(cv, box.b, box.b_score, x + 4, y + 48, box.winner == 1, box.winner == 0, locale)
    inner = x + BOX_W - SCORE_W
    cv.draw.line((inner, y + 8, inner, y + 62), fill=PANEL_ALT, width=2)
    if box.note:
        cv.label(box.note, font(NOTE_FONT), x + 12, y + 82, TEXT_DIM, max_width=BOX_W - 18)


def _shown_rounds(columns: Sequence[BracketColumn]) -> int:
    """How many of the latest rounds fit in ``MAX_BOXES`` (at least one)."""
    total, count = 0, 0
    for col in reversed(columns):
        total += len(col.boxes)
        if count and total > MAX_BOXES:
            break
        count += 1
    return count


@serialized
def render_bracket(columns: Sequence[BracketColumn], *, title: str, locale: str) -> bytes:
    """PNG of the rounds one under the other (narrow, for a phone): each round's title, then its matches two by
    two; when there are too many, the latest rounds and a note of how many earlier ones are left out."""
    locale = normalize_locale(locale)
    columns = list(columns)
    shown = columns[len(columns) - _shown_rounds(columns):] if columns else []
    hidden = len(columns) - len(shown)
    rows = [-(-min(len(c.boxes), MAX_BOXES) // PER_ROW) for c in shown]
    height = HEAD_H + (NOTE_H if hidden else 0) + sum(ROUND_H + r * (BOX_H + BOX_GAP) for r in rows) + PAD
    cv = Canvas.new(WIDTH_BRACKET, max(height, HEAD_H + 80), FELT)
    cv.draw.rectangle((0, 0, WIDTH_BRACKET, HEAD_H), fill=HEADER)
    cv.label(title, font(28, "bold"), PAD, HEAD_H / 2, TEXT, max_width=WIDTH_BRACKET - 2 * PAD)
    y = HEAD_H
    if not columns:
        cv.label(t("tournament.pic.no_rounds", locale), font(20), WIDTH_BRACKET / 2, HEAD_H + 40, TEXT_DIM,
                 align="center")
    if hidden:
        cv.label(t("tournament.pic.more_rounds", locale, count=hidden), font(17), PAD, y + NOTE_H / 2, TEXT_DIM,
                 max_width=WIDTH_BRACKET - 2 * PAD)
        y += NOTE_H
    for col, count in zip(shown, rows, strict=True):
        cv.label(col.title, font(22, "bold"), PAD, y + ROUND_H / 2, ACCENT, max_width=WIDTH_BRACKET - 2 * PAD)
        y += ROUND_H
        for j, box in enumerate(col.boxes[:MAX_BOXES]):
            _box(cv, box, PAD + (j % PER_ROW) * (BOX_W + BOX_GAP), y + (j // PER_ROW) * (BOX_H + BOX_GAP), locale)
        y += count * (BOX_H + BOX_GAP)
    return cv.png()


# -- standings ----------------------------------------------------------------------------------------
WIDTH = 600  # as the ladder: shown ~320 px wide, every font 16 px or more
ROW_H = 60
COLS_H = 36
COL_TEAM, COL_POINTS, COL_RECORD, COL_BYES, COL_DIFF = 78, 372, 468, 524, 584  # COL_RANK: the ladder's


@serialized
def render_standings(lines: Sequence[StandingLine], *, title: str, locale: str, big_points: bool = False) -> bytes:
    """PNG of the standings in the order given (``big_points``: the points column is big points, 大分, and the
    difference column their difference); byes in a column of their own (a bye is not a game won)."""
    locale = normalize_locale(locale)
    points_key = "tournament.pic.big_points" if big_points else "tournament.pic.points"
    diff_key = "tournament.pic.points_diff" if big_points else "tournament.pic.level_diff"
    columns = [(t(key, locale), col) for key, col in
               ((points_key, COL_POINTS), ("tournament.pic.record", COL_RECORD), ("tournament.pic.byes", COL_BYES),
                (diff_key, COL_DIFF))]
    cv = ranked_table(WIDTH, title, locale, len(lines), ROW_H, PAD, (t("tournament.pic.team", locale), COL_TEAM),
                      columns, t("tournament.pic.no_teams", locale))
    top = HEAD_H + COLS_H
    for i, line in enumerate(lines):
        y0 = top + i * ROW_H
        cv.panel((PAD - 8, y0 + 2, WIDTH - PAD + 8, y0 + ROW_H - 2), PANEL if i % 2 == 0 else PANEL_ALT, radius=8)
        mid = y0 + ROW_H / 2
        rank_badge(cv, line.rank, mid)
        cv.label(line.team, font(20, "bold"), COL_TEAM, mid - 12, TEXT, max_width=COL_POINTS - 56 - COL_TEAM)
        players = f"{line.players} · {line.note}" if line.note else line.players
        cv.label(players, font(16), COL_TEAM, mid + 13, TEXT_DIM, max_width=COL_POINTS - 56 - COL_TEAM)
        cv.label(line.points, font(21, "bold"), COL_POINTS, mid, ACCENT, align="right")
        cv.label(line.record, font(19), COL_RECORD, mid, TEXT, align="right")
        cv.label(str(line.byes) if line.byes else "–", font(19), COL_BYES, mid, TEXT if line.byes else TEXT_DIM,
                 align="right")
        colour = GOOD if line.level_diff > 0 else BAD if line.level_diff < 0 else TEXT_DIM
        cv.label(f"{line.level_diff:+d}", font(19, "bold"), COL_DIFF, mid, colour, align="right")
    return cv.png()
