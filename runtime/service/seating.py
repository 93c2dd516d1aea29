"""Lobby rules (pure functions on ``TableRecord``): seats 0–3, teams 0+2 vs 1+3 (a table of other rules has their
``players`` seats, RULES §13.1).

Before the start anyone may sit in an empty seat (one seat per person) and leave; the host adds or
removes AI seats, kicks, and changes the rules or mode; the host starts once all four seats are
filled. The host or a server admin may end the table at any time. After the start a seated human
may not leave (托管 takes over instead). Errors: ``LobbyError`` with ``lobby.*`` keys.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from data.records import Mode, Seat, Status, TableOptions, TableRecord
from engine.ai.levels import LEVELS, AiLevel
from engine.rules import Rules
from runtime.errors import LobbyError

log = logging.getLogger(__name__)

AI_NAME = "AI {n}"  # by seat number: the pictures place seats around the viewer, so compass names misled


def _require_lobby(rec: TableRecord) -> None:
    if rec.status != Status.LOBBY:
        raise LobbyError("lobby.already_started")


def _require_host(rec: TableRecord, user_id: int, is_admin: bool = False) -> None:
    if user_id != rec.host_id and not is_admin:
        raise LobbyError("lobby.not_host")


def _check_seat(rec: TableRecord, seat: int) -> None:
    """Seats are 0–3 inside (0 to ``players`` − 1); every message names them 1–4 as the buttons do."""
    if not 0 <= seat < len(rec.seats):
        raise LobbyError("lobby.bad_seat", seat=seat + 1, seats=len(rec.seats))


def _free_seat(rec: TableRecord, seat: int | None) -> int:
    """``seat`` if empty (or the first empty seat when ``None``)."""
    if seat is None:
        for i, occupant in enumerate(rec.seats):
            if occupant is None:
                return i
        raise LobbyError("lobby.full")
    _check_seat(rec, seat)
    if rec.seats[seat] is not None:
        raise LobbyError("lobby.seat_taken", seat=seat + 1)
    return seat


def sit(rec: TableRecord, user_id: int, name: str, seat: int | None = None) -> TableRecord:
    """Seat a human. ``lobby.already_seated`` if the user sits elsewhere at this table."""
    _require_lobby(rec)
    if rec.seat_of(user_id) is not None:
        raise LobbyError("lobby.already_seated", seat=(rec.seat_of(user_id) or 0) + 1)
    return rec.with_seat(_free_seat(rec, seat), Seat(name=name, user_id=user_id))


def leave(rec: TableRecord, user_id: int) -> TableRecord:
    """A human leaves before the start."""
    _require_lobby(rec)
    seat = rec.seat_of(user_id)
    if seat is None:
        raise LobbyError("lobby.not_seated")
    return rec.with_seat(seat, None)


def add_ai(rec: TableRecord, user_id: int, seat: int | None = None, level: str = "basic",
           is_admin: bool = False) -> TableRecord:
    """The host (or a manager) puts an AI of ``level`` in a seat (first empty one by default)."""
    _require_lobby(rec)
    _require_host(rec, user_id, is_admin)
    if level not in LEVELS:
        raise LobbyError("lobby.bad_ai_level", level=level)
    target = _free_seat(rec, seat)
    return rec.with_seat(target, Seat(name=AI_NAME.format(n=target + 1), ai_level=AiLevel(level)))


def fill_ai(rec: TableRecord, user_id: int, level: str = "basic", is_admin: bool = False) -> TableRecord:
    """The host (or a manager) puts an AI of ``level`` in every empty seat (``lobby.full`` if none is empty)."""
    rec = add_ai(rec, user_id, None, level, is_admin)
    while not rec.full:
        rec = add_ai(rec, user_id, None, level, is_admin)
    return rec


def remove_ai(rec: TableRecord, user_id: int, seat: int, is_admin: bool = False) -> TableRecord:
    """The host (or a manager) removes the AI from ``seat``."""
    _require_lobby(rec)
    _require_host(rec, user_id, is_admin)
    _check_seat(rec, seat)
    current = rec.seats[seat]
    if current is None or not current.is_ai:
        raise LobbyError("lobby.no_ai", seat=seat + 1)
    return rec.with_seat(seat, None)


def kick(rec: TableRecord, user_id: int, seat: int, is_admin: bool = False) -> TableRecord:
    """The host (or a manager) empties any seat but the host's."""
    _require_lobby(rec)
    _require_host(rec, user_id, is_admin)
    _check_seat(rec, seat)
    current = rec.seats[seat]
    if current is None:
        raise LobbyError("lobby.seat_empty", seat=seat + 1)
    if current.user_id == rec.host_id:
        raise LobbyError("lobby.cannot_kick_host")
    return rec.with_seat(seat, None)


def set_rules(rec: TableRecord, user_id: int, rules: Rules, is_admin: bool = False) -> TableRecord:
    """The host (or a manager) changes the rules before the start (``Rules`` already validated)."""
    _require_lobby(rec)
    _require_host(rec, user_id, is_admin)
    if rules.players == len(rec.seats):
        return replace(rec, rules=rules)
    kept = rec.seats[:rules.players]
    if any(s is not None for s in rec.seats[rules.players:]):  # the seats a smaller table drops must be empty
        raise LobbyError("lobby.seats_taken", players=rules.players)
    return replace(rec, rules=rules, seats=kept + (None,) * (rules.players - len(kept)))


def set_mode(rec: TableRecord, user_id: int, mode: Mode, options: TableOptions | None = None) -> TableRecord:
    """The host changes the mode (and optionally the table options) before the start."""
    _require_lobby(rec)
    _require_host(rec, user_id)
    return replace(rec, mode=Mode(mode), options=options or rec.options)


def start(rec: TableRecord, user_id: int, is_admin: bool = False) -> TableRecord:
    """The host (or a manager) starts the match once every seat is filled."""
    _require_lobby(rec)
    _require_host(rec, user_id, is_admin)
    if not rec.full:
        raise LobbyError("lobby.not_full", empty=sum(s is None for s in rec.seats))
    return replace(rec, status=Status.PLAYING)


def end(rec: TableRecord, user_id: int, is_admin: bool = False) -> TableRecord:
    """The host or a server admin ends the table (lobby or running match)."""
    if not rec.active:
        raise LobbyError("lobby.closed")
    _require_host(rec, user_id, is_admin)
    return replace(rec, status=Status.ENDED)


def set_away(rec: TableRecord, seat: int, away: bool) -> TableRecord:
    """Put a human seat under 托管 (``away``) or give it back."""
    current = rec.seats[seat]
    if current is None or current.is_ai:
        raise LobbyError("lobby.no_human", seat=seat + 1)
    return rec.with_seat(seat, replace(current, away=away))
