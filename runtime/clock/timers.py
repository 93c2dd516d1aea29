"""Every timer kind as a frozen dataclass with its JSON form (the ``payload`` of a stored ``data.timers.Timer``);
the one registry from a kind's class to its handler is ``runtime.clock.registry``.

A table's timers (planned by ``runtime.clock.planner``, run by ``runtime.service.turns``): ``DealTimer`` (deal),
``CloseTimer``
(the declaration window's deadline), ``AiTimer`` / ``AiWaitTimer`` (an AI seat or a seat under 托管 moves; the
first hand's fair-declaring wait), ``AutoTimer`` (a queued or forced play), ``ReminderTimer`` / ``TimeoutTimer``
(a human's turn clock: the reminder, then 托管), ``DeclareClockTimer`` (a human's clock in the declaring
window), ``NextTimer`` (the next hand), ``StopTimer`` (a timed match's
time is up), ``NoticeTimer`` / ``TimeCallTimer`` (the notice before time, the one-more-hand time call). Timers of
no table: ``DeadlineTimer`` (a tournament round's deadline, ``runtime.tournament.service``) and ``NoShowTimer``
(迟到弃权, ``runtime.tournament.forfeits``) and ``SeasonEndTimer`` (a season's end date, ``runtime.records.seasons``).

The JSON form is the one stored before the kinds were typed (a table timer's ``key`` first: re-planning keeps a
stored timer with the same key), so rows written by an older version load and fire unchanged; fields added since
(``window``, ``before``, ``why``) have the defaults the older code read. A payload that does not decode (an
unknown kind, a field missing) is logged and the timer dropped: the watchdog re-plans a table left without one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from data.database import Database

log = logging.getLogger(__name__)

Payload = Mapping[str, Any]


@dataclass(frozen=True)
class TimerSpec:
    """A timer kind's data; ``kind`` is the stored ``timers.kind``, ``key`` identifies it while re-planning."""

    kind: ClassVar[str] = ""

    @property
    def key(self) -> str:
        return self.kind

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def lead(self, default_before: float) -> float:
        """How long after this timer falls due its clock runs out (0: it is the end itself)."""
        return 0.0


@dataclass(frozen=True)
class DealTimer(TimerSpec):
    """Deal: one card (live) or all (async) at table ``version``."""

    kind: ClassVar[str] = "deal"
    version: int

    @property
    def key(self) -> str:
        return f"deal:{self.version}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version}

    @classmethod
    def from_json(cls, p: Payload) -> DealTimer:
        return cls(int(p["version"]))


@dataclass(frozen=True)
class CloseTimer(TimerSpec):
    """The declaration window of hand ``hand`` (after ``redeals`` redeals) closes; ``window`` is ``""`` or the 换庄
    second window's ``":swapN"`` (``planner.window_mark``)."""

    kind: ClassVar[str] = "close"
    version: int
    hand: int
    redeals: int
    window: str = ""

    @property
    def key(self) -> str:
        return f"close:{self.hand}:{self.redeals}{self.window}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version, "hand": self.hand, "redeals": self.redeals,
                "window": self.window}

    @classmethod
    def from_json(cls, p: Payload) -> CloseTimer:
        return cls(int(p["version"]), int(p["hand"]), int(p["redeals"]), str(p.get("window", "")))


@dataclass(frozen=True)
class AiTimer(TimerSpec):
    """The AI playing ``seat`` (an AI seat, or 托管) acts at table ``version``."""

    kind: ClassVar[str] = "ai"
    version: int
    seat: int

    @property
    def key(self) -> str:
        return f"ai:{self.seat}:{self.version}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version, "seat": self.seat}

    @classmethod
    def from_json(cls, p: Payload) -> AiTimer:
        return cls(int(p["version"]), int(p["seat"]))


@dataclass(frozen=True)
class AiWaitTimer(TimerSpec):
    """An AI seat's wait in the first hand's declaring (抢庄) is over: kept across the others' moves (its key has
    no version), valid while hand ``hand`` after ``redeals`` redeals is declaring."""

    kind: ClassVar[str] = "ai"
    version: int
    seat: int
    hand: int
    redeals: int

    @property
    def key(self) -> str:
        return f"aiwait:{self.seat}:{self.hand}:{self.redeals}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version, "seat": self.seat, "hand": self.hand,
                "redeals": self.redeals, "wait": True}

    @classmethod
    def from_json(cls, p: Payload) -> AiWaitTimer:
        return cls(int(p["version"]), int(p["seat"]), int(p["hand"]), int(p["redeals"]))


