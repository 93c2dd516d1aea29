"""The hand summary picture (结算): the kitty revealed, the defenders' trick points, the kitty bonus (抠底) with its
multiplier, the final points on a 0–100 N scale (take-over at 40 N, RULES §12.5), both teams' level changes (in
找朋友 each player's, ``render.player_levels``), who deals next, and notes. Outside the two-deck four-seat game the
outcome line names 大光, 小光 or 上台 when it applies."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.handorder import plain_suit_order
from engine.rules import Rules
from engine.trump import trump_context
from engine.views import HandResult
from i18n import normalize_locale, t
from render.cardrow import CardStyle, draw_cards
from render.draw import Canvas, serialized
from render.fonts import fit_text, font, text_width, wrap_text
from render.labels import level_change_text, seat_name, shape_text, team_name, trump_text
from render.player_levels import draw_player_rows, rows_height
from render.sides import DEFENDER, seat_list
from render.theme import (
    ACCENT,
    FELT,
    GOOD,
    HEADER,
    PANEL,
    PANEL_LINE,
    TABLE_CARD,
    TEAM,
    TEXT,
    TEXT_DARK,
    TEXT_DIM,
)

log = logging.getLogger(__name__)

WIDTH = 600  # narrow and tall: shown ~320 px wide on a phone, the smallest type stays ~9 px
PAD = 20
SCALE_MAX = 200
TAKE_OVER = 80


def team_members(names: Sequence[str], team: int, locale: str) -> str:
    """``Alice & Carol`` / ``小明、小红`` for a team's seats (every other seat of ``names``; two with four seats)."""
    return seat_list(names, range(team, max(4, len(names)), 2), locale)


def outcome_text(result: HandResult, decks: int, standard: bool, locale: str) -> str:
    """Who keeps the deal; outside the standard game with the names 大光 (P = 0), 小光 (P below one step of
    20 N) and 上台 (the defenders take over)."""
    if result.defenders_take_over:
        return t("render.summary.take_over" if standard else "render.summary.take_over_term", locale)
    if not standard and result.defender_points <= 0:
        return t("render.summary.grand_slam", locale)
    if not standard and result.defender_points < 20 * decks:
        return t("render.summary.small_slam", locale, points=20 * decks)
    return t("render.summary.keep", locale)


def _kitty_order(result: HandResult) -> list:
    ctx = trump_context(result.level, result.trump)
    order = {s: i for i, s in enumerate(plain_suit_order(result.trump))}
    return sorted(result.kitty, key=lambda c: (not ctx.is_trump(c), order.get(c.suit, 0), ctx.sort_key(c)))


