"""The player stats card: rating, level, laps, matches and hands won/lost (as dealer, as defender), kitty
bonuses (抠底), best streak and recent form."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engine.cards import RANKS
from i18n import normalize_locale, t
from render.draw import Canvas, serialized
from render.fonts import font
from render.ladder import format_rating
from render.theme import ACCENT, BAD, FELT, GOOD, HEADER, PANEL, PANEL_LINE, TEXT, TEXT_DARK, TEXT_DIM

log = logging.getLogger(__name__)

WIDTH = 600  # narrow and tall: two tiles a row, readable at a phone's width (shown ~320 px wide)
PAD = 20
HEAD_H = 110
TILE_H = 114
GAP = 12
COLS = 2
RECENT_MAX = 20
CHART_H = 170


@dataclass(frozen=True)
class StatsCard:
    """One player's statistics; ``recent`` is the latest matches, oldest first (``True`` = won)."""

    name: str
    rating: float
    level: str
    laps: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    dealer_won: int = 0
    dealer_lost: int = 0
    defender_won: int = 0
    defender_lost: int = 0
    kitty_bonuses: int = 0
    best_streak: int = 0
    recent: tuple[bool, ...] = ()
    rank: int | None = None
    levels: tuple[int, ...] = ()  # ladder progress after each rated match of the season, oldest first (the chart)
    best_season: str | None = None  # "Spring Cup: #1", worded by the caller
    all_time: str | None = None  # every season added up, worded by the caller
    season: str | None = None  # the season shown


def win_pct(won: int, lost: int) -> int | None:
    """Rounded percentage of wins, ``None`` without games."""
    return None if won + lost == 0 else round(100 * won / (won + lost))


def _tile(cv: Canvas, box: tuple[float, float, float, float], label: str, value: str, sub: str | None,
          frac: float | None, locale: str) -> None:
    x0, y0, x1, y1 = box
    cv.panel(box, PANEL, radius=12)
    cv.label(label, font(20), x0 + 14, y0 + 21, TEXT_DIM, max_width=round(x1 - x0 - 24))
    cv.label(value, font(32, "bold"), x0 + 14, y0 + 54, TEXT, max_width=round(x1 - x0 - 24))
    if sub:
        cv.label(sub, font(18), x0 + 14, y0 + 84, TEXT_DIM, max_width=round(x1 - x0 - 24))
    if frac is not None:
        bx0, bx1 = x0 + 14, x1 - 14
        cv.pill((bx0, y1 - 11, bx1, y1 - 5), PANEL_LINE)
        cv.pill((bx0, y1 - 11, bx0 + max(6, (bx1 - bx0) * frac), y1 - 5), GOOD)


def _record(won: int, lost: int, locale: str) -> tuple[str, str | None, float | None]:
    pct = win_pct(won, lost)
    sub = None if pct is None else t("render.stats.win_pct", locale, pct=pct)
    return t("render.stats.record", locale, won=won, lost=lost), sub, None if pct is None else pct / 100


