"""Per-player levels in 找朋友 (RULES §13.6–§13.7) on the hand summary: the dealer's team (庄家方: the dealer, then its
friends as they joined) and the defenders (闲家), each player on a line with its role and its own level change
(``5 → 7 (+2)``); the dealer's team's heading says when it won short of friends and each member gained one more
level (``small_team_bonus``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.rules import Rules
from engine.views import HandResult
from i18n import t
from i18n.levels import level_text
from render.draw import Canvas
from render.fonts import font
from render.labels import seat_name
from render.sides import DEFENDER
from render.theme import ACCENT, GOOD, TEXT, TEXT_DARK, TEXT_DIM

log = logging.getLogger(__name__)

HEADING_H = 50
ROW_H = 40


def sides(result: HandResult, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The dealer's final team (dealer first) and the defenders in seat order."""
    team = (result.dealer, *(s for s in result.team if s != result.dealer))
    return team, tuple(s for s in range(players) if s not in team)


def small_team_bonus(result: HandResult, rules: Rules | None) -> bool:
    """The dealer's team won short of friends and each member gained one more level (§13.6)."""
    if rules is None or result.defenders_take_over or not rules.small_team_bonus:
        return False
    return len(sides(result, len(result.levels_before))[0]) < rules.friend_calls + 1


def rows_height(result: HandResult) -> int:
    return 2 * HEADING_H + len(result.levels_before) * ROW_H + 8


def player_change(result: HandResult, seat: int, locale: str) -> str:
    """``5 → 7 (+2)``: the seat's own level change."""
    before = level_text(result.levels_before[seat], 0, locale)
    after = level_text(result.levels_after[seat], 0, locale)
    return t("render.summary.level_change", locale, before=before, after=after, gain=result.level_gains[seat])


def draw_player_rows(cv: Canvas, result: HandResult, names: Sequence[str], locale: str, rules: Rules | None,
                     x0: int, x1: int, y: float) -> float:
    """The two sides' headings and a line per player from ``y``; returns the y below."""
    team, defenders = sides(result, len(result.levels_before))
    for side, seats, fill in (("dealer", team, ACCENT), ("defenders", defenders, DEFENDER)):
        mid = y + HEADING_H / 2
        x = cv.text_pill(t(f"render.side.{side}", locale), font(23, "bold"), x0, mid, fill, TEXT_DARK, pad=12,
                         height=40)
        if side == "dealer" and small_team_bonus(result, rules):
            cv.text_pill(t("render.summary.small_team", locale), font(19, "bold"), x + 8, mid, GOOD, TEXT_DARK,
                         pad=8, height=30)
        y += HEADING_H
        for seat in seats:
            mid = y + ROW_H / 2
            role = "dealer" if seat == result.dealer else "friend" if side == "dealer" else ""
            x = x0 + 16
            if role:
                x = round(cv.text_pill(t(f"render.role.{role}", locale), font(18, "bold"), x, mid, fill, TEXT_DARK,
                                       pad=7, height=26)) + 8
            change = player_change(result, seat, locale)
            width = cv.label(change, font(23, "bold"), x1, mid, GOOD if result.level_gains[seat] > 0 else TEXT,
                             align="right")
            cv.label(seat_name(names, seat, locale), font(22), x, mid, TEXT_DIM, max_width=round(x1 - width - x - 16))
            y += ROW_H
    return y + 8
