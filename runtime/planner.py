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
from dataclasses import dataclass, field
from typing import Any

from data.database import Database
from data.records import Mode, Status, TableOptions, TableRecord
from engine.cards import Card
from engine.table import Table
from engine.views import Phase
from runtime import procedures
from runtime.procedures import turn_clock
from runtime.viewcache import forced_play, public_view

log = logging.getLogger(__name__)

DEAL, AI, AUTO, TURN, CLOSE, NEXT, STOP = "deal", "ai", "auto", "turn", "close", "next", "stop"
NOTICE, TIME = procedures.NOTICE, procedures.TIME


@dataclass(frozen=True)
class PlannedTimer:
    """A timer to store: ``payload`` always has ``version`` (the table version it was planned at)."""

    kind: str
    key: str
    due_at: float
    payload: dict[str, Any] = field(default_factory=dict)


def is_forced(table: Table, seat: int) -> bool:
    """Exactly one legal play (e.g. the last card, or a follow the rules fully determine)."""
    return forced_play(table, seat) is not None  # listed once per version, shared with ``turns._auto``


def ai_waits_to_declare(rec: TableRecord, table: Table) -> bool:
    """Fair declaring (抢庄) in the first hand: AI seats (and seats under 托管) hold back while a human seat may
    still declare — until every human passed, or ``TableOptions.ai_declare_wait`` seconds passed (the timer's
    due time, kept while its key stays the same)."""
    if rec.options.ai_declare_wait <= 0 or not table.hand.first_hand:
        return False
    to_act = table.to_act() if table.phase is Phase.DECLARING else (0, 1, 2, 3)
    return any(s is not None and not s.autopilot and i in to_act for i, s in enumerate(rec.seats))


def turn_timer(seat: int, version: int, now: float, timeout: float, remind_before: float) -> PlannedTimer:
    """The first stage of a human's turn clock: a reminder if one is due before the timeout."""
    if 0 < remind_before < timeout:
        return PlannedTimer(TURN, f"turn:{seat}:{version}", now + timeout - remind_before,
                            {"version": version, "seat": seat, "stage": "remind", "before": remind_before})
    return PlannedTimer(TURN, f"turn:{seat}:{version}", now + timeout,
                        {"version": version, "seat": seat, "stage": "timeout"})


def window_mark(table: Table) -> str:
    """A declaration window's mark in its timer: ``""``, or ``":swapN"`` in the 换庄 second window, where each
    of its seats in turn has a whole window (``N`` seats still to be asked)."""
    h = table.hand
    return f":swap{len(h.overcall_queue)}" if h.swap_stage == "other" else ""


def declare_timers(options: TableOptions, table: Table, seat: int, now: float) -> list[PlannedTimer]:
    """A human seat's own clock in the declaring window (``declare_time``; not the 换庄 second window, which asks
    one seat at a time): keyed by hand, so the others' declarations do not restart it; reminded half-way (or
    ``reminder_before`` ahead), then the seat passes (``turns``)."""
    if options.declare_time <= 0 or window_mark(table):
        return []
    h = table.hand
    before = min(options.reminder_before, options.declare_time / 2)
    return [PlannedTimer(TURN, f"declare:{seat}:{h.number}:{h.redeals}", now + options.declare_time - before,
                         {"version": table.version, "seat": seat, "hand": h.number, "redeals": h.redeals,
                          "declare": True, "stage": "remind", "before": before})]


def timed_timers(rec: TableRecord, now: float) -> list[PlannedTimer]:
    """A timed match's notice before time (the 55-minute notice) and, with one more hand, its time call."""
    limit = rec.time_limit()
    if limit is None:
        return []
    out = []
    if rec.options.time_notice > 0 and procedures.NOTICED not in rec.meta:  # kept until it was given
        out.append(PlannedTimer(NOTICE, "notice", limit - rec.options.time_notice, {}))
    if rec.options.one_more_hand and procedures.TIME_HAND not in rec.meta:
        out.append(PlannedTimer(TIME, "time", limit, {}))
    return out


def after_hand(rec: TableRecord, table: Table, now: float) -> list[PlannedTimer]:
    """A settled hand: the next one after a pause, or past the time limit what the procedures say."""
    v = table.version
    limit = rec.time_limit()
    step = procedures.after_time(rec, table) if limit is not None and now >= limit else "next"
    if step == "stop":
        return [PlannedTimer(STOP, f"stop:{v}", now, {"version": v})]
    if step == "call":  # the time call (timed_timers) records the hand first
        return []
    return [PlannedTimer(NEXT, f"next:{v}", now + rec.options.next_hand_delay,
                         {"version": v, "extra": True} if step == "extra" else {"version": v})]


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
    queued = queued or {}
    if phase is Phase.HAND_OVER:
        return after_hand(rec, table, now)
    if phase is Phase.DEALING:
        delay = o.deal_delay if rec.mode is Mode.LIVE else 0.0
        return [PlannedTimer(DEAL, f"deal:{v}", now + delay, {"version": v})]
    out: list[PlannedTimer] = []
    if phase is Phase.DECLARING:
        h = table.hand
        window = window_mark(table)  # 换庄: the second window has its own deadline
        out.append(PlannedTimer(CLOSE, f"close:{h.number}:{h.redeals}{window}", now + o.declare_window,
                                {"version": v, "hand": h.number, "redeals": h.redeals, "window": window}))
    waiting = phase is Phase.DECLARING and ai_waits_to_declare(rec, table)
    for seat in public_view(table).to_act:  # the shared view of this version (runtime.viewcache)
        occupant = rec.seats[seat]
        if occupant is None:
            continue
        if occupant.autopilot and waiting:
            h = table.hand
            out.append(PlannedTimer(AI, f"aiwait:{seat}:{h.number}:{h.redeals}", now + o.ai_declare_wait,
                                    {"version": v, "seat": seat, "hand": h.number, "redeals": h.redeals,
                                     "wait": True}))
        elif occupant.autopilot:
            out.append(PlannedTimer(AI, f"ai:{seat}:{v}", now + o.ai_delay, {"version": v, "seat": seat}))
        elif phase is Phase.DECLARING:  # humans speak within the window (``close`` ends it), on their own clock
            out += declare_timers(o, table, seat, now)
        elif phase is Phase.PLAYING and seat in queued:
            out.append(PlannedTimer(AUTO, f"auto:{seat}:{v}", now, {"version": v, "seat": seat, "why": "queued"}))
        elif o.autoplays_forced(rec.mode) and is_forced(table, seat):
            out.append(PlannedTimer(AUTO, f"auto:{seat}:{v}", now + o.ai_delay,
                                    {"version": v, "seat": seat, "why": "forced"}))
        else:
            out.append(turn_timer(seat, v, now, *turn_clock(o, table, seat)))  # the phase's clock
    return out


async def sync_timers(db: Database, table_id: int, wanted: list[PlannedTimer]) -> None:
    """Make the table's stored timers exactly ``wanted``. A stored timer with the same ``key`` is kept
    with its stored due time (so deadlines survive re-planning and restarts)."""
    stored = await db.table_timers(table_id)
    keys = {t.key for t in wanted}
    have: set[str] = set()
    for timer in stored:
        key = timer.payload.get("key")
        if key in keys and key not in have:
            have.add(key)
        else:
            await db.delete_timer(timer.id)
    for t in wanted:
        if t.key not in have:
            await db.add_timer(t.kind, table_id, t.due_at, {"key": t.key, **t.payload})
