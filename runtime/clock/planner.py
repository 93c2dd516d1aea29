"""Which timers a table needs now (pure): the scheduler's to-do list after every change.

- dealing: ``deal`` (live: one card after ``deal_delay``; async: everything at once);
- declaration window: an ``ai`` timer per autopilot seat still to speak, and ``close`` at the
  window's deadline (the engine closes it by itself once all four passed); in the first hand an
  autopilot seat's timer waits ``ai_declare_wait`` while a human may still declare (``ai_waits_to_declare``);
- burying / 炒地皮 / playing: the seat to act gets ``ai`` (AI seat or 托管), ``auto`` (a queued play,
  or a forced move when the table option is on) or ``turn`` (reminder, then the 托管 timeout);
- a settled hand: ``next`` (start the next hand after a pause), or ``stop`` when a ``timed`` match is
  past its time (``TableOptions.match_time``); match over: nothing.

Every timer has a ``key``; re-planning keeps a stored timer with the same key (and its due time).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

from data.database import Database
from data.records import Mode, Status, TableOptions, TableRecord
from engine.bids import SwapStage
from engine.cards import Card
from engine.table import Table
from engine.views import Phase
from runtime import procedures
from runtime.clock.timers import (
    AiTimer,
    AiWaitTimer,
    AutoTimer,
    CloseTimer,
    DealTimer,
    DeclareClockTimer,
    NextTimer,
    NoticeTimer,
    ReminderTimer,
    StopTimer,
    TimeCallTimer,
    TimeoutTimer,
    TimerSpec,
    decode,
    store,
)
from runtime.procedures import turn_clock
from runtime.views.cache import forced_play, public_view

log = logging.getLogger(__name__)
CLOCK_KINDS = (ReminderTimer.kind, CloseTimer.kind)  # a turn's clock (its reminder or timeout), the window



@dataclass(frozen=True)
class PlannedTimer:
    """A timer to store: its kind's data (``runtime.clock.timers``) and when it falls due."""

    spec: TimerSpec
    due_at: float

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def key(self) -> str:
        return self.spec.key


def is_forced(table: Table, seat: int) -> bool:
    """Exactly one legal play (e.g. the last card, or a follow the rules fully determine)."""
    return forced_play(table, seat) is not None  # listed once per version, shared with ``turns._forced``


def ai_waits_to_declare(rec: TableRecord, table: Table) -> bool:
    """Fair declaring (抢庄) in the first hand: AI seats (and seats under 托管) hold back while a human seat may
    still declare — until every human passed, or ``TableOptions.ai_declare_wait`` seconds passed (the timer's
    due time, kept while its key stays the same)."""
    if rec.options.ai_declare_wait <= 0 or not table.hand.first_hand:
        return False
    to_act = table.to_act() if table.phase is Phase.DECLARING else range(len(rec.seats))
    return any(s is not None and not s.autopilot and i in to_act for i, s in enumerate(rec.seats))


def turn_timer(seat: int, version: int, now: float, timeout: float, remind_before: float) -> PlannedTimer:
    """The first stage of a human's turn clock: a reminder if one is due before the timeout."""
    if 0 < remind_before < timeout:
        return PlannedTimer(ReminderTimer(version, seat, remind_before), now + timeout - remind_before)
    return PlannedTimer(TimeoutTimer(version, seat), now + timeout)


def window_mark(table: Table) -> str:
    """A declaration window's mark in its timer: ``""``, or ``":swapN"`` in the 换庄 second window, where each
    of its seats in turn has a whole window (``N`` seats still to be asked)."""
    bids = table.hand.bids
    return f":swap{len(bids.queue)}" if bids.swap_stage is SwapStage.OTHER else ""


def declare_timer(options: TableOptions, table: Table, seat: int, now: float) -> PlannedTimer | None:
    """A human seat's own clock in the declaring window (``declare_time``; not the 换庄 second window, which asks
    one seat at a time): keyed by hand, so the others' declarations do not restart it; reminded half-way (or
    ``reminder_before`` ahead), then the seat passes (``turns.on_declare_clock``)."""
    if options.declare_time <= 0 or window_mark(table):
        return None
    h = table.hand
    before = min(options.reminder_before, options.declare_time / 2)
    spec = DeclareClockTimer(table.version, seat, h.number, h.redeals, before)
    return PlannedTimer(spec, now + options.declare_time - before)


