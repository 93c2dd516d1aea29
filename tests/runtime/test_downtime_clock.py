"""The bot's downtime is not the players' time (issue #51, 7): down 120 s with 20 s left on a sheet90 clock gave
a 20-point 超时 penalty and 托管 at once on restart. Now a human's clock running when the bot stopped resumes with
what it had left (``planner.hold_clocks`` at a stop, ``resume_clocks`` at the start); after a kill, when the bot
went down is unknown: the clock keeps its deadline with at least ``RESTART_GRACE`` (30 s) from the start. No
penalty, no 托管 for the downtime; the clock then runs as usual (reminder, then the penalty at its end)."""

from __future__ import annotations

from pathlib import Path

from engine.actions import Penalize
from engine.views import Phase
from runtime.clock.planner import RESTART_GRACE
from runtime.procedures import TIME_CONTROLS
from tests.helpers.runtime_support import HUMAN, StepClock, human_table, make_service, until


async def lead_with_20_s_left(path: Path, clock: StepClock):  # type: ignore[no-untyped-def]
    service, db, _ = await make_service(path, clock=clock)
    tid = await human_table(service, **TIME_CONTROLS["sheet90"])
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act() and not table.hand.trick)
    clock.advance(10)  # 20 s left of the 30 s lead clock
    await service.run_until_idle()
    assert table.sanctions == [] and not service.record(tid).seats[0].away
    return service, db, tid


async def restarted_without_penalty(path: Path, clock: StepClock, tid: int):  # type: ignore[no-untyped-def]
    service, db, presenter = await make_service(path, clock=clock)
    await service.restore_all()
    await service.run_until_idle()
    table = service.session(tid).table
    assert table.sanctions == [] and not service.record(tid).seats[0].away, "downtime charged as a timeout"
    assert "announce.penalty_timeout" not in presenter.keys(tid)
    assert 0 in table.to_act() and table.phase is Phase.PLAYING
    return service, db, presenter, table


async def runs_out_after(service, presenter, tid, table, clock: StepClock, left: float) -> None:  # type: ignore[no-untyped-def]
    """The clock has ``left`` seconds: the reminder 15 s before its end, then the sheet's penalty at its end."""
    clock.advance(left - 15 - 0.1)
    await service.run_until_idle()
    assert not any(a.key.startswith("announce.reminder") for a in presenter.announcements(tid))
    clock.advance(0.2)
    await service.run_until_idle()
    assert presenter.announcements(tid)[-1].key == "announce.reminder_points"
    clock.advance(15 - 0.2)
    await service.run_until_idle()
    assert table.sanctions == []
    clock.advance(0.2)
    await service.run_until_idle(1)
    assert table.actions[-1] == Penalize(team=0, points=20, reason="timeout")


async def test_a_stopped_bot_resumes_the_clock_with_what_was_left(tmp_path: Path) -> None:
    clock = StepClock()
    service, db, tid = await lead_with_20_s_left(tmp_path / "t.db", clock)
    await service.close()  # SIGTERM: the clock is held with its 20 s
    await db.close()
    clock.advance(120)  # the bot is down for two minutes
    service, db, presenter, table = await restarted_without_penalty(tmp_path / "t.db", clock, tid)
    await runs_out_after(service, presenter, tid, table, clock, 20)
    await db.close()


async def test_a_killed_bot_gives_the_clock_its_grace(tmp_path: Path) -> None:
    """When the bot went down is unknown: the clock keeps its deadline but has at least ``RESTART_GRACE``."""
    clock = StepClock()
    service, db, tid = await lead_with_20_s_left(tmp_path / "t.db", clock)
    await db.close()  # killed: nothing held (the connection just goes)
    clock.advance(120)
    service, db, presenter, table = await restarted_without_penalty(tmp_path / "t.db", clock, tid)
    await runs_out_after(service, presenter, tid, table, clock, RESTART_GRACE + 15)  # the reminder's stage: 30 s
    await db.close()


async def test_a_move_after_the_restart_is_the_players_as_usual(tmp_path: Path) -> None:
    clock = StepClock()
    service, db, tid = await lead_with_20_s_left(tmp_path / "t.db", clock)
    await service.close()
    await db.close()
    clock.advance(3600)
    service, db, _, table = await restarted_without_penalty(tmp_path / "t.db", clock, tid)
    version = table.version
    await service.act(tid, HUMAN, service.suggest(tid, HUMAN))
    assert table.version > version and table.sanctions == []
    await db.close()
