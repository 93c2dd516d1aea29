"""Typed timers (``runtime.clock.timers``): every kind's JSON form round-trips, the payloads stored before the kinds
were typed decode to the same timers, and such rows, left in a database by an older version, still load, keep
their deadlines and fire after the upgrade (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data import Database
from data.timers import Timer
from engine.table import Table
from engine.tournament import Format
from engine.tournament import Status as TStatus
from engine.views import Phase
from runtime.clock.planner import RESTART_GRACE
from runtime.clock.registry import TimerRegistry
from runtime.clock.timers import (
    DECODERS,
    AiTimer,
    AiWaitTimer,
    AutoTimer,
    CloseTimer,
    DeadlineTimer,
    DealTimer,
    NextTimer,
    NoShowTimer,
    NoticeTimer,
    ReminderTimer,
    StopTimer,
    TimeCallTimer,
    TimeoutTimer,
    TimerSpec,
    decode,
)
from tests.helpers.runtime_support import REMIND, TIMEOUT, WINDOW, StepClock, human_table, make_service, until
from tests.tournaments.test_service import ORG, make, signed_up

ints = st.integers(min_value=0, max_value=10**6)
seats = st.integers(min_value=0, max_value=3)
specs: st.SearchStrategy[TimerSpec] = st.one_of(
    st.builds(DealTimer, ints),
    st.builds(CloseTimer, ints, ints, ints, st.sampled_from(["", ":swap1", ":swap2", ":swap3"])),
    st.builds(AiTimer, ints, seats),
    st.builds(AiWaitTimer, ints, seats, ints, ints),
    st.builds(AutoTimer, ints, seats, st.booleans()),
    st.builds(ReminderTimer, ints, seats, st.none() | st.floats(min_value=0.5, max_value=600, allow_nan=False)),
    st.builds(TimeoutTimer, ints, seats),
    st.builds(NextTimer, ints, st.booleans()),
    st.builds(StopTimer, ints),
    st.just(NoticeTimer()),
    st.just(TimeCallTimer()),
    st.builds(DeadlineTimer, ints, ints),
    st.builds(NoShowTimer, ints, st.text(min_size=1, max_size=12), ints),
)


@given(specs)
def test_every_kind_round_trips_through_its_stored_json(spec: TimerSpec) -> None:
    stored = json.loads(json.dumps(spec.to_json()))  # as the ``payload`` column holds it
    assert decode(spec.kind, stored) == spec
    assert spec.kind in DECODERS
    if "key" in stored:  # a table timer: re-planning matches it by its key
        assert stored["key"] == spec.key


# Exactly as the planner, the turn clock and the tournament services wrote them before the kinds were typed
# (including the oldest forms: no ``window``, no ``before``, no ``why``).
OLD_PAYLOADS: list[tuple[str, dict[str, Any], TimerSpec]] = [
    ("deal", {"key": "deal:4", "version": 4}, DealTimer(4)),
    ("close", {"key": "close:2:1", "version": 9, "hand": 2, "redeals": 1, "window": ""}, CloseTimer(9, 2, 1)),
    ("close", {"key": "close:2:0:swap2", "version": 9, "hand": 2, "redeals": 0, "window": ":swap2"},
     CloseTimer(9, 2, 0, ":swap2")),
    ("close", {"key": "close:1:0", "version": 3, "hand": 1, "redeals": 0}, CloseTimer(3, 1, 0)),
    ("ai", {"key": "ai:2:17", "version": 17, "seat": 2}, AiTimer(17, 2)),
    ("ai", {"key": "aiwait:3:1:0", "version": 5, "seat": 3, "hand": 1, "redeals": 0, "wait": True},
     AiWaitTimer(5, 3, 1, 0)),
    ("auto", {"key": "auto:0:30", "version": 30, "seat": 0, "why": "queued"}, AutoTimer(30, 0, queued=True)),
    ("auto", {"key": "auto:0:30", "version": 30, "seat": 0, "why": "forced"}, AutoTimer(30, 0)),
    ("auto", {"key": "auto:1:30", "version": 30, "seat": 1}, AutoTimer(30, 1)),
    ("turn", {"key": "turn:0:8", "version": 8, "seat": 0, "stage": "remind", "before": 30.0},
     ReminderTimer(8, 0, 30.0)),
    ("turn", {"key": "turn:0:8", "version": 8, "seat": 0, "stage": "remind"}, ReminderTimer(8, 0)),
    ("turn", {"key": "turn:0:8", "version": 8, "seat": 0, "stage": "timeout", "before": 30.0}, TimeoutTimer(8, 0)),
    ("turn", {"key": "turn:0:8", "version": 8, "seat": 0, "stage": "timeout"}, TimeoutTimer(8, 0)),
    ("next", {"key": "next:40", "version": 40}, NextTimer(40)),
    ("next", {"key": "next:40", "version": 40, "extra": True}, NextTimer(40, extra=True)),
    ("stop", {"key": "stop:41", "version": 41}, StopTimer(41)),
    ("notice", {"key": "notice"}, NoticeTimer()),
    ("time", {"key": "time"}, TimeCallTimer()),
    ("tournament_deadline", {"tournament": 4, "round": 2}, DeadlineTimer(4, 2)),
    ("tournament_no_show", {"tournament": 4, "match": "r1m2", "table": 77}, NoShowTimer(4, "r1m2", 77)),
]


@pytest.mark.parametrize(("kind", "payload", "spec"), OLD_PAYLOADS)
def test_payloads_stored_before_the_upgrade_decode(kind: str, payload: dict[str, Any], spec: TimerSpec) -> None:
    assert decode(kind, payload) == spec
    assert spec.kind == kind
    if "key" in payload:
        assert spec.key == payload["key"]


def test_the_stored_form_is_unchanged() -> None:
    """What is written now is what the older code wrote (a rollback still reads it)."""
    for kind, payload, spec in OLD_PAYLOADS:
        if set(spec.to_json()) == set(payload):
            assert (kind, spec.to_json()) == (kind, payload)


async def test_an_unknown_or_malformed_timer_is_dropped_with_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    fired: list[TimerSpec] = []

    async def handle(spec: DealTimer, timer: Timer) -> None:
        fired.append(spec)

    registry = TimerRegistry()
    registry.register(DealTimer, handle)
    with caplog.at_level(logging.WARNING, logger="runtime.clock.timers"):
        await registry.fire(Timer(1, "sweep", None, 0.0, {}))
        await registry.fire(Timer(2, "deal", 5, 0.0, {"key": "deal:x"}))  # no version
        await registry.fire(Timer(3, "ai", 5, 0.0, {"version": 1, "seat": 2}))  # no handler registered
        await registry.fire(Timer(4, "deal", 5, 0.0, {"key": "deal:3", "version": 3}))
    assert fired == [DealTimer(3)]
    assert sum("dropped" in r.getMessage() for r in caplog.records) == 3


async def _stored(db: Any, tid: int) -> list[tuple[str, float, dict[str, Any]]]:
    return [(t.kind, t.due_at, t.payload) for t in await db.table_timers(tid)]


async def _stopped_at(db_target: str, clock: StepClock, seed: int, when: Callable[[Table], bool]) -> tuple[int, Table]:
    """A table played (the human's suggested moves) until ``when(table)``; then the service is stopped and its
    table's timers removed (the test stores old rows in their place and reopens the service)."""
    service, db, _ = await make_service(db_target, clock)
    tid = await human_table(service, seed=seed)
    table = service.session(tid).table
    assert table is not None
    await until(service, tid, lambda: when(table))
    await service.close()
    await db.cancel_timers(tid)
    await db.close()
    return tid, table


async def _with_rows(db_target: str, rows: list[tuple[str, int, float, dict[str, Any]]]) -> None:
    db = await Database.open(db_target)
    for kind, tid, due, payload in rows:
        await db.add_timer(kind, tid, due, payload)
    await db.close()


async def test_a_turn_clock_stored_in_the_old_form_survives_the_upgrade(db_target: str) -> None:
    """A reminder row of the oldest form (no ``before``): kept by the re-planning at start-up (same key, same due
    time), it reminds, stores the timeout, and the timeout puts the seat under 托管."""
    clock = StepClock()
    tid, table = await _stopped_at(db_target, clock, 21, lambda t: t.phase is Phase.PLAYING and 0 in t.to_act())
    version = table.version
    due = clock() + RESTART_GRACE + 7.25  # not the planner's due time: only a kept row has it (and past the grace a
    # clock an older version never held gets at the start: runtime.clock.planner.resume_clocks)
    await _with_rows(db_target, [("turn", tid, due, {"key": f"turn:0:{version}", "version": version, "seat": 0,
                                                     "stage": "remind"})])

    service, db, presenter = await make_service(db_target, clock)
    assert await service.restore_all() == [tid]
    assert await _stored(db, tid) == [("turn", due, {"key": f"turn:0:{version}", "version": version, "seat": 0,
                                                     "stage": "remind"})]
    clock.advance(due - clock())
    assert await service.run_until_idle() == 1
    assert presenter.keys(tid)[-1] == "announce.reminder"
    assert await _stored(db, tid) == [("turn", due + REMIND, {"key": f"turn:0:{version}", "version": version,
                                                              "seat": 0, "stage": "timeout"})]
    clock.advance(REMIND)
    await service.run_until_idle(2)  # the timeout, then the AI's move for the absent player
    assert service.record(tid).seats[0].away and (await db.get_table(tid)).seats[0].away
    assert service.session(tid).table.version == version + 1 and service.session(tid).table.actions[-1].seat == 0
    await db.close()


async def test_a_declaration_window_stored_without_its_window_mark_closes(db_target: str) -> None:
    """A ``close`` row from before the 换庄 window mark existed (no ``window``) is kept at start-up (its due time,
    not the planner's) and closes the window."""
    clock = StepClock()
    tid, table = await _stopped_at(db_target, clock, 4, lambda t: t.phase is Phase.DECLARING and 0 in t.to_act())
    h = table.hand
    old = {"key": f"close:{h.number}:{h.redeals}", "version": table.version, "hand": h.number, "redeals": h.redeals}
    await _with_rows(db_target, [("close", tid, clock() + WINDOW - 11.5, old)])

    service, db, _ = await make_service(db_target, clock)
    await service.restore_all()
    restored = service.session(tid).table
    assert restored is not None
    table = restored
    await service.run_until_idle()  # the AI seats speak; the human does not
    assert table.phase is Phase.DECLARING and 0 in table.to_act()
    assert ("close", clock() + WINDOW - 11.5, old) in await _stored(db, tid)
    clock.advance(WINDOW - 11.5)
    await service.run_until_idle(1)
    assert table.actions[-1].kind == "close_declaring"
    await db.close()


async def test_a_tournament_deadline_stored_in_the_old_form_closes_its_round(db_target: str) -> None:
    clock = StepClock()
    service, db, _ = await make(db_target, clock, autopilot=False)
    t = await signed_up(service, 3, format=Format.SWISS, rounds=1, deadline_hours=1)
    await service.start(t.tournament_id, ORG)
    (stored,) = await db.tournament_timers(t.tournament_id)
    await db.delete_timer(stored["id"])
    await db.add_timer("tournament_deadline", None, stored["due_at"], {"tournament": t.tournament_id, "round": 1})
    await db.close()
    service, db, _ = await make(db_target, clock, autopilot=False)
    await service.game.restore_all()
    await service.restore()
    t = service.get(t.tournament_id)
    assert [x["payload"] for x in await db.tournament_timers(t.tournament_id)] == [
        {"tournament": t.tournament_id, "round": 1}]
    clock.advance(3601)
    await service.game.run_until_idle(5)
    assert t.status is TStatus.FINISHED
    await db.close()



async def test_the_web_page_shows_the_turn_clock_from_the_typed_timers() -> None:
    """The web table's deadline: the timeout of the human's turn clock (its reminder's due time plus the reminder
    lead, or the timeout itself), or the declaration window's close — carried by each update as the move armed it
    (armed first, then presented), and the same as stored for a page that opens later."""
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    tid = await human_table(service, seed=4)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.DECLARING and 0 in table.to_act())
    assert await service.deadline(tid) == clock() + WINDOW == presenter.updates[-1].deadline
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    start = clock()
    assert await service.deadline(tid) == start + TIMEOUT == presenter.updates[-1].deadline  # reminder: due + lead
    clock.advance(TIMEOUT - REMIND)
    await service.run_until_idle(1)  # the reminder: the timeout is stored
    assert await service.deadline(tid) == start + TIMEOUT == presenter.updates[-1].deadline
    await db.close()