def timed_timers(rec: TableRecord, now: float) -> list[PlannedTimer]:
    """A timed match's notice before time (the 55-minute notice) and, with one more hand, its time call."""
    limit = rec.time_limit()
    if limit is None:
        return []
    out = []
    if rec.options.time_notice > 0 and procedures.NOTICED not in rec.meta:  # kept until it was given
        out.append(PlannedTimer(NoticeTimer(), limit - rec.options.time_notice))
    if rec.options.one_more_hand and procedures.TIME_HAND not in rec.meta:
        out.append(PlannedTimer(TimeCallTimer(), limit))
    return out


def after_hand(rec: TableRecord, table: Table, now: float) -> list[PlannedTimer]:
    """A settled hand: the next one after a pause, or past the time limit what the procedures say."""
    v = table.version
    limit = rec.time_limit()
    step = procedures.after_time(rec, table) if limit is not None and now >= limit else "next"
    if step == "stop":
        return [PlannedTimer(StopTimer(v), now)]
    if step == "call":  # the time call (timed_timers) records the hand first
        return []
    return [PlannedTimer(NextTimer(v, extra=step == "extra"), now + rec.options.next_hand_delay)]


def plan(rec: TableRecord, table: Table, now: float,
         queued: Mapping[int, tuple[Card, ...]] | None = None) -> list[PlannedTimer]:
    """The timers ``rec``/``table`` need at time ``now``."""
    if rec.status is not Status.PLAYING or table.phase is Phase.MATCH_OVER:
        return []
    return plan_moves(rec, table, now, queued) + timed_timers(rec, now)


def plan_moves(rec: TableRecord, table: Table, now: float,
               queued: Mapping[int, tuple[Card, ...]] | None = None) -> list[PlannedTimer]:
    """The timers of the table's moves (dealing, declaring, turns, the next hand)."""
    v, o, phase = table.version, rec.options, table.phase
    if phase is Phase.HAND_OVER:
        return after_hand(rec, table, now)
    if phase is Phase.DEALING:
        return [PlannedTimer(DealTimer(v), now + (o.deal_delay if rec.mode is Mode.LIVE else 0.0))]
    out: list[PlannedTimer] = []
    if phase is Phase.DECLARING:
        h = table.hand  # 换庄: the second window has its own deadline
        out.append(PlannedTimer(CloseTimer(v, h.number, h.redeals, window_mark(table)), now + o.declare_window))
    waiting = phase is Phase.DECLARING and ai_waits_to_declare(rec, table)
    for seat in public_view(table).to_act:  # the shared view of this version (runtime.views.cache)
        timer = seat_timer(rec, table, seat, now, waiting, queued or {})
        if timer is not None:
            out.append(timer)
    return out


def seat_timer(rec: TableRecord, table: Table, seat: int, now: float, waiting: bool,
               queued: Mapping[int, tuple[Card, ...]]) -> PlannedTimer | None:
    """The timer of ``seat`` to act: its AI (or its first-hand declaring wait), a queued or forced play, or the
    human's turn clock; ``None`` for an empty seat, or a human in the declaration window without a declaring clock."""
    v, o, phase, occupant = table.version, rec.options, table.phase, rec.seats[seat]
    if occupant is None:
        return None
    if occupant.autopilot and waiting:
        h = table.hand
        return PlannedTimer(AiWaitTimer(v, seat, h.number, h.redeals), now + o.ai_declare_wait)
    if occupant.autopilot:
        return PlannedTimer(AiTimer(v, seat), now + o.ai_delay)
    if phase is Phase.DECLARING:  # humans speak within the window (``close`` ends it), on their own clock
        return declare_timer(o, table, seat, now)
    if phase is Phase.PLAYING and seat in queued:
        return PlannedTimer(AutoTimer(v, seat, queued=True), now)
    if o.autoplays_forced(rec.mode) and is_forced(table, seat):
        return PlannedTimer(AutoTimer(v, seat), now + o.ai_delay)
    return turn_timer(seat, v, now, *turn_clock(o, table, seat))  # the phase's clock


