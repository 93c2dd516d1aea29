"""Localized pieces shared by the pictures: trump, phase, seat and team names, and header chips."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import SUIT_SYMBOLS
from engine.rules import Rules
from engine.views import HandResult, Phase
from i18n import count, t
from i18n.levels import level_text
from render.draw import Canvas
from render.fonts import FontT, clean_text, text_width
from render.theme import CARD_FACE, PANEL_ALT, RGB, TEXT, TEXT_DARK, suit_colour

log = logging.getLogger(__name__)


def trump_text(trump: str | None, locale: str) -> str:
    """``♥ Hearts`` / ``♥ 红桃``, ``No trump`` / ``无主``, or ``Trump not set`` / ``未定主``."""
    if trump is None:
        return t("render.trump_undecided", locale)
    return t(f"render.suit.{trump}", locale)


def level_change_text(result: HandResult, team: int, locale: str) -> str:
    """``7 → 9 (+2)``, ``3 → -1 (-2)``, ``A → 2 · lap 1 (+1)``: a team's level change in a hand."""
    before = level_text(result.levels_before[team], result.laps_before[team], locale)
    after = level_text(result.levels_after[team], result.laps_after[team], locale)
    return t("render.summary.level_change", locale, before=before, after=after, gain=result.level_gains[team])


def shape_text(rules: Rules, locale: str) -> str:
    """``找朋友 · 6 players · 3 decks`` / ``6人 · 2副牌``: the table's shape (empty for two decks, four seats, fixed
    partners)."""
    shape = rules.shape
    if shape.is_standard:
        return ""
    parts = [count("render.shape.players", shape.players, locale), count("render.shape.decks", shape.decks, locale)]
    if not shape.fixed_partners:
        parts.insert(0, t("render.shape.friends", locale))
    return " · ".join(parts)


def phase_text(phase: Phase, locale: str) -> str:
    """The phase's label (发牌, 亮主, 扣底, 炒地皮, 出牌, …)."""
    return t(f"render.phase.{phase.value}", locale)


def seat_name(names: Sequence[str] | None, seat: int, locale: str) -> str:
    """The player's name (cleaned of glyphs the font lacks), or ``Seat n`` when missing or empty."""
    if names is not None and seat < len(names):
        name = clean_text(str(names[seat]))
        if name:
            return name
    return t("render.seat", locale, n=seat + 1)


def relative_name(viewer: int, seat: int, locale: str, players: int = 4) -> str:
    """``you``, ``next player`` (下家), ``partner`` (对家) or ``previous player`` (上家) from ``viewer``; at a table of
    five to eight seats the seats between the neighbours are named by number (``Seat 4``)."""
    rel = (seat - viewer) % players
    if rel == 0:
        return t("render.you", locale)
    if players != 4 and rel not in (1, players - 1):
        return t("render.seat", locale, n=seat + 1)
    return t(f"render.rel.{1 if rel == 1 else 3 if rel == players - 1 else 2}", locale)


def team_name(team: int, locale: str) -> str:
    return t(f"render.team.{team}", locale)


@dataclass(frozen=True)
class Chip:
    """A header pill: ``text`` with an optional leading suit symbol drawn in its suit colour."""

    text: str
    fill: RGB = PANEL_ALT
    ink: RGB = TEXT
    suit: str | None = None


def trump_chip(trump: str | None, locale: str, four_colour: bool = False, short: bool = False) -> Chip:
    """The trump as a light chip whose symbol is drawn in the suit's colour (``short``: the suit's name only)."""
    if trump in ("S", "H", "C", "D"):
        name = trump_text(trump, locale).split(" ", 1)[1]
        return Chip(name if short else t("render.trump", locale, trump=name), CARD_FACE, TEXT_DARK, trump)
    return Chip(trump_text(trump, locale), CARD_FACE, TEXT_DARK)  # 无主 / No trump, or not set


def chip_width(chip: Chip, fnt: FontT, pad: int = 12) -> int:
    symbol = text_width("♠ ", fnt) if chip.suit else 0
    return symbol + text_width(clean_text(chip.text), fnt) + 2 * pad


def draw_chip(cv: Canvas, chip: Chip, fnt: FontT, x: float, y_mid: float, height: int,
              four_colour: bool = False, pad: int = 12) -> float:
    """Draw ``chip`` starting at ``x``; returns its right edge."""
    if not chip.suit:
        return cv.text_pill(chip.text, fnt, x, y_mid, chip.fill, chip.ink, pad=pad, height=height)
    w = chip_width(chip, fnt, pad)
    cv.pill((x, y_mid - height / 2, x + w, y_mid + height / 2), chip.fill)
    symbol = SUIT_SYMBOLS[chip.suit]
    cv.text((x + pad, y_mid), symbol, fnt, suit_colour(chip.suit, four_colour), "lm")
    cv.text((x + pad + text_width(symbol + " ", fnt), y_mid), clean_text(chip.text), fnt, chip.ink, "lm")
    return x + w


def layout_chips(chips: Sequence[Chip], fnt: FontT, max_width: int, gap: int = 8) -> list[list[Chip]]:
    """Chips flowed into lines no wider than ``max_width``."""
    lines: list[list[Chip]] = [[]]
    used = 0
    for chip in chips:
        w = chip_width(chip, fnt)
        if lines[-1] and used + gap + w > max_width:
            lines.append([])
            used = 0
        used += (gap if lines[-1] else 0) + w
        lines[-1].append(chip)
    return lines
