"""What happens when a table's timer falls due (kinds in ``runtime.clock.timers``, planned by
``runtime.clock.planner``; each kind's handler in ``TABLE_TIMERS``).

- ``deal``: live mode deals one card (``DealCard``), then each autopilot seat may declare (decided without the
  table's lock too); async
  mode deals everything (``DealAll``) and the declaration window opens;
- ``close``: the declaration window's deadline (``CloseDeclaring``);
- ``ai``: an AI seat, or a human under 托管, acts (``engine.ai.choose_action`` in the service's AI process pool,
  or in a thread without one; decided without the table's lock, so a click is never kept waiting by an AI
  thinking, and dropped if the table moved on meanwhile: ``runtime.service.aiturns``); in the first hand's declaring an
  AI seat waits for the
  humans (``planner.ai_waits_to_declare``): not during a live deal, and in the window until the humans passed or
  its wait timer falls due;
- ``auto``: a queued play (dropped with a notice if no longer legal) or a forced move;
- ``turn``: first a reminder, then at the timeout the seat goes under 托管 and the AI plays for it (in the
  declaring window, a seat with a declaring clock passes instead);
- ``next``: the next hand starts (``StartHand``); ``stop``: a ``timed`` match's time is up (``StopMatch``);
- ``notice`` / ``time``: a timed match's notice before time, and its time call with one more hand.

A timer planned at another table version is stale and ignored (the table moved on).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Protocol

from data.database import Database
from data.records import Mode, Seat, Status
from data.timers import Timer
from engine.actions import (
    CloseDeclaring,
    DealAll,
    DealCard,
    Pass,
    Penalize,
    Play,
    SanctionReason,
    StartHand,
    StopMatch,
)
from engine.bids import SwapStage
from engine.errors import IllegalAction
from engine.views import Phase
from runtime.clock.planner import ai_waits_to_declare, window_mark
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
    store,
)
from runtime.presenter import Announcement, UpdateReason
from runtime.procedures import NOTICED, TIME_HAND, declare_cost, reminder_key, timeout_action
from runtime.service.aiturns import AiHost, AiTurn, DealDeclarers, ai_turn, deal_declarers
from runtime.service.session import Session
from runtime.views.cache import forced_play

log = logging.getLogger(__name__)


class TimerHost(AiHost, Protocol):
    """What a due timer needs of the service (``runtime.service.game.GameService``)."""

    db: Database

    async def set_away_locked(self, session: Session, seat: int, away: bool = True, *, publish: bool = True,
                              chosen: bool = False) -> list[Announcement]: ...


def _current(session: Session, version: int, spec: TimerSpec) -> bool:
    """The table is still at the ``version`` the timer was planned at (else it moved on: the timer is stale)."""
    assert session.table is not None
    if version == session.table.version:
        return True
    log.debug("stale %s timer on table %d", spec.kind, session.record.table_id)
    return False


def _declaring(session: Session, hand: int, redeals: int) -> bool:
    """Hand ``hand`` after ``redeals`` redeals is still declaring."""
    table = session.table
    assert table is not None
    return table.phase is Phase.DECLARING and (table.hand.number, table.hand.redeals) == (hand, redeals)


async def on_close(service: TimerHost, session: Session, spec: CloseTimer, timer: Timer) -> AiTurn | None:
    """The declaration window's deadline; in the 换庄 second window (one seat asked at a time) its time up is
    that seat's pass."""
    table = session.table
    assert table is not None
    if _declaring(session, spec.hand, spec.redeals) and spec.window == window_mark(table):
        seat = table.to_act()[0] if table.hand.bids.swap_stage is SwapStage.OTHER and table.to_act() else None
        action = CloseDeclaring() if seat is None else Pass(seat=seat)
        await service.pipeline.apply(session, action, acted_seat=seat)
    return None


async def on_ai_wait(service: TimerHost, session: Session, spec: AiWaitTimer, timer: Timer) -> AiTurn | None:
    """An AI seat's first-hand declaring wait is over (kept across the others' moves)."""
    assert session.table is not None
    if _declaring(session, spec.hand, spec.redeals) and spec.seat in session.table.to_act():
        return ai_turn(service, session, spec.seat)
    return None


async def on_ai(service: TimerHost, session: Session, spec: AiTimer, timer: Timer) -> AiTurn | None:
    return ai_turn(service, session, spec.seat) if _current(session, spec.version, spec) else None


async def on_deal(service: TimerHost, session: Session, spec: DealTimer, timer: Timer) -> DealDeclarers | None:
    return await _deal(service, session) if _current(session, spec.version, spec) else None