CLOCK_KIND = ReminderTimer.kind  # a human's clock: its reminder, its timeout, the declaring window's own clock
RESTART_GRACE = 30.0  # seconds a clock not held at the stop (a kill) still has after the start, at least
LEFT = "left"  # a clock timer's payload: the seconds it had left when the bot stopped (``hold_clocks``)


async def hold_clocks(db: Database, now: float) -> int:
    """The bot stops (``GameService.close``): each human's running clock (this process's timers of kind ``turn``)
    keeps in its payload the seconds it has left, for ``resume_clocks``. How many."""
    held = 0
    for timer in await db.timers_of_kind(CLOCK_KIND):
        held += await db.update_timer(timer.id, timer.due_at, {**timer.payload, LEFT: max(0.0, timer.due_at - now)})
    return held


async def resume_clocks(db: Database, table_id: int, now: float) -> int:
    """After the bot was away, the humans' clocks of ``table_id`` (kind ``turn``) go on from ``now``, and the time
    the bot was down is never charged to a player (no 超时 penalty and no 托管 for it): a clock the bot held when
    it stopped resumes with exactly what it had left; one it could not hold (the bot was killed, or a version
    before this one stopped it: when it went down is unknown) keeps its deadline but never ends sooner than
    ``RESTART_GRACE`` after the start. The declaration window's own deadline (``close``) and the AI's timers are
    kept. How many clocks were moved."""
    moved = 0
    for timer in await db.table_timers(table_id, CLOCK_KIND):
        left = timer.payload.get(LEFT)
        payload = {k: v for k, v in timer.payload.items() if k != LEFT}
        due = now + float(left) if isinstance(left, (int, float)) else max(timer.due_at, now + RESTART_GRACE)
        if due != timer.due_at or payload != timer.payload:
            moved += await db.update_timer(timer.id, due, payload)
            if not isinstance(left, (int, float)):
                log.info("table %d: a turn clock not held at the stop gets %.0f s from the start", table_id,
                         RESTART_GRACE)
    return moved


async def sync_timers(db: Database, table_id: int, wanted: list[PlannedTimer]) -> list[tuple[TimerSpec, float]]:
    """Make the table's stored timers exactly ``wanted``. A stored timer with the same ``key`` is kept
    with its stored due time (so deadlines survive re-planning and restarts). The timers now in force, with
    their due times."""
    stored = await db.table_timers(table_id)
    keys = {t.key for t in wanted}
    have: dict[str, tuple[TimerSpec, float]] = {}
    for timer in stored:
        spec = decode(timer.kind, timer.payload)
        key = None if spec is None else spec.key
        if spec is not None and key in keys and key not in have:
            have[spec.key] = (spec, timer.due_at)
        else:
            await db.delete_timer(timer.id)
    for t in wanted:
        if t.key not in have:
            await store(db, table_id, t.due_at, t.spec)
            have[t.key] = (t.spec, t.due_at)
    return list(have.values())


async def stored_timers(db: Database, table_id: int) -> list[tuple[TimerSpec, float]]:
    """The table's stored timers with their due times (rows of an unknown kind left out)."""
    out = []
    for timer in await db.table_timers(table_id):
        spec = decode(timer.kind, timer.payload)
        if spec is not None:
            out.append((spec, timer.due_at))
    return out


def clock_deadline(rec: TableRecord, timers: list[tuple[TimerSpec, float]]) -> float | None:
    """When the current turn's clock runs out (its 托管 timeout), or the declaration window closes, by the
    table's timers in force; ``None`` without such a clock."""
    default = rec.options.reminder_before
    ends = [due + spec.lead(default) for spec, due in timers if spec.kind in CLOCK_KINDS]
    return min(ends) if ends else None
