"""On both backends (SQLite, PostgreSQL): a restart mid-trick (service and database closed, reopened,
``restore_all``) continues exactly:
same engine state, same stored 托管 flags and deadlines, and the same moves as a run that never stopped."""

from __future__ import annotations

from pathlib import Path

from engine.views import Phase
from tests.helpers.runtime_support import HUMAN, REMIND, TIMEOUT, StepClock, human_table, make_service, until


def mid_trick(table) -> bool:  # type: ignore[no-untyped-def]
    return table.phase is Phase.PLAYING and 0 < len(table.hand.trick) < 4 and 0 in table.to_act() \
        and len(table.hand.tricks) >= 3


async def test_restart_mid_trick_continues_exactly(tmp_path: Path, db_target: str) -> None:
    clock = StepClock()
    # the reference run, never stopped
    ref, ref_db, _ = await make_service(tmp_path / "ref.sqlite3", clock)
    ref_tid = await human_table(ref, seed=21)
    ref_table = ref.session(ref_tid).table
    await until(ref, ref_tid, lambda: mid_trick(ref_table))
    stop_version = ref_table.version
    await until(ref, ref_tid, lambda: bool(ref_table.results))
    ref_log = [a.to_json() for a in ref_table.actions]
    await ref_db.close()

    # the same game, stopped mid-trick
    path = db_target  # the reference run above stays on SQLite; this one runs on each backend
    service, db, _ = await make_service(path, clock)
    tid = await human_table(service, seed=21)
    table = service.session(tid).table
    await until(service, tid, lambda: mid_trick(table))
    assert table.version == stop_version
    state, panel = table.to_json(), service.panel(tid, HUMAN)
    clock.advance(TIMEOUT - REMIND - 5)  # part of the human's turn clock is used up
    await service.close()
    await db.close()

    service, db, presenter = await make_service(path, clock)
    assert await service.restore_all() == [tid]
    table = service.session(tid).table
    assert table.to_json() == state
    again = service.panel(tid, HUMAN)
    assert (again.version, again.hand, again.plays) == (panel.version, panel.hand, panel.plays)
    assert presenter.updates[0].reason == "restored" and presenter.updates[0].version == stop_version
    clock.advance(5)  # the stored reminder deadline survived the restart
    await service.run_until_idle()
    assert presenter.keys(tid)[-1] == "announce.reminder"
    await until(service, tid, lambda: bool(table.results))
    full = await db.actions_between(tid)
    assert full[: len(ref_log)] == ref_log
    await db.close()


async def test_restart_restores_lobbies_and_away_seats(db_target: str) -> None:
    path = db_target
    service, db, _ = await make_service(path)
    lobby_rec = await service.open_table(guild_id=1, channel_id=5, host_id=7, host_name="Lo")
    await service.sit(lobby_rec.table_id, 8, "Bo", 2)
    tid = await human_table(service)
    await service.go_away(tid, HUMAN)
    await db.close()
    service, db, _ = await make_service(path)
    assert sorted(await service.restore_all()) == sorted([lobby_rec.table_id, tid])
    assert service.record(lobby_rec.table_id).names == ("Lo", "-", "Bo", "-")
    assert service.record(tid).seats[0].away
    assert [r.table_id for r in service.tables(guild_id=1, channel_id=5)] == [lobby_rec.table_id]
    assert service.session(lobby_rec.table_id).table is None
    await service.run_until_idle()  # all four seats on autopilot: the match runs to its end
    assert service.record(tid).status.value == "finished"
    await db.close()


async def test_declaration_deadline_survives_a_restart(db_target: str) -> None:
    from tests.helpers.runtime_support import WINDOW

    clock = StepClock()
    path = db_target
    service, db, _ = await make_service(path, clock)
    tid = await human_table(service, seed=2)
    await service.run_until_idle()
    assert service.session(tid).table.phase is Phase.DECLARING
    clock.advance(WINDOW - 10)
    await db.close()
    service, db, _ = await make_service(path, clock)
    await service.restore_all()
    table = service.session(tid).table
    clock.advance(9)
    await service.run_until_idle()
    assert table.phase is Phase.DECLARING
    clock.advance(1)
    await service.run_until_idle(1)
    assert table.actions[-1].kind == "close_declaring"
    await db.close()
