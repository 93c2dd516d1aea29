"""Fair declaring in the first hand (抢庄): AI seats wait until the human seats have passed, or until the table's
``ai_declare_wait`` has elapsed, before they declare (not 1.2 s after the deal, always becoming dealer)."""

from __future__ import annotations

from data.records import Mode, Seat, TableRecord
from engine.actions import Pass
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime.clock.planner import ai_waits_to_declare
from tests.helpers.runtime_support import HUMAN, StepClock, human_table, make_service, options

WAIT = 30.0


def _ai_moves(table, start: int) -> list:  # type: ignore[no-untyped-def]
    return [a for a in table.actions[start:] if getattr(a, "seat", None) in (1, 2, 3)]


async def test_ai_waits_for_the_human_to_pass() -> None:
    clock = StepClock()
    service, db, _presenter = await make_service(clock=clock)
    tid = await human_table(service, seed=3, ai_declare_wait=WAIT)
    table = service.session(tid).table
    await service.run_until_idle()
    assert table.phase is Phase.DECLARING and table.public_view().declaration is None
    start = len(table.actions)
    clock.advance(WAIT - 1)
    await service.run_until_idle()
    assert _ai_moves(table, start) == [] and set(table.to_act()) == {0, 1, 2, 3}  # nobody but the human spoke
    await service.act(tid, HUMAN, Pass())
    await service.run_until_idle()
    moved = _ai_moves(table, start)
    assert moved  # at once once the human passed (a declaration reopens the window for the human: AIs wait again)
    if all(type(a) is Pass for a in moved):
        assert {a.seat for a in moved} == {1, 2, 3}
    await db.close()


async def test_ai_declares_after_the_wait_without_the_human() -> None:
    clock = StepClock()
    service, db, _presenter = await make_service(clock=clock)
    tid = await human_table(service, seed=3, ai_declare_wait=WAIT)
    table = service.session(tid).table
    await service.run_until_idle()
    start = len(table.actions)
    clock.advance(WAIT)
    await service.run_until_idle()
    assert {a.seat for a in _ai_moves(table, start)} == {1, 2, 3}
    assert 0 in table.to_act() or table.phase is not Phase.DECLARING  # the human was not moved for
    await db.close()


async def test_no_wait_after_the_first_hand_or_with_the_option_off() -> None:
    clock = StepClock()
    service, db, _presenter = await make_service(clock=clock)
    tid = await human_table(service, seed=3, ai_declare_wait=0.0)
    table = service.session(tid).table
    await service.run_until_idle()
    assert _ai_moves(table, 0)  # the AI seats speak at once
    await db.close()


async def test_live_deal_ai_holds_back_in_the_first_hand() -> None:
    clock = StepClock()
    service, db, _presenter = await make_service(clock=clock)
    tid = await human_table(service, seed=3, mode=Mode.LIVE, ai_declare_wait=WAIT)
    table = service.session(tid).table
    await service.run_until_idle()
    assert table.phase is Phase.DECLARING  # the whole deal ran
    assert _ai_moves(table, 0) == []  # no AI declared while the cards were dealt
    await db.close()


def test_a_human_in_the_sixth_seat_is_waited_for_during_the_deal() -> None:
    rules = Rules.from_preset("standard", players=6, mode="friends")
    seats = tuple(Seat.human(HUMAN) if i == 5 else Seat.bot() for i in range(6))
    rec = TableRecord(table_id=1, guild_id=1, channel_id=2, host_id=HUMAN, rules=rules, seats=seats,
                      options=options(ai_declare_wait=WAIT))
    table = Table.new(rules, 1)
    assert table.phase is Phase.DEALING and ai_waits_to_declare(rec, table)