@dataclass(frozen=True)
class AutoTimer(TimerSpec):
    """``seat``'s queued play (``queued``) or its only legal play is made for it."""

    kind: ClassVar[str] = "auto"
    version: int
    seat: int
    queued: bool = False

    @property
    def key(self) -> str:
        return f"auto:{self.seat}:{self.version}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version, "seat": self.seat,
                "why": "queued" if self.queued else "forced"}

    @classmethod
    def from_json(cls, p: Payload) -> AutoTimer:
        return cls(int(p["version"]), int(p["seat"]), p.get("why", "forced") == "queued")


@dataclass(frozen=True)
class ReminderTimer(TimerSpec):
    """A human's turn: the reminder ``before`` seconds ahead of the timeout (``None``: the table's
    ``reminder_before``, as rows stored before it was written)."""

    kind: ClassVar[str] = "turn"
    version: int
    seat: int
    before: float | None = None

    @property
    def key(self) -> str:
        return f"turn:{self.seat}:{self.version}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "version": self.version, "seat": self.seat, "stage": "remind"}
        if self.before is not None:
            out["before"] = self.before
        return out

    def lead(self, default_before: float) -> float:
        """The reminder's ``before``; the table's ``reminder_before`` for rows stored without one."""
        return default_before if self.before is None else self.before

    @classmethod
    def from_json(cls, p: Payload) -> ReminderTimer:
        before = p.get("before")
        return cls(int(p["version"]), int(p["seat"]), None if before is None else float(before))


@dataclass(frozen=True)
class DeclareClockTimer(TimerSpec):
    """A human seat's own clock in the declaring window (``TableOptions.declare_time``): the reminder ``before``
    seconds ahead, then (``timeout``) the seat passes. Keyed by hand, so the others' declarations keep it."""

    kind: ClassVar[str] = "turn"
    version: int
    seat: int
    hand: int
    redeals: int
    before: float
    timeout: bool = False

    @property
    def key(self) -> str:
        return f"declare:{self.seat}:{self.hand}:{self.redeals}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version, "seat": self.seat, "hand": self.hand,
                "redeals": self.redeals, "declare": True, "stage": "timeout" if self.timeout else "remind",
                "before": self.before}

    def lead(self, default_before: float) -> float:
        return 0.0 if self.timeout else self.before

    @classmethod
    def from_json(cls, p: Payload) -> DeclareClockTimer:
        return cls(int(p["version"]), int(p["seat"]), int(p["hand"]), int(p["redeals"]), float(p["before"]),
                   p.get("stage") == "timeout")


@dataclass(frozen=True)
class TimeoutTimer(TimerSpec):
    """A human's turn timed out: the seat goes under 托管 (same key as its reminder: re-planning keeps it)."""

    kind: ClassVar[str] = "turn"
    version: int
    seat: int

    @property
    def key(self) -> str:
        return f"turn:{self.seat}:{self.version}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version, "seat": self.seat, "stage": "timeout"}

    @classmethod
    def from_json(cls, p: Payload) -> TimeoutTimer:
        return cls(int(p["version"]), int(p["seat"]))


@dataclass(frozen=True)
class NextTimer(TimerSpec):
    """The next hand starts; ``extra``: it is the 加赛 hand of a timed match tied at time."""

    kind: ClassVar[str] = "next"
    version: int
    extra: bool = False

    @property
    def key(self) -> str:
        return f"next:{self.version}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "version": self.version}
        if self.extra:
            out["extra"] = True
        return out

    @classmethod
    def from_json(cls, p: Payload) -> NextTimer:
        return cls(int(p["version"]), bool(p.get("extra", False)))


