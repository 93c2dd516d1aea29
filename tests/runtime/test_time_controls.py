"""Time controls per phase (runtime.procedures): the phase's clock replaces the turn timeout, the reminder says
what the timeout will cost, the 超时 penalty is committed like a move (restored after a restart), then 托管."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.records import TableOptions
from engine.actions import AwardHand, Penalize
from engine.views import Phase
from runtime.errors import NotAllowed
from runtime.procedures import TIME_CONTROLS, phase_limit, time_control_of, with_time_control
from tests.helpers.runtime_support import HUMAN, StepClock, human_table, make_service, until


def sheet(name: str, **changes: object) -> dict[str, object]:
    """The table option changes of a time-control preset."""
    return {**TIME_CONTROLS[name], **changes}


async def _to_lead(service, tid):  # type: ignore[no-untyped-def]
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act() and not table.hand.trick)
    return table


async def test_sheet90_penalizes_twenty_points_after_a_told_reminder(tmp_path: Path) -> None:
    clock = StepClock()
    service, db, presenter = await make_service(tmp_path / "t.db", clock=clock)
    tid = await human_table(service, **sheet("sheet90"))
    table = await _to_lead(service, tid)
    rec = service.record(tid)
    assert phase_limit(rec.options, table, 0) == 30  # 出牌时间为30秒, not the table's 100 s turn timeout
    before, dealer_team = table.hand.defender_points, table.hand.dealer % 2
    clock.advance(15)  # half-way: the reminder says what the timeout costs
    await service.run_until_idle(1)
    reminder = presenter.announcements(tid)[-1]
    assert reminder.key == "announce.reminder_points" and reminder.params["points"] == 20
    assert table.sanctions == []
    clock.advance(15)
    await service.run_until_idle(1)
    assert table.actions[-1] == Penalize(team=0, points=20, reason="timeout")
    expected = before + 20 if dealer_team == 0 else before - 20
    assert table.hand.defender_points == expected
    assert "announce.penalty_timeout" in presenter.keys(tid)
    assert service.record(tid).seats[0].away  # then 托管, as on every table
    await service.close()
    await db.close()
    service2, db2, _ = await make_service(tmp_path / "t.db", clock=clock)  # a restart restores it exactly
    await service2.restore_all()
    restored = service2.session(tid).table
    assert restored.sanctions == table.sanctions and restored.hand.defender_points == expected
    await service2.close()
    await db2.close()


async def test_sheet60_warns_once_then_penalizes() -> None:
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    tid = await human_table(service, **sheet("sheet60"))
    table = await _to_lead(service, tid)
    clock.advance(10)
    await service.run_until_idle(1)
    assert presenter.announcements(tid)[-1].key == "announce.reminder_warning"
    clock.advance(10)
    await service.run_until_idle(1)
    assert table.actions[-1] == Penalize(team=0, points=0, reason="timeout")
    assert "announce.warning_timeout" in presenter.keys(tid)
    await service.take_back(tid, HUMAN)
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    limit = phase_limit(service.record(tid).options, table, 0)
    assert limit == (20 if not table.hand.trick else 10)  # 领出20秒，跟牌10秒
    clock.advance(limit)
    await service.run_until_idle(2)
    assert Penalize(team=0, points=10, reason="timeout") in table.actions
    await db.close()


async def test_strict15_loses_the_hand() -> None:
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    tid = await human_table(service, **sheet("strict15"))
    table = await _to_lead(service, tid)
    hand = table.hand.number
    clock.advance(15)
    await service.run_until_idle(2)
    assert table.actions[-1] == AwardHand(team=1, reason="timeout")
    assert table.results[-1].hand_number == hand
    assert "announce.hand_awarded_timeout" in presenter.keys(tid)
    await db.close()


async def test_no_time_control_keeps_the_turn_timeout_and_plain_托管() -> None:
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    tid = await human_table(service)
    table = await _to_lead(service, tid)
    assert phase_limit(service.record(tid).options, table, 0) == 100
    clock.advance(100)
    await service.run_until_idle(2)
    assert table.sanctions == [] and service.record(tid).seats[0].away
    assert "announce.reminder" in presenter.keys(tid)
    await db.close()


def test_presets_are_named_back_and_unknown_ones_refused() -> None:
    for name in TIME_CONTROLS:
        assert time_control_of(with_time_control(TableOptions(), name)) == name
    with pytest.raises(NotAllowed) as info:
        with_time_control(TableOptions(), "blitz")
    assert info.value.key == "procedures.bad_time_control"