async def on_next(service: TimerHost, session: Session, spec: NextTimer, timer: Timer) -> AiTurn | None:
    if _current(session, spec.version, spec):
        notes = [Announcement("announce.extra_hand", {})] if spec.extra else []  # 加赛: level at time
        await service.pipeline.apply(session, StartHand(), acted_seat=None, announcements=notes)
    return None


async def on_stop(service: TimerHost, session: Session, spec: StopTimer, timer: Timer) -> AiTurn | None:
    if _current(session, spec.version, spec):
        note = Announcement("announce.time_up", {})
        draw = session.record.options.time_tie == "draw"  # 常规赛: a level tie is a draw
        await service.pipeline.apply(session, StopMatch(draw=draw), acted_seat=None, announcements=[note])
    return None


async def on_auto(service: TimerHost, session: Session, spec: AutoTimer, timer: Timer) -> AiTurn | None:
    if _current(session, spec.version, spec):
        await (_queued(service, session, spec.seat) if spec.queued else _forced(service, session, spec.seat))
    return None


async def on_notice(service: TimerHost, session: Session, spec: NoticeTimer, timer: Timer) -> AiTurn | None:
    """A timed match's notice before time (``announce.time_notice``)."""
    rec = session.record
    if _timed_on(session) and NOTICED not in rec.meta:
        session.record = await service.db.save_table(replace(rec, meta={**rec.meta, NOTICED: True}))
        rule = "one_more" if rec.options.one_more_hand else "finish"
        note = Announcement(f"announce.time_notice_{rule}", {"minutes": max(1, round(rec.options.time_notice / 60))})
        await service.pipeline.publish(session, UpdateReason.NOTICE, [note], arm=True)
    return None


async def on_time_call(service: TimerHost, session: Session, spec: TimeCallTimer, timer: Timer) -> AiTurn | None:
    """A timed match's time call with one more hand to play: the hand in progress is recorded (``TIME_HAND``) and
    the players told (``announce.time_one_more``)."""
    rec, table = session.record, session.table
    assert table is not None
    if _timed_on(session) and TIME_HAND not in rec.meta:
        session.record = await service.db.save_table(replace(rec, meta={**rec.meta, TIME_HAND: table.hand.number}))
        # during hand N: N is finished, then N + 1; between hands (N settled): N + 1 is the one more
        note = Announcement("announce.time_one_more", {"hand": table.hand.number + 1})
        await service.pipeline.publish(session, UpdateReason.NOTICE, [note], arm=True)
    return None


def _timed_on(session: Session) -> bool:
    table = session.table
    assert table is not None
    return session.record.status is Status.PLAYING and table.phase is not Phase.MATCH_OVER


async def _deal(service: TimerHost, session: Session) -> DealDeclarers | None:
    """Deal (one card live, all async); live, the AI seats that may declare then (decided after the lock)."""
    table = session.table
    assert table is not None
    live = session.record.mode is Mode.LIVE
    await service.pipeline.apply(session, DealCard() if live else DealAll(), acted_seat=None)
    if not live or table.phase is not Phase.DEALING or ai_waits_to_declare(session.record, table):
        return None
    return deal_declarers(session)


async def _queued(service: TimerHost, session: Session, seat: int) -> None:
    """A queued play, or (no longer legal) a notice that it was dropped."""
    occupant = session.record.seats[seat]
    user = occupant.user_id if occupant is not None else None
    cards = session.queued.get(seat)
    if cards is None:
        await service.pipeline.arm(session)
        return
    try:  # played: ``apply`` forgets the queued play
        note = Announcement("announce.queued_played", {"cards": " ".join(map(str, cards))}, user_id=user, seat=seat)
        await service.pipeline.apply(session, Play(seat=seat, cards=cards), acted_seat=seat, announcements=[note])
    except IllegalAction as exc:
        await service.pipeline.unqueue(session, seat)
        # public text: never name the cards, the player still holds them
        note = Announcement("announce.queue_dropped", {"reason": exc.key}, user_id=user, seat=seat)
        await service.pipeline.publish(session, UpdateReason.QUEUE, [note], arm=True)


async def _forced(service: TimerHost, session: Session, seat: int) -> None:
    """The only legal play."""
    table = session.table
    assert table is not None
    occupant = session.record.seats[seat]
    user = occupant.user_id if occupant is not None else None
    play = forced_play(table, seat)  # listed when the timer was planned (``planner.is_forced``), not again
    if play is None:
        await service.pipeline.arm(session)
        return
    note = Announcement("announce.forced_played", {"cards": " ".join(map(str, play))}, user_id=user, seat=seat)
    await service.pipeline.apply(session, Play(seat=seat, cards=play), acted_seat=seat, announcements=[note])