@serialized
def render_stats(card: StatsCard, *, locale: str) -> bytes:
    """PNG of one player's stats card."""
    if not isinstance(card, StatsCard):
        raise TypeError("render_stats takes a StatsCard")
    locale = normalize_locale(locale)
    tile_w = (WIDTH - 2 * PAD - (COLS - 1) * GAP) / COLS
    rows = -(-8 // COLS)
    height = HEAD_H + PAD + rows * TILE_H + (rows - 1) * GAP + PAD + 96 + (CHART_H if card.levels else 0)
    height += 40 * (bool(card.best_season) + bool(card.all_time))
    cv = Canvas.new(WIDTH, height, FELT)
    cv.draw.rectangle((0, 0, WIDTH, HEAD_H), fill=HEADER)
    rating = format_rating(card.rating)
    rating_w = cv.label(rating, font(40, "bold"), WIDTH - PAD, 48, ACCENT, align="right")
    cv.label(t("render.stats.rating", locale), font(19), WIDTH - PAD, 86, TEXT_DIM, align="right")
    cv.label(card.name, font(32, "bold"), PAD, 46, TEXT, max_width=WIDTH - 3 * PAD - rating_w)
    under = [t("render.stats.rank", locale, rank=card.rank)] if card.rank is not None else []
    under += [card.season] if card.season else []
    if under:
        cv.label(" · ".join(under), font(20), PAD, 86, TEXT_DIM, max_width=WIDTH - 3 * PAD - rating_w)

    matches = _record(card.matches_won, card.matches_lost, locale)
    dealer = _record(card.dealer_won, card.dealer_lost, locale)
    defender = _record(card.defender_won, card.defender_lost, locale)
    total = win_pct(card.dealer_won + card.defender_won, card.dealer_lost + card.defender_lost)
    tiles: list[tuple[str, str, str | None, float | None]] = [
        (t("render.stats.level", locale), card.level, None, None),
        (t("render.stats.laps", locale), str(card.laps), None, None),
        (t("render.stats.best_streak", locale), str(card.best_streak), None, None),
        (t("render.stats.kitty_bonuses", locale), str(card.kitty_bonuses), None, None),
        (t("render.stats.matches", locale), *matches),
        (t("render.stats.as_dealer", locale), *dealer),
        (t("render.stats.as_defender", locale), *defender),
        (t("render.stats.win_rate", locale), "—" if total is None else f"{total}%", None,
         None if total is None else total / 100),
    ]
    for i, (label, value, sub, frac) in enumerate(tiles):
        x0 = PAD + (i % COLS) * (tile_w + GAP)
        y0 = HEAD_H + PAD + (i // COLS) * (TILE_H + GAP)
        _tile(cv, (x0, y0, x0 + tile_w, y0 + TILE_H), label, value, sub, frac, locale)

    y = HEAD_H + PAD + rows * TILE_H + (rows - 1) * GAP + PAD
    cv.label(t("render.stats.recent", locale), font(21, "bold"), PAD, y + 14, TEXT)
    recent = card.recent[-RECENT_MAX:]
    if not recent:
        cv.label(t("render.stats.no_games", locale), font(20), PAD, y + 54, TEXT_DIM)
    chip_font = font(17, "bold")
    step = (WIDTH - 2 * PAD) / RECENT_MAX
    for i, won in enumerate(recent):
        x = PAD + i * step
        cv.panel((x, y + 36, x + step - 6, y + 72), GOOD if won else BAD, radius=8)
        cv.text((x + (step - 6) / 2, y + 54), t("render.stats.win" if won else "render.stats.loss", locale),
                chip_font, TEXT_DARK, "mm")
    y += 96
    if card.levels:
        _level_chart(cv, y, card.levels, locale)
        y += CHART_H
    for line, colour in ((card.all_time, TEXT), (card.best_season, ACCENT)):
        if line:
            cv.label(line, font(20), PAD, y + 16, colour, max_width=WIDTH - 2 * PAD)
            y += 40
    return cv.png()


def level_name(progress: int) -> str:
    """A ladder progress as its level (laps as a prefix: ``2·A`` is A of the third lap)."""
    if progress < 0:
        return str(progress)
    laps, rank = divmod(progress, len(RANKS))
    return f"{laps}·{RANKS[rank]}" if laps else RANKS[rank]


def _level_chart(cv: Canvas, y: float, levels: tuple[int, ...], locale: str) -> None:
    """The level after each match as a line (等级走势), lowest and highest level written on the left."""
    cv.label(t("season.chart", locale), font(21, "bold"), PAD, y + 14, TEXT)
    x0, x1, top, bottom = PAD + 56, WIDTH - PAD, y + 40, y + CHART_H - 16
    cv.panel((PAD, top - 8, WIDTH - PAD, bottom + 8), PANEL, radius=10)
    low, high = min(levels), max(levels)
    span = max(1, high - low)
    cv.label(level_name(high), font(17), PAD + 8, top + 4, TEXT_DIM)
    cv.label(level_name(low), font(17), PAD + 8, bottom - 4, TEXT_DIM)
    step = (x1 - x0 - 12) / max(1, len(levels) - 1)
    points = [(x0 + i * step, bottom - (p - low) / span * (bottom - top)) for i, p in enumerate(levels)]
    if len(points) > 1:
        cv.draw.line(points, fill=ACCENT, width=4, joint="curve")
    for x, yy in points[-1:]:
        cv.draw.ellipse((x - 6, yy - 6, x + 6, yy + 6), fill=ACCENT)
