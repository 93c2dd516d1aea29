"""A restart (重启) of the tournament service: open tournaments are loaded from storage and resumed.

Nothing acknowledged is lost: every change was stored before it was told, so ``restore`` takes in the results of
tables that finished while the bot was down, re-arms a missing round deadline, and lets the service open the
tables still missing (a duplicate round's deals come again from the round's stored seed).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from data.database import Database
from data.records import Status
from data.tournaments import OPEN_TOURNAMENT_STATUSES
from engine.tournament import GameResult, Tournament
from engine.tournament import Status as TStatus
from engine.tournament.adjudicate import finished_result
from runtime.tournament.tables import TournamentTables

log = logging.getLogger(__name__)


class Host(Protocol):
    """What a restart needs of ``runtime.tournament.service.TournamentService``."""

    db: Database
    tables: TournamentTables
    tournaments: dict[int, Tournament]

    def lock(self, tournament_id: int) -> asyncio.Lock: ...

    async def arm_deadline(self, t: Tournament) -> None: ...

    async def _record(self, t: Tournament, match_id: str, result: GameResult, table_id: int | None) -> None: ...

    async def _after_results(self, t: Tournament) -> None: ...


async def restore_tournaments(host: Host) -> list[int]:
    """Load the open tournaments into ``host`` and resume the running ones; their ids."""
    restored = []
    for state in await host.db.list_tournaments(statuses=OPEN_TOURNAMENT_STATUSES):
        t = Tournament.from_json(state)
        host.tournaments[t.tournament_id] = t
        restored.append(t.tournament_id)
        if t.status is TStatus.RUNNING:
            try:
                await _resume(host, t)
            except Exception:
                log.exception("tournament %d could not be resumed", t.tournament_id)
    log.info("restored %d open tournaments", len(restored))
    return restored


async def _resume(host: Host, t: Tournament) -> None:
    rnd = t.current
    if rnd is None:
        return
    async with host.lock(t.tournament_id):
        for m in rnd.matches:
            table_id = t.match(m.match_id).current_table
            if table_id is None or t.match(m.match_id).decided:
                continue
            rec, table = await host.tables.stored(table_id)
            if rec.status is Status.FINISHED and table is not None:
                await host._record(t, m.match_id, finished_result(table, t.config), table_id)
        timers = await host.db.tournament_timers(t.tournament_id) if rnd.deadline is not None else []
        if rnd.deadline is not None and not timers:
            await host.arm_deadline(t)
        await host._after_results(t)