def _human(session: Session, seat: int) -> Seat | None:
    """The human (not under 托管) in ``seat``, whose turn clock runs."""
    occupant = session.record.seats[seat]
    return None if occupant is None or occupant.autopilot else occupant


async def on_reminder(service: TimerHost, session: Session, spec: ReminderTimer, timer: Timer) -> AiTurn | None:
    """The turn clock's reminder (the penalty is told before it applies); the timeout is stored next."""
    occupant = _human(session, spec.seat)
    table = session.table
    assert table is not None
    if occupant is None or not _current(session, spec.version, spec):
        return None
    options = session.record.options
    before = spec.lead(options.reminder_before)
    await store(service.db, session.record.table_id, timer.due_at + before, TimeoutTimer(spec.version, spec.seat))
    key, params = reminder_key(options, table, spec.seat)
    note = Announcement(key, {"name": occupant.name, "seconds": round(before), **params},
                        user_id=occupant.user_id, seat=spec.seat)
    await service.pipeline.publish(session, UpdateReason.REMINDER, [note])
    return None


async def on_timeout(service: TimerHost, session: Session, spec: TimeoutTimer, timer: Timer) -> AiTurn | None:
    """The turn clock ran out: the sheet's penalty (超时, committed like a move), and the seat goes under 托管."""
    table = session.table
    assert table is not None
    if _human(session, spec.seat) is None or not _current(session, spec.version, spec):
        return None
    log.info("table %d: seat %d timed out; the AI takes over (托管)", session.record.table_id, spec.seat)
    penalty = timeout_action(session.record.options, table, spec.seat)
    if penalty is not None:
        await service.pipeline.apply(session, penalty, acted_seat=None)
    await service.set_away_locked(session, spec.seat)
    return None


async def on_declare_clock(service: TimerHost, session: Session, spec: DeclareClockTimer,
                           timer: Timer) -> AiTurn | None:
    """A seat's clock in the declaring window (``planner.declare_timer``): the reminder says what its end costs,
    then the seat passes (and the sheet's 超时 penalty applies once the hand has a dealer)."""
    table = session.table
    assert table is not None
    occupant = _human(session, spec.seat)
    if occupant is None or not _declaring(session, spec.hand, spec.redeals) or spec.seat not in table.to_act():
        return None
    cost, points = declare_cost(session.record.options, table.rules) if table.hand.dealer is not None else ("none", 0)
    if not spec.timeout:
        await store(service.db, session.record.table_id, timer.due_at + spec.before, replace(spec, timeout=True))
        note = Announcement(f"announce.reminder_declare_{cost}", {"name": occupant.name, "seconds": round(spec.before),
                                                                     "points": points},
                            user_id=occupant.user_id, seat=spec.seat)
        await service.pipeline.publish(session, UpdateReason.REMINDER, [note])
        return None
    if cost == "points":
        penalty = Penalize(team=spec.seat % 2, points=points, reason=SanctionReason.TIMEOUT)
        await service.pipeline.apply(session, penalty, acted_seat=None)
    note = Announcement(f"tournament.declare_passed_{cost}", {"name": occupant.name, "points": points},
                        user_id=occupant.user_id, seat=spec.seat)
    await service.pipeline.apply(session, Pass(seat=spec.seat), acted_seat=spec.seat, announcements=[note])
    return None


TableHandler = Callable[[TimerHost, Session, Any, Timer], Awaitable["AiTurn | DealDeclarers | None"]]
TABLE_TIMERS: tuple[tuple[type[TimerSpec], TableHandler], ...] = (
    (DealTimer, on_deal), (CloseTimer, on_close), (AiTimer, on_ai), (AiWaitTimer, on_ai_wait), (AutoTimer, on_auto),
    (ReminderTimer, on_reminder), (TimeoutTimer, on_timeout), (DeclareClockTimer, on_declare_clock),
    (NextTimer, on_next), (StopTimer, on_stop),
    (NoticeTimer, on_notice), (TimeCallTimer, on_time_call),
)
"""Each table timer kind's handler ``handler(service, session, spec, stored)`` (the caller holds the table's lock;
an AI seat's turn, or a live deal's AI declarers, is returned, for the caller to decide after releasing it:
``runtime.service.aiturns.play_unlocked``); registered in the
service's ``runtime.clock.registry.TimerRegistry``."""