def _points_scale(cv: Canvas, points: int, x0: float, x1: float, y: float, colour: tuple[int, int, int],
                  decks: int = 2) -> None:
    """A 0–100 N bar filled to ``points`` with the take-over line at 40 N (0–200, 80 with two decks)."""
    top, take_over = SCALE_MAX * decks // 2, TAKE_OVER * decks // 2
    cv.pill((x0, y - 7, x1, y + 7), PANEL_LINE)
    frac = max(0.0, min(1.0, points / top))
    if frac > 0:
        cv.pill((x0, y - 7, x0 + max(14, (x1 - x0) * frac), y + 7), colour)
    small = font(17)
    for mark in range(0, top + 1, take_over // 2):
        mx = x0 + (x1 - x0) * mark / top
        cv.draw.line((mx, y + 10, mx, y + 15), fill=TEXT_DIM if mark != take_over else ACCENT, width=2)
        cv.text((mx, y + 28), str(mark), small, ACCENT if mark == take_over else TEXT_DIM, "mm")


def _row(cv: Canvas, label: str, value: str, y: float, value_colour: tuple[int, int, int] = TEXT,
         bold: bool = False) -> None:
    fnt = font(25 if bold else 22, "bold" if bold else "regular")
    cv.label(label, fnt, PAD + 16, y, TEXT if bold else TEXT_DIM, max_width=WIDTH - 2 * PAD - 130)
    cv.label(value, font(27 if bold else 23, "bold"), WIDTH - PAD - 16, y, value_colour, align="right")


@serialized
def render_hand_summary(result: HandResult, names: Sequence[str], *, locale: str, rules: Rules | None = None) -> bytes:
    """PNG of one settled hand (public: the kitty is shown only once the hand is over). ``rules`` (the table's)
    give the deck count for the points scale and the 找朋友 small-team bonus; without them two decks."""
    if not isinstance(result, HandResult):
        raise TypeError("render_hand_summary takes a HandResult")
    locale = normalize_locale(locale)
    decks = rules.decks if rules is not None else 2
    standard = rules is None or rules.shape.is_standard
    levels_h = rows_height(result) if result.team else 164
    note_font = font(20)
    notes = [wrap_text("• " + t(k, locale), note_font, WIDTH - 2 * PAD - 10) for k in result.notes]
    n_note_lines = sum(len(lines) for lines in notes)
    winner = result.match_winner
    n_outcome = 1 if winner is not None else 2
    height = (100 + 160 + 160 + 70 + levels_h + 16 + 36 * n_outcome + (32 * n_note_lines + 44 if notes else 0)
              + (66 if winner is not None else 0))
    cv = Canvas.new(WIDTH, height, FELT)

    _header(cv, result, names, locale, rules if not standard else None)
    y = 100

    # the kitty
    cv.label(t("render.summary.kitty", locale, points=result.kitty_points), font(23, "bold"), PAD, y + 16, TEXT)
    ctx = trump_context(result.level, result.trump)
    lang = "zh-CN" if locale == "zh-CN" else "en"
    draw_cards(cv, _kitty_order(result), TABLE_CARD, PAD, y + 40, max_width=WIDTH - 2 * PAD, align="left",
               is_trump=ctx.is_trump, style=CardStyle(lang))
    y += 160

    # points
    cv.panel((PAD, y, WIDTH - PAD, y + 150), PANEL, radius=12)
    _row(cv, t("render.summary.trick_points", locale), str(result.trick_points), y + 26)
    if result.kitty_multiplier:
        key = "render.summary.kitty_bonus" if result.kitty_bonus >= 0 else "render.summary.kitty_guard"  # 保底
        bonus = t(key, locale, points=result.kitty_points, mult=result.kitty_multiplier)
        _row(cv, bonus, f"{result.kitty_bonus:+d}", y + 62, ACCENT)
    else:
        _row(cv, t("render.summary.no_bonus", locale), "+0", y + 62, TEXT_DIM)
    cv.draw.line((PAD + 16, y + 86, WIDTH - PAD - 16, y + 86), fill=PANEL_LINE, width=1)
    dealer_team = result.dealer % 2
    gainer = TEAM[1 - dealer_team] if result.defenders_take_over else TEAM[dealer_team]
    if result.team:  # 找朋友: the sides' colours of the table picture
        gainer = DEFENDER if result.defenders_take_over else ACCENT
    _row(cv, t("render.summary.final", locale), str(result.defender_points), y + 117, gainer, bold=True)
    y += 160
    _points_scale(cv, result.defender_points, PAD + 20, WIDTH - PAD - 20, y + 14, gainer, decks)
    y += 70

    # level changes: the team and its change, the players below (a tall layout for phones)
    if result.team:
        draw_player_rows(cv, result, names, locale, rules, PAD, WIDTH - PAD, y)
    for team in () if result.team else (0, 1):
        row_y = y + 22 + team * 82
        x = cv.text_pill(team_name(team, locale), font(23, "bold"), PAD, row_y, TEAM[team], TEXT_DARK, pad=12,
                         height=40)
        if team == dealer_team:
            x = cv.text_pill(t("render.dealer_team", locale), font(19, "bold"), x + 8, row_y, ACCENT, TEXT_DARK,
                             pad=8, height=30)
        change = level_change_text(result, team, locale)
        cv.label(change, font(26, "bold"), WIDTH - PAD, row_y, GOOD if result.level_gains[team] > 0 else TEXT,
                 align="right", max_width=round(WIDTH - PAD - x - 16))
        cv.label(team_members(names, team, locale), font(21), PAD + 4, row_y + 38, TEXT_DIM,
                 max_width=WIDTH - 2 * PAD)
    y += levels_h

    # outcome and the next dealer (none after the match), one line each
    outcome = outcome_text(result, decks, standard, locale)
    cv.label(outcome, font(23, "bold"), PAD, y + 18, ACCENT, max_width=WIDTH - 2 * PAD)
    if result.match_winner is None:  # after the match nobody deals next
        cv.label(t("render.summary.next_dealer", locale, name=seat_name(names, result.next_dealer, locale)),
                 font(23, "bold"), PAD, y + 54, ACCENT, max_width=WIDTH - 2 * PAD)
    y += 16 + 36 * n_outcome
    if notes:
        cv.label(t("render.summary.notes", locale), font(21, "bold"), PAD, y + 12, TEXT)
        line_y = y + 44
        indent = text_width("• ", note_font)
        for lines in notes:
            for i, line in enumerate(lines):
                cv.label(line, note_font, PAD + 10 + (indent if i else 0), line_y, TEXT_DIM)
                line_y += 32
        y += 32 * n_note_lines + 44
    if winner is not None:
        y += 8
        cv.panel((PAD, y, WIDTH - PAD, y + 50), ACCENT, radius=12)
        cv.label(winner_text(result, names, locale), font(26, "bold"), WIDTH / 2, y + 25, TEXT_DARK, align="center",
                 max_width=WIDTH - 4 * PAD)
    return cv.png()


def winner_text(result: HandResult, names: Sequence[str], locale: str) -> str:
    """``Team A wins the match!``; in 找朋友 the player who passed the end level (``match_winner`` is a seat)."""
    assert result.match_winner is not None
    if result.team:
        return t("render.summary.player_winner", locale, name=seat_name(names, result.match_winner, locale))
    return t("render.summary.winner", locale, team=team_name(result.match_winner, locale))


def _header(cv: Canvas, result: HandResult, names: Sequence[str], locale: str, shaped: Rules | None) -> None:
    """Title (and the table's shape on its right unless the standard game), level, trump, dealer."""
    cv.draw.rectangle((0, 0, WIDTH, 90), fill=HEADER)
    title_w = cv.label(t("render.summary.title", locale, n=result.hand_number), font(30, "bold"), PAD, 30, TEXT)
    if shaped is not None:
        cv.label(shape_text(shaped, locale), font(21, "bold"), WIDTH - PAD, 30, ACCENT, align="right",
                 max_width=WIDTH - 3 * PAD - title_w)
    dealer = fit_text(seat_name(names, result.dealer, locale), font(21), 200)
    sub = (t("render.summary.trump", locale, level=result.level, trump=trump_text(result.trump, locale))
           + " · " + t("render.dealer", locale, name=dealer))
    cv.label(sub, font(21), PAD, 68, TEXT_DIM, max_width=WIDTH - 2 * PAD)