@dataclass(frozen=True)
class StopTimer(TimerSpec):
    """A timed match's time is up (``StopMatch``)."""

    kind: ClassVar[str] = "stop"
    version: int

    @property
    def key(self) -> str:
        return f"stop:{self.version}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "version": self.version}

    @classmethod
    def from_json(cls, p: Payload) -> StopTimer:
        return cls(int(p["version"]))


@dataclass(frozen=True)
class NoticeTimer(TimerSpec):
    """A timed match's notice before time (e.g. 55 minutes in)."""

    kind: ClassVar[str] = "notice"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key}


@dataclass(frozen=True)
class TimeCallTimer(TimerSpec):
    """A timed match's time call with one more hand to play."""

    kind: ClassVar[str] = "time"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key}


@dataclass(frozen=True)
class DeadlineTimer(TimerSpec):
    """Round ``round`` of tournament ``tournament`` closes at its deadline (a timer of no table)."""

    kind: ClassVar[str] = "tournament_deadline"
    tournament: int
    round: int

    def to_json(self) -> dict[str, Any]:
        return {"tournament": self.tournament, "round": self.round}

    @classmethod
    def from_json(cls, p: Payload) -> DeadlineTimer:
        return cls(int(p["tournament"]), int(p["round"]))


@dataclass(frozen=True)
class NoShowTimer(TimerSpec):
    """迟到弃权: a team still absent from ``table`` (tournament ``tournament``, match ``match``) forfeits."""

    kind: ClassVar[str] = "tournament_no_show"
    tournament: int
    match: str
    table: int

    def to_json(self) -> dict[str, Any]:
        return {"tournament": self.tournament, "match": self.match, "table": self.table}

    @classmethod
    def from_json(cls, p: Payload) -> NoShowTimer:
        return cls(int(p["tournament"]), str(p["match"]), int(p["table"]))


@dataclass(frozen=True)
class SeasonEndTimer(TimerSpec):
    """Season ``season`` of server ``guild`` ends on its date (a timer of no table, ``runtime.records.seasons``)."""

    kind: ClassVar[str] = "season_end"
    guild: int
    season: int

    def to_json(self) -> dict[str, Any]:
        return {"guild": self.guild, "season": self.season}

    @classmethod
    def from_json(cls, p: Payload) -> SeasonEndTimer:
        return cls(int(p["guild"]), int(p["season"]))


def _ai(p: Payload) -> TimerSpec:
    return AiWaitTimer.from_json(p) if p.get("wait") else AiTimer.from_json(p)


def _turn(p: Payload) -> TimerSpec:
    if p.get("declare"):
        return DeclareClockTimer.from_json(p)
    return ReminderTimer.from_json(p) if p.get("stage") == "remind" else TimeoutTimer.from_json(p)


DECODERS: dict[str, Callable[[Payload], TimerSpec]] = {
    DealTimer.kind: DealTimer.from_json, CloseTimer.kind: CloseTimer.from_json, AiTimer.kind: _ai,
    AutoTimer.kind: AutoTimer.from_json, ReminderTimer.kind: _turn, NextTimer.kind: NextTimer.from_json,
    StopTimer.kind: StopTimer.from_json, NoticeTimer.kind: lambda p: NoticeTimer(),
    TimeCallTimer.kind: lambda p: TimeCallTimer(), DeadlineTimer.kind: DeadlineTimer.from_json,
    NoShowTimer.kind: NoShowTimer.from_json, SeasonEndTimer.kind: SeasonEndTimer.from_json,
}


def decode(kind: str, payload: Payload) -> TimerSpec | None:
    """The typed timer stored as ``kind``/``payload``; ``None`` (logged) if it is no known kind or is malformed."""
    decoder = DECODERS.get(kind)
    if decoder is None:
        log.warning("timer of unknown kind %r; dropped", kind)
        return None
    try:
        return decoder(payload)
    except (KeyError, TypeError, ValueError) as exc:
        log.warning("malformed %s timer payload %r (%s: %s); dropped", kind, dict(payload), type(exc).__name__, exc)
        return None


async def store(db: Database, table_id: int | None, due_at: float, spec: TimerSpec) -> int:
    """Store ``spec`` due at ``due_at`` (of ``table_id``, or of no table); its id."""
    return await db.add_timer(spec.kind, table_id, due_at, spec.to_json())
