"""Announcements derived from engine events: message keys (``i18n/runtime.py``) with parameters.

Cards are given as canonical text (``"10H 10H"``); names are the seats' display names; ``user_id``
is set when a human should be mentioned (their turn, a reminder, a move made for them).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.events import Event
from engine.views import Phase, PublicView
from runtime.presenter import Announcement
from runtime.records import TableRecord

log = logging.getLogger(__name__)


def _cards(value: object) -> str:
    return " ".join(str(c) for c in value) if isinstance(value, list | tuple) else str(value)


def _match_over(rec: TableRecord, team: int | None, reason: str) -> Announcement:
    """The winners as ``a`` and ``b`` (the catalogue joins them: ``alice & carol`` / ``小明和小红``); no winner
    (a timed match that ends level) is ``announce.match_drawn``."""
    if team is None:
        return Announcement("announce.match_drawn", {"reason": reason})
    return Announcement("announce.match_over", {"a": rec.names[team], "b": rec.names[team + 2], "reason": reason})


def from_events(rec: TableRecord, events: Sequence[Event]) -> list[Announcement]:
    """Announcements for the public events of one change."""
    names = rec.names
    out: list[Announcement] = []
    for e in events:
        if not e.is_public:
            continue
        d = e.data
        if e.kind == "hand_started":
            dealer = d.get("dealer")
            out.append(Announcement("announce.hand_started", {
                "hand": d.get("hand_number"), "level": d.get("level"),
                "dealer": names[dealer] if dealer is not None else "-"}))
        elif e.kind == "declared":
            out.append(Announcement(f"announce.{d['kind']}", {"name": names[d["seat"]], "cards": _cards(d["cards"]),
                                                             "trump": d["trump"]}, seat=d["seat"]))
        elif e.kind == "declaring_closed":
            out.append(Announcement("announce.declaring_closed", {"trump": d["trump"], "dealer": names[d["dealer"]]},
                                    seat=d["dealer"]))
        elif e.kind == "redeal":
            out.append(Announcement("announce.redeal", {"reason": d.get("reason", "")}))
        elif e.kind == "throw_failed":
            out.append(Announcement("announce.throw_failed", {
                "name": names[d["seat"]], "attempted": _cards(d["attempted"]), "forced": _cards(d["forced"]),
                "beaten": _cards(d.get("beaten_unit", ())), "penalty": d.get("penalty", 0)}, seat=d["seat"]))
        elif e.kind == "hand_settled":
            out.append(Announcement("announce.hand_settled", {
                "hand": d.get("hand_number"), "points": d.get("defender_points"),
                "levels": " / ".join(d.get("levels_after", ())), "dealer": names[d["next_dealer"]]
                if d.get("next_dealer") is not None else "-"}))
        elif e.kind == "match_over":
            out.append(_match_over(rec, d.get("winner"), d.get("reason", "")))
    return out


def turn_prompts(rec: TableRecord, before: PublicView | None, after: PublicView) -> list[Announcement]:
    """Mention the humans who now have to act (a new turn, or the declaration window opening)."""
    out: list[Announcement] = []
    if after.phase in (Phase.DEALING, Phase.HAND_OVER, Phase.MATCH_OVER):
        return out
    was = set(before.to_act) if before is not None and before.phase is after.phase else set()
    for seat in after.to_act:
        occupant = rec.seats[seat]
        if occupant is None or occupant.autopilot or seat in was:
            continue
        key = f"announce.turn_{after.phase.value}"
        out.append(Announcement(key, {"name": occupant.name}, user_id=occupant.user_id, seat=seat))
    return out
