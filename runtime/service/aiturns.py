"""An AI seat's turn (an AI seat, or a human under 托管): decided *without* the table's lock, so a click at the
table is never kept waiting by an AI thinking (nor by an AI worker that hangs: ``runtime.aipool``), then applied
under the lock only if the table is still where the AI looked (else dropped: the change that moved it on
re-planned the AI's turn).

- ``AiTurn``: one seat's move at one table version (``play_ai_turn``); an AI error or an illegal choice falls
  back to a legal move;
- ``DealDeclarers``: in a live deal, after each card, the AI seats that may declare, one after another in seat
  order, each looking at the table as the previous one left it (``play_deal_declarations``).

The caller holds the table's timer lock (``Session.timers``) throughout: the table's next timer (the next card,
the next AI seat) waits for these decisions, as the game's order requires, while clicks are served.
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass, field
from typing import Protocol

from data.errors import DataError
from data.records import Status
from engine.actions import Action, Declare, Pass
from engine.ai import choose_action, read_seats
from engine.ai.levels import AiLevel
from engine.views import Phase, SeatView
from runtime.aipool import AiPool
from runtime.service.pipeline import PAUSED, Pipeline
from runtime.service.session import Session
from runtime.views.cache import legal_actions, seat_view

log = logging.getLogger(__name__)


class AiHost(Protocol):
    """What an AI turn needs of the service (``runtime.service.game.GameService``)."""

    pipeline: Pipeline
    takeover_level: AiLevel
    ai_budget: float
    ai_pool: AiPool | None


@dataclass(frozen=True)
class AiTurn:
    """An AI decision to make for ``seat`` at table ``version``: thought out without the table's lock (a click
    or another seat's move is served meanwhile), applied only if the table is still where it was."""

    seat: int
    version: int
    view: SeatView
    level: AiLevel
    rng: random.Random
    read: dict[int, str] = field(default_factory=dict)  # the AI seats a strong AI reads, with their levels (读牌)


@dataclass(frozen=True)
class DealDeclarers:
    """The AI seats that may declare now, during a live deal (in seat order)."""

    seats: tuple[int, ...]


def ai_turn(service: AiHost, session: Session, seat: int) -> AiTurn:
    """What the AI playing ``seat`` (its own level, or the service's 托管 level) is to decide now."""
    assert session.table is not None
    occupant = session.record.seats[seat]
    level = (occupant.ai_level if occupant is not None else None) or service.takeover_level
    read = read_seats([o.ai_level if o is not None else None for o in session.record.seats])  # 读牌: the AI seats
    return AiTurn(seat, session.table.version, seat_view(session.table, seat), level, session.ai_rng(seat), read)


async def decide(service: AiHost, turn: AiTurn) -> Action | None:
    """The AI's choice for ``turn``: in the service's AI process pool (a strong AI thinking never holds up the
    event loop), or in a thread without one."""
    args = (turn.view, turn.level, turn.rng, service.ai_budget)
    if service.ai_pool is not None:
        return await service.ai_pool.decide(*args, turn.read)
    return await asyncio.to_thread(choose_action, *args, read=turn.read)


async def _unlocked(service: AiHost, session: Session, turn: AiTurn) -> tuple[Action | None, bool]:
    """``decide`` with the table marked busy (not evicted meanwhile: ``runtime.service.session``): (the action,
    failed)."""
    session.thinking += 1
    try:
        return await decide(service, turn), False
    except Exception:
        log.exception("AI failed on table %d seat %d", session.record.table_id, turn.seat)
        return None, True
    finally:
        session.thinking -= 1


def fallback_action(session: Session, seat: int) -> Action | None:
    """A legal move when the AI failed: pass if possible, else the first legal action."""
    assert session.table is not None
    actions = legal_actions(session.table, seat)
    return next((a for a in actions if isinstance(a, Pass)), actions[0] if actions else None)


def ai_may_move(session: Session, seat: int) -> bool:
    """The table is playing and not paused, and ``seat`` is still the AI's (an AI seat or under 托管)."""
    rec = session.record
    occupant = rec.seats[seat]
    return (session.table is not None and rec.status is Status.PLAYING and not rec.meta.get(PAUSED)
            and occupant is not None and occupant.autopilot)


def still_due(session: Session, turn: AiTurn) -> bool:
    """The table is where the AI looked (same version, still playing and unpaused) and the seat is still the AI's
    to move: otherwise the change that moved it on re-planned its timers, and the decision is dropped."""
    table = session.table
    return (ai_may_move(session, turn.seat) and table is not None and table.version == turn.version
            and turn.seat in table.to_act())


async def play_ai_turn(service: AiHost, session: Session, turn: AiTurn) -> None:
    """Decide ``turn`` *without* the table's lock, then take it and apply the choice if still due; an AI error or
    an illegal choice falls back to a legal move."""
    action, failed = await _unlocked(service, session, turn)
    async with session.lock:
        if not still_due(session, turn):
            log.debug("table %d moved on while seat %d's AI thought", session.record.table_id, turn.seat)
            return
        if action is not None:
            try:
                await service.pipeline.apply(session, action, acted_seat=turn.seat)
                return
            except Exception as exc:
                if isinstance(exc, DataError) and exc.key.startswith("faults."):
                    raise  # not saved (storage): the watchdog re-plans the table; no other move meanwhile
                log.exception("AI move refused on table %d seat %d; playing a fallback move",
                              session.record.table_id, turn.seat)
                failed = True
        if failed and session.table is not None and session.table.version == turn.version:
            fallback = fallback_action(session, turn.seat)
            if fallback is not None:
                await service.pipeline.apply(session, fallback, acted_seat=turn.seat)


def deal_declarers(session: Session) -> DealDeclarers | None:
    """The AI seats that may declare now, in a live deal (the caller holds the table's lock)."""
    table = session.table
    assert table is not None
    seats = tuple(seat for seat in range(len(session.record.seats)) if _may_declare(session, seat))
    return DealDeclarers(seats) if seats and table.phase is Phase.DEALING else None


def _may_declare(session: Session, seat: int) -> bool:
    table = session.table
    return (ai_may_move(session, seat) and table is not None and table.phase is Phase.DEALING
            and any(isinstance(a, Declare) for a in legal_actions(table, seat)))


async def play_deal_declarations(service: AiHost, session: Session, declarers: DealDeclarers) -> None:
    """Each seat of ``declarers`` in turn: looked at under the lock, decided without it, and its declaration
    applied if the table has not moved meanwhile (a click did: dropped; the next card asks again)."""
    for seat in declarers.seats:
        async with session.lock:
            if not _may_declare(session, seat):
                continue
            turn = ai_turn(service, session, seat)
        action, _failed = await _unlocked(service, session, turn)  # no fallback: not declaring is a choice too
        if not isinstance(action, Declare):
            continue
        async with session.lock:
            table = session.table
            if table is not None and table.version == turn.version and _may_declare(session, seat):
                await service.pipeline.apply(session, action, acted_seat=seat)


async def play_unlocked(service: AiHost, session: Session, pending: AiTurn | DealDeclarers) -> None:
    """What a timer left to decide without the table's lock (``runtime.service.turns``)."""
    if isinstance(pending, AiTurn):
        await play_ai_turn(service, session, pending)
    else:
        await play_deal_declarations(service, session, pending)
