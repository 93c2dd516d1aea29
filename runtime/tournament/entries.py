"""Entering a team with a partner's consent (搭档确认): naming a partner does not enter them. The first player's
``/tractor tournament join partner:`` leaves an invitation (kept with the tournament, ``meta["invites"]``, so a
restart keeps it; a newer invitation to the same player replaces it), after every rule of the entry is checked on
a copy (sign-up open, neither player in a team, the unit's limit…); the team is entered only when the partner names
the first player in turn, with the first player's team name and unit. An AI partner needs nobody's consent.
Trusted callers that enter both players themselves (the offline tournament) call ``TournamentService.join``."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from engine.tournament import Tournament
from runtime.errors import NotAllowed
from runtime.tournament.service import MAX_NAME, TournamentService

log = logging.getLogger(__name__)

INVITES = "invites"  # the tournament's ``meta`` key: invited user (str) -> the invitation's fields


@dataclass(frozen=True)
class Entry:
    """One player's sign-up request: who, their partner (``None``: an AI), the team's name and unit."""

    user_id: int
    name: str
    partner_id: int | None
    partner_name: str | None
    team_name: str | None = None
    unit: int | None = None
    unit_name: str = ""


async def enter(service: TournamentService, tournament_id: int, entry: Entry, guild_id: int | None = None) -> bool:
    """True: the team is entered (an AI partner, or the partner had invited this player); False: the partner is
    invited and must confirm."""
    if entry.partner_id is None:
        await service.join(tournament_id, entry.user_id, entry.name, None, None, entry.team_name, guild_id,
                           entry.unit, entry.unit_name)
        return True
    if entry.partner_id == entry.user_id:
        raise NotAllowed("tournament.same_player")
    async with service.lock(tournament_id):
        t = service.get(tournament_id, guild_id)
        invites: dict[str, Any] = dict(t.meta.get(INVITES) or {})
        asked = invites.get(str(entry.user_id))
        if not (isinstance(asked, dict) and asked.get("by") == entry.partner_id):
            probe = Tournament.from_json(t.to_json())  # every rule of the entry checked now, on a copy
            name = " ".join((entry.team_name or "").split())[:MAX_NAME] or f"{entry.name} & {entry.partner_name}"
            probe.add_team(name, (entry.user_id, entry.partner_id), (entry.name, entry.partner_name or "-"),
                           entry.unit, entry.unit_name)
            invites[str(entry.partner_id)] = {"by": entry.user_id, "name": entry.name, "team_name": entry.team_name,
                                              "unit": entry.unit, "unit_name": entry.unit_name}
            t.meta[INVITES] = invites
            await service.db.save_tournament(t.tournament_id, t.to_json())
            log.info("tournament %d: %d invited %d as partner", tournament_id, entry.user_id, entry.partner_id)
            return False
        del invites[str(entry.user_id)]
        t.meta[INVITES] = invites
    await service.join(tournament_id, entry.partner_id, str(asked["name"]), entry.user_id, entry.name,
                       asked.get("team_name"), guild_id, asked.get("unit"), str(asked.get("unit_name") or ""))
    return True
