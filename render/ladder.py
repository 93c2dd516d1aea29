"""The ladder picture (排行榜): the top N players with rank, name, rating, level, wins–losses and streak; narrow,
with large type, so it reads at a phone's width (shown ~320 px wide), and a footnote on the rating and the level."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from i18n import normalize_locale, t
from render.draw import Canvas, serialized
from render.fonts import font, wrap_text
from render.theme import ACCENT, BAD, FELT, GOOD, HEADER, PANEL, PANEL_ALT, RGB, SELECT, TEXT, TEXT_DARK, TEXT_DIM

log = logging.getLogger(__name__)

WIDTH = 600
PAD = 20
ROW_H = 52
HEAD_H = 76
COLS_H = 36
FOOT_LINE = 28  # the footnote (what the rating and the level column mean): lines of this height
MEDALS: tuple[RGB, ...] = ((255, 196, 64), (200, 206, 216), (214, 140, 80))
# column right edges (name is left aligned from COL_NAME)
COL_RANK, COL_NAME, COL_RATING, COL_LEVEL, COL_RECORD, COL_STREAK = 62, 78, 354, 420, 494, 584
NOTE_FONT = 19


@dataclass(frozen=True)
class LadderRow:
    """One ladder line; ``streak`` > 0 is a winning streak, < 0 a losing one."""

    rank: int
    name: str
    rating: float
    level: str
    wins: int
    losses: int
    streak: int = 0


def shared_ranks(ratings: Sequence[float]) -> list[int]:
    """Ranks of players listed best first: equal ratings (as shown) share a rank and its medal, and the next rank
    skips the tied places (1, 2, 2, 4)."""
    out: list[int] = []
    for i, rating in enumerate(ratings):
        tied = i > 0 and format_rating(rating) == format_rating(ratings[i - 1])
        out.append(out[-1] if tied else i + 1)
    return out


def format_rating(rating: float) -> str:
    """One decimal below 100 (openskill ordinals), none from 100 up (Elo-like ratings)."""
    return f"{rating:.1f}" if abs(rating) < 100 else f"{rating:.0f}"


def streak_text(streak: int, locale: str) -> str:
    if streak == 0:
        return "—"
    return t("render.streak.win" if streak > 0 else "render.streak.loss", locale, n=abs(streak))


def rank_badge(cv: Canvas, rank: int, y: float, size: int = 18) -> None:
    """A rank at the ``COL_RANK`` column: a medal for the first three (also the tournament standings)."""
    fnt = font(size, "bold")
    if 1 <= rank <= len(MEDALS):
        r = 15 if size <= 18 else 17
        cx = COL_RANK - 16
        cv.draw.ellipse((cx - r, y - r, cx + r, y + r), fill=MEDALS[rank - 1])
        cv.text((cx, y), str(rank), fnt, TEXT_DARK, "mm")
    else:
        cv.text((COL_RANK - 4, y), str(rank), fnt, TEXT_DIM, "rm")


def ranked_table(width: int, title: str, locale: str, rows: int, row_h: int, foot: int, name: tuple[str, float],
                 columns: Sequence[tuple[str, float]], empty: str, label_size: int = 16) -> Canvas:
    """The frame of a ranked table (the ladder, the tournament standings): the header with ``title``, the column
    labels — rank, ``name`` (label, x) left-aligned, ``columns`` (label, x) right-aligned — and ``empty`` in the
    first row's place when there are no ``rows``; ``foot`` is the height kept below the rows. Labels come localized."""
    cv = Canvas.new(width, HEAD_H + COLS_H + max(1, rows) * row_h + foot, FELT)
    cv.draw.rectangle((0, 0, width, HEAD_H), fill=HEADER)
    cv.label(title, font(28, "bold"), PAD, HEAD_H / 2, TEXT, max_width=width - 2 * PAD)
    y = HEAD_H + COLS_H / 2
    small = font(label_size, "bold")
    cv.label(t("render.ladder.rank", locale), small, COL_RANK - 4, y, TEXT_DIM, align="right")
    cv.label(name[0], small, name[1], y, TEXT_DIM)
    for label, col in columns:
        cv.label(label, small, col, y, TEXT_DIM, align="right")
    if not rows:
        cv.label(empty, font(label_size + 4), width / 2, HEAD_H + COLS_H + row_h / 2, TEXT_DIM, align="center")
    return cv


@serialized
def render_ladder(rows: Sequence[LadderRow], *, title: str, locale: str, highlight: int | None = None,
                  level_note: str = "records.ladder.note_level") -> bytes:
    """PNG of the ladder rows in the order given, under ``title`` (already localized by the caller); the row of
    rank ``highlight`` (e.g. the caller's) is outlined; ``level_note``: the footnote saying how levels climb (a
    message key: a 找朋友 ladder's players climb each from their own level)."""
    locale = normalize_locale(locale)
    columns = [(t(f"render.ladder.{key}", locale), col) for key, col in
               (("rating", COL_RATING), ("level", COL_LEVEL), ("record", COL_RECORD), ("streak", COL_STREAK))]
    notes = [line for key in ("records.ladder.note_rating", level_note)
             for line in wrap_text(t(key, locale), font(NOTE_FONT), WIDTH - 2 * PAD)]
    cv = ranked_table(WIDTH, title, locale, len(rows), ROW_H, len(notes) * FOOT_LINE + 20,
                      (t("render.ladder.name", locale), COL_NAME), columns, t("render.ladder.empty", locale),
                      label_size=18)
    top = HEAD_H + COLS_H
    name_font, num_font = font(24, "bold"), font(23, "bold")
    for i, row in enumerate(rows):
        y0 = top + i * ROW_H
        mine = row.rank == highlight
        cv.panel((PAD - 8, y0 + 2, WIDTH - PAD + 8, y0 + ROW_H - 2), PANEL if i % 2 == 0 else PANEL_ALT, radius=8,
                 outline=SELECT if mine else None, width=3)
        mid = y0 + ROW_H / 2
        rank_badge(cv, row.rank, mid, size=21)
        cv.label(row.name, name_font, COL_NAME, mid, TEXT, max_width=COL_RATING - 84 - COL_NAME)
        cv.label(format_rating(row.rating), num_font, COL_RATING, mid, ACCENT, align="right")
        cv.label(row.level, num_font, COL_LEVEL, mid, TEXT, align="right")
        cv.label(f"{row.wins}–{row.losses}", font(22), COL_RECORD, mid, TEXT, align="right")
        colour = GOOD if row.streak > 0 else BAD if row.streak < 0 else TEXT_DIM
        cv.label(streak_text(row.streak, locale), font(22, "bold"), COL_STREAK, mid, colour, align="right")
    foot = top + max(1, len(rows)) * ROW_H + 10
    for k, line in enumerate(notes):
        cv.label(line, font(NOTE_FONT), PAD, foot + FOOT_LINE / 2 + FOOT_LINE * k, TEXT_DIM)
    return cv.png()
