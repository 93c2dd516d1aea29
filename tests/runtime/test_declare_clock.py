"""The declaring window's clock per seat (``declare_time``; sheet90 "反主及出牌时间为30秒"): a human seat is reminded
half-way of what its end costs, then it passes by itself; the others' declarations do not restart it; once the
hand has a dealer the sheet's 超时 points apply too; the lobby states it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from data.records import Status, TableOptions, TableRecord
from engine.actions import Pass, Penalize
from engine.views import Phase
from runtime.clock.planner import declare_timer
from runtime.clock.timers import DeclareClockTimer, decode
from runtime.procedures import TIME_CONTROLS, procedure_lines, time_control_of
from tests.helpers.runtime_support import StepClock, human_table, human_to_act, make_service, play_human, until


def sheet(name: str, **changes: object) -> dict[str, object]:
    return {**TIME_CONTROLS[name], **changes}


async def declaring(path: Path, clock: StepClock, preset: str, seconds: float) -> tuple[Any, Any, Any, int, Any]:
    """A table of ``preset`` whose human (seat 0) is to speak in the first hand's declaring window (120 s long),
    ``seconds`` after the window opened: (service, db, presenter, table id, table)."""
    service, db, presenter = await make_service(path, clock=clock)
    tid = await human_table(service, **sheet(preset, declare_window=120, ai_declare_wait=0))
    table = service.session(tid).table
    assert table is not None
    await until(service, tid, lambda: table.phase is Phase.DECLARING)
    assert 0 in table.to_act() and table.hand.first_hand
    clock.advance(seconds)
    while await service.run_until_idle(1):
        pass
    return service, db, presenter, tid, table


async def test_a_seat_that_does_not_declare_is_reminded_then_passes(tmp_path: Path) -> None:
    clock = StepClock()
    service, db, presenter, tid, table = await declaring(tmp_path / "t.db", clock, "sheet90", 15)  # half-way
    reminders = [a for a in presenter.announcements(tid) if a.key.startswith("announce.reminder_declare")]
    assert [(a.key, a.seat, a.params["seconds"]) for a in reminders] == [("announce.reminder_declare_none", 0, 15)]
    assert table.phase is Phase.DECLARING and 0 in table.to_act()  # told before it applies
    clock.advance(15)
    while await service.run_until_idle(1):
        pass
    assert Pass(seat=0) in table.actions  # the seat passed by itself, within the 120 s window
    assert "tournament.declare_passed_none" in presenter.keys(tid)
    assert not any(isinstance(a, Penalize) for a in table.actions)  # no dealer yet in the first hand: no points
    assert not service.record(tid).seats[0].away  # a pass, not 托管
    await service.close()
    await db.close()


async def test_once_the_hand_has_a_dealer_the_clock_costs_the_sheets_points(tmp_path: Path) -> None:
    """Second hand (the dealer known): the reminder names the cost, then 20 points go to the other side and the
    seat passes — the sheet's 超时 penalty, committed like a move."""
    clock = StepClock()
    service, db, presenter = await make_service(tmp_path / "t.db", clock=clock)
    tid = await human_table(service, end_level="A", **sheet("sheet90", declare_window=120, ai_declare_wait=0))
    table = service.session(tid).table
    assert table is not None

    def second_window() -> bool:
        return table.phase is Phase.DECLARING and not table.hand.first_hand and 0 in table.to_act()

    for _ in range(20000):  # the first hand played by the human's suggested moves, the clock stepping meanwhile
        if second_window():
            break
        if await service.run_until_idle(1):
            continue
        if human_to_act(service, tid):
            await play_human(service, tid)
        else:
            clock.advance(1)
    assert second_window() and table.hand.dealer is not None
    before = len(table.actions)
    clock.advance(15)
    while await service.run_until_idle(1):
        pass
    reminders = [a for a in presenter.announcements(tid) if a.key == "announce.reminder_declare_points"]
    assert [(a.seat, a.params["points"]) for a in reminders] == [(0, 20)]  # told before it applies
    assert not any(isinstance(a, Penalize) for a in table.actions[before:])
    clock.advance(15)
    while await service.run_until_idle(1):
        pass
    later = table.actions[before:]
    penalty = next(i for i, a in enumerate(later) if isinstance(a, Penalize))
    assert later[penalty] == Penalize(team=0, points=20, reason="timeout")
    assert Pass(seat=0) in later[penalty:]
    assert "tournament.declare_passed_points" in presenter.keys(tid)
    await service.close()
    await db.close()


async def test_the_clock_survives_a_restart(tmp_path: Path) -> None:
    clock = StepClock()
    service, db, _, tid, table = await declaring(tmp_path / "t.db", clock, "online", 20)
    await service.close()
    await db.close()
    service, db, _ = await make_service(tmp_path / "t.db", clock=clock)
    await service.restore_all()
    clock.advance(10)  # 30 s after the window opened, not 30 s after the restart
    while await service.run_until_idle(1):
        pass
    table = service.session(tid).table
    assert table is not None and Pass(seat=0) in table.actions
    await service.close()
    await db.close()


def record(options: TableOptions) -> TableRecord:
    from engine.rules import Rules

    return TableRecord(table_id=1, guild_id=1, channel_id=1, host_id=1, rules=Rules.from_preset("standard"),
                       status=Status.PLAYING, options=options)


def test_the_seat_clock_is_keyed_by_hand_so_declarations_do_not_restart_it() -> None:
    from engine.actions import DealAll
    from engine.rules import Rules
    from engine.table import Table

    table = Table.new(Rules.from_preset("standard"), 11)
    table.apply(DealAll())
    options = TableOptions.from_json(sheet("sheet60"))
    first = declare_timer(options, table, 0, now=100.0)
    later = declare_timer(options, table, 0, now=107.0)
    assert first is not None and later is not None
    assert isinstance(first.spec, DeclareClockTimer) and first.spec.key == later.spec.key  # the due time is kept
    assert first.due_at == 100.0 + 20 - 10 and first.spec.before == 10
    assert decode(first.spec.kind, first.spec.to_json()) == first.spec  # its stored form reads back the same
    assert declare_timer(TableOptions(), table, 0, now=0.0) is None  # no time control: the window only
    assert time_control_of(options) == "sheet60"


def test_the_lobby_states_the_declaring_clock_and_its_cost() -> None:
    for name, text in (("online", "30 s per seat, then the seat passes."),
                       ("sheet90", "also 20 points to the other side")):
        lines = procedure_lines(record(TableOptions.from_json(sheet(name))), "en")
        assert any(text in line for line in lines), lines
        zh = procedure_lines(record(TableOptions.from_json(sheet(name))), "zh-CN")
        assert any("亮主/反主" in line for line in zh)
    assert procedure_lines(record(TableOptions()), "en") == []
