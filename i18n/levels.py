"""Levels as text (级别): how a level reads everywhere, in pictures, panels and logs."""

from __future__ import annotations

from i18n import t


def level_text(level: str, laps: int, locale: str) -> str:
    """A team's level as written everywhere: ``5``, a negative level ``-1`` (RULES §8), and with laps
    (``timed_laps``) ``5 · lap 1`` / ``5 · 1 轮``."""
    return t("render.level_laps", locale, level=level, laps=laps) if laps else level


def level_short(level: str, laps: int) -> str:
    """The compact form for narrow places (the chart's axis, the ladder): ``5``, ``-1``, after laps ``1·5``."""
    return f"{laps}·{level}" if laps else level
