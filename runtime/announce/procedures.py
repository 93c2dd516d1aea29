"""Announcements of the competition procedures' events: penalties (罚分), warnings (警告), hands awarded
(判负一副) and disqualifications (取消比赛资格), with the team's players' names (``i18n/procedures.py``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from data.records import TableRecord
from engine.events import Disqualified, Event, HandAwarded, Penalized
from engine.views import PublicView, Sanction
from i18n import t
from runtime.presenter import Announcement

log = logging.getLogger(__name__)


def team_names(rec: TableRecord, team: int) -> dict[str, str]:
    """A fixed team as ``{a} & {b}``: at six or eight seats ``a`` lists every member but the last."""
    members = rec.names[team::2]
    return {"a": ", ".join(members[:-1]), "b": members[-1]}


def procedure_announcement(rec: TableRecord, event: Event) -> Announcement | None:
    """The public post of a sanction event, or ``None`` for any other event."""
    match event:
        case Penalized(team=team, points=0, reason=reason):
            return Announcement(f"announce.warning_{reason}", team_names(rec, team))
        case Penalized(team=team, points=points, reason=reason, defender_points=total):
            return Announcement(f"announce.penalty_{reason}", {**team_names(rec, team), "points": points,
                                                               "total": total if total is not None else "-"})
        case HandAwarded(team=team, reason=reason, hand_number=hand):
            return Announcement(f"announce.hand_awarded_{reason}", {**team_names(rec, team), "hand": hand})
        case Disqualified(team=team):
            return Announcement("announce.disqualified", team_names(rec, team))
    return None


def log_line(event: Event, team_label: str, locale: str) -> str | None:
    """The match log's line of a sanction event (``team_label``: the sanctioned or awarded team)."""
    match event:
        case Penalized(points=points, reason=reason):
            key = "tricklog.warning" if points == 0 else "tricklog.penalty"
            return t(key, locale, team=team_label, points=points, why=t(f"tricklog.why.{reason}", locale))
        case HandAwarded(reason=reason, hand_number=hand):
            why = t(f"tricklog.why.{reason}", locale)
            return t("tricklog.hand_awarded", locale, team=team_label, hand=hand, why=why)
        case Disqualified():
            return t("tricklog.disqualified", locale, team=team_label)
    return None


HAND_END = ("announce.hand_settled", "announce.hand_settled_laps", "announce.hand_final")
MATCH_END = ("announce.match_over", "announce.match_won", "announce.match_drawn")


def _totals(rec: TableRecord, sanctions: Sequence[Sanction]) -> str:
    """``alice & carol −20 (2 warnings) · bob & dave −0`` as ``team: points/warnings/hands`` parameters."""
    parts = []
    for team in (0, 1):
        mine = [s for s in sanctions if s.team == team]
        if mine:
            parts.append(f"{' & '.join(rec.names[team::2])}: −{sum(s.points for s in mine)}"
                         f" ({sum(1 for s in mine if s.kind == 'warning')}/"
                         f"{sum(1 for s in mine if s.kind == 'award')})")
    return " · ".join(parts)


def summary_notes(rec: TableRecord, view: PublicView | None, posted: Sequence[Announcement]) -> list[Announcement]:
    """The penalties under a hand's result (that hand's) or the match's (the whole match's), when any."""
    if view is None or not view.sanctions:
        return []
    keys = {a.key for a in posted}
    if keys & set(MATCH_END):
        return [Announcement("announce.match_sanctions", {"totals": _totals(rec, view.sanctions)})]
    if keys & set(HAND_END) and view.last_result is not None:
        hand = view.last_result.hand_number
        mine = [s for s in view.sanctions if s.hand == hand]
        if mine:
            return [Announcement("announce.hand_sanctions", {"hand": hand, "totals": _totals(rec, mine)})]
    return []
