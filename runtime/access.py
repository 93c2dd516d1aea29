"""Which table a request names, and who may do what there (访问控制): the one lookup and the one rule.

Tables belong to their guild. ``find_table`` resolves a table only among the open tables of the caller's
guild — and for play (``here=True``: buttons, selects, hand panels, ``/play``) of the caller's channel or
the table's thread; a table of another guild answers exactly like an unknown id (``table.not_found``),
in DMs nothing is found. ``authorize`` is the one rule, always checked against the table's own guild:

- ``Op.MANAGE`` (start, change the rules or mode, add/remove AI seats): the table's host, or a manager of
  the table's guild (Manage Server);
- ``Op.END`` (end the table, kick a seat, stop a timed match): the host or a manager;
- ``Op.SEAT`` (act for a seat, open its hand panel): only the player seated there, for their own seat;
- ``Op.JOIN`` (sit, leave) and ``Op.VIEW`` (replay, history): any member of the table's guild.

A caller is described by ``Caller`` (the cogs build it from the interaction); nothing here knows Discord.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from data.records import TableRecord
from runtime.errors import NotAllowed, TableNotFound

log = logging.getLogger(__name__)

MAX_ID = 2**63 - 1  # ids are SQLite integers: a larger number names nothing (and must never reach SQL)


class Op(StrEnum):
    MANAGE = "manage"
    END = "end"
    SEAT = "seat"
    JOIN = "join"
    VIEW = "view"


@dataclass(frozen=True)
class Caller:
    """Who asks and where: the user, the guild (``None`` in DMs), the channel (a thread's id inside a thread)
    and its parent channel, and whether the user may Manage Server in *that* guild."""

    user_id: int
    guild_id: int | None
    channel_id: int | None = None
    parent_id: int | None = None
    manager: bool = False


def valid_id(value: object) -> bool:
    """A table/seat id that can exist: a non-negative integer below ``MAX_ID`` (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_ID


def in_guild(caller: Caller, rec: TableRecord) -> bool:
    return caller.guild_id is not None and caller.guild_id == rec.guild_id


def is_here(caller: Caller, rec: TableRecord) -> bool:
    """The caller is in the table's channel or its thread."""
    where = {rec.channel_id, rec.thread_id} - {None}
    return in_guild(caller, rec) and bool({caller.channel_id, caller.parent_id} & where)


def is_manager(caller: Caller, rec: TableRecord) -> bool:
    """Manage Server in the table's own guild (a manager elsewhere is nobody here)."""
    return caller.manager and in_guild(caller, rec)


def may(caller: Caller, rec: TableRecord, op: Op, seat: int | None = None) -> bool:
    """The rule (see the module docstring)."""
    if not in_guild(caller, rec):
        return False
    if op in (Op.MANAGE, Op.END):
        return caller.user_id == rec.host_id or is_manager(caller, rec)
    if op is Op.SEAT:
        mine = rec.seat_of(caller.user_id)
        return mine is not None and (seat is None or seat == mine)
    return True


def authorize(caller: Caller, rec: TableRecord, op: Op, seat: int | None = None) -> None:
    """Raise the refusal for ``op`` unless ``may``; a table of another guild is ``table.not_found``."""
    if not in_guild(caller, rec):
        raise TableNotFound("table.not_found", table_id=rec.table_id)
    if may(caller, rec, op, seat):
        return
    log.info("refused %s on table %d for user %d", op.value, rec.table_id, caller.user_id)
    if op is Op.SEAT:
        raise NotAllowed("act.not_seated" if rec.seat_of(caller.user_id) is None else "error.not_your_panel")
    raise NotAllowed("lobby.not_host")


def seat_for(caller: Caller, rec: TableRecord, seat: int | None = None) -> int:
    """``authorize(caller, rec, Op.SEAT, seat)`` that returns the caller's seat: the seat looked up once."""
    if not in_guild(caller, rec):
        raise TableNotFound("table.not_found", table_id=rec.table_id)
    mine = rec.seat_of(caller.user_id)
    if mine is not None and (seat is None or seat == mine):
        return mine
    log.info("refused %s on table %d for user %d", Op.SEAT.value, rec.table_id, caller.user_id)
    raise NotAllowed("act.not_seated" if mine is None else "error.not_your_panel")


def find_table(tables: Iterable[TableRecord], caller: Caller, table_id: int | None = None, *,
               here: bool = False) -> TableRecord:
    """The open table a request names, among ``tables`` (every open table): ``table_id`` if given (only in the
    caller's guild, and channel/thread when ``here``); else the table of this thread; else the caller's
    table in this channel; else the caller's only table in this guild (``error.no_table`` otherwise)."""
    mine = [r for r in tables if in_guild(caller, r)]
    if table_id is not None:
        found = next((r for r in mine if valid_id(table_id) and r.table_id == table_id
                      and (not here or is_here(caller, r))), None)
        if found is None:
            raise TableNotFound("table.not_found", table_id=table_id)
        return found
    here_tables = [r for r in mine if is_here(caller, r)]
    threads = [r for r in here_tables if r.thread_id is not None and r.thread_id == caller.channel_id]
    if len(threads) == 1:
        return threads[0]
    user = caller.user_id
    seated = [r for r in here_tables if r.seat_of(user) is not None or r.host_id == user]
    if seated:
        return seated[-1]
    if not here:
        everywhere = [r for r in mine if r.seat_of(user) is not None or r.host_id == user]
        if len(everywhere) == 1:
            return everywhere[0]
    raise NotAllowed("error.no_table")


@dataclass(frozen=True)
class TableLimits:
    """Abuse limits on open tables (lobby or playing): per guild, and per host over all guilds (0: none, the
    service's default; the bot sets them from ``Config``: 25 per guild, 3 per host)."""

    per_guild: int = 0
    per_host: int = 0


def check_open(tables: Iterable[TableRecord], guild_id: int, host_id: int, limits: TableLimits) -> None:
    """Refuse a new table when the guild or the host already has the most open tables allowed."""
    if not (limits.per_guild or limits.per_host):
        return
    guild_count = host_count = 0
    for r in tables:
        guild_count += r.guild_id == guild_id
        host_count += r.host_id == host_id
    if limits.per_guild and guild_count >= limits.per_guild:
        raise NotAllowed("table.limit.guild_tables", limit=limits.per_guild)
    if limits.per_host and host_count >= limits.per_host:
        raise NotAllowed("table.limit.hosted", limit=limits.per_host)
