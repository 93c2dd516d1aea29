"""Stored tournaments: the whole state written in one statement, listed by guild and status; placings once."""

from __future__ import annotations

import pytest

from data import Database
from data.errors import DataError
from data.tournaments import Placing


def state(**changes: object) -> dict:
    base = {"tournament_id": 0, "guild_id": 1, "channel_id": 2, "organiser_id": 3, "name": "Cup",
            "status": "signup", "teams": []}
    base.update(changes)
    return base


async def test_create_save_get_list(db: Database) -> None:
    tid = await db.create_tournament(state())
    await db.save_tournament(tid, state(tournament_id=tid, status="running", teams=[{"team_id": 1}]))
    assert (await db.get_tournament(tid))["teams"] == [{"team_id": 1}]  # type: ignore[index]
    other = await db.create_tournament(state(guild_id=9, status="finished"))
    assert [s["tournament_id"] for s in await db.list_tournaments(1)] == [tid]
    assert len(await db.list_tournaments(statuses=("signup", "running"))) == 1
    assert len(await db.list_tournaments()) == 2 and await db.get_tournament(other + 1) is None
    with pytest.raises(DataError) as err:
        await db.save_tournament(999, state())
    assert err.value.key == "data.tournament_not_found"
    with pytest.raises(DataError):
        await db.save_tournament(tid, state(status="paused"))


async def test_placings_are_recorded_once(db: Database) -> None:
    tid = await db.create_tournament(state())
    rows = [Placing(tid, 10, "A", 1, 2, 1.0), Placing(tid, 11, "A", 1, 2, 1.0), Placing(tid, 12, "B", 2, 2, 0.0)]
    await db.record_placings(tid, 1, rows)
    await db.record_placings(tid, 1, rows)  # a replay after a restart counts nothing twice
    assert [(p.user_id, p.placing) for p in await db.placings(1, tournament_id=tid)] == [(10, 1), (11, 1), (12, 2)]
    assert [p.team_name for p in await db.placings(1, user_id=12)] == ["B"]
    assert await db.placings(2) == []


async def test_deadline_timers_of_a_tournament(db: Database) -> None:
    await db.add_timer("tournament_deadline", None, 100.0, {"tournament": 4, "round": 1})
    await db.add_timer("tournament_deadline", None, 50.0, {"tournament": 5, "round": 2})
    assert [t["payload"]["round"] for t in await db.tournament_timers(5)] == [2]
