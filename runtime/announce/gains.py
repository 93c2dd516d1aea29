"""Who gained what in a settled hand, and why (升级), announced outside the two-deck four-seat game.

Rules:
- 找朋友: every player of the winning side climbs from its own level (RULES §13.7): each one who gained is named with
  its own change (``ann 2 → 4 (+2)``); with fixed partners the winning team's players share its change;
- the reasons, as codes the interfaces word (``announce.why.<code>``, a ``:<n>`` argument as ``{points}``):
  ``grand_slam`` (大光: the defenders scored nothing), ``small_slam:<20 N>`` (小光: under one step, RULES §12.5),
  ``take_over`` (上台: the defenders take the deal) and ``small_team`` (the dealer's side won short of friends, so
  each of its members gained one more level, §13.6);
- nobody gained (the defenders took over at +0): ``announce.level_gains_none`` with the reasons.
"""

from __future__ import annotations

import logging

from data.records import TableRecord
from engine.views import HandResult
from render.player_levels import small_team_bonus
from runtime.presenter import Announcement

log = logging.getLogger(__name__)

GAINS_KEYS = ("announce.level_gains", "announce.level_gains_none")


def gain_reasons(rec: TableRecord, result: HandResult) -> list[str]:
    """The reason codes of a hand's level change (see the module's rules), in the order they are read."""
    decks = rec.rules.decks
    if result.defenders_take_over:
        reasons = ["take_over"]
    elif result.defender_points <= 0:
        reasons = ["grand_slam"]
    elif result.defender_points < 20 * decks:
        reasons = [f"small_slam:{20 * decks}"]
    else:
        reasons = []
    if not rec.rules.shape.fixed_partners and small_team_bonus(result, rec.rules):
        reasons.append("small_team")
    return reasons


def gains_text(rec: TableRecord, result: HandResult) -> str:
    """``ann 2 → 4 (+2) · cat 3 → 5 (+2)``: each player (team) who gained, from its level to its level."""
    parts = []
    if rec.rules.shape.fixed_partners:
        for team, gain in enumerate(result.level_gains):
            if gain > 0:
                names = ", ".join(rec.names[team::2])
                parts.append(f"{names} {result.levels_before[team]} → {result.levels_after[team]} (+{gain})")
    else:
        for seat, gain in enumerate(result.level_gains):
            if gain > 0:
                parts.append(f"{rec.names[seat]} {result.levels_before[seat]} → {result.levels_after[seat]} (+{gain})")
    return " · ".join(parts)


def gains_announcement(rec: TableRecord, result: HandResult) -> Announcement | None:
    """The hand's gains and their reasons; ``None`` in the two-deck four-seat game (its summary says it as before)."""
    if rec.rules.shape.is_standard:
        return None
    why = " ".join(gain_reasons(rec, result))
    gains = gains_text(rec, result)
    if not gains:
        return Announcement("announce.level_gains_none", {"why": why})
    return Announcement("announce.level_gains", {"gains": gains, "why": why})
