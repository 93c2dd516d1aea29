"""The table record: everything about a table that is not the engine's game state (one model: ``data/``
stores it, the runtime and the cogs use it).

Who sits where (a human ``user_id`` or an AI level), the host, the rules and table options, the
mode (``live``: progressive deal; ``async``: deal at once and a declaration window), the status
(``lobby`` → ``playing`` → ``finished``/``ended``) and which humans are under 托管 (``away``: the AI plays
for them after a timeout until they take back control). Immutable; ``data.tables`` reads and writes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.ai.levels import AiLevel
from engine.rules import Rules

SEATS: tuple[int, ...] = (0, 1, 2, 3)  # the seats of the four-seat table the bot and the web offer


class Mode(StrEnum):
    """``live``: cards are dealt one by one with a small delay, declaring during the deal.
    ``async``: everything is dealt at once, then a declaration window opens."""

    LIVE = "live"
    ASYNC = "async"


class Status(StrEnum):
    LOBBY = "lobby"  # seats filling, rules may change
    PLAYING = "playing"
    FINISHED = "finished"  # the match was won (ladder recorded)
    ENDED = "ended"  # stopped by the host or an admin before the end


@dataclass(frozen=True)
class Seat:
    """One filled seat: a human (``user_id``) or an AI (``ai_level``). ``away`` = under 托管."""

    name: str = ""
    user_id: int | None = None
    ai_level: AiLevel | None = None
    away: bool = False

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError("a seat holds exactly one of user_id or ai_level")
        if self.ai_level is not None and not isinstance(self.ai_level, AiLevel):  # read back from JSON
            object.__setattr__(self, "ai_level", AiLevel(self.ai_level))

    @classmethod
    def human(cls, user_id: int, name: str = "") -> Seat:
        return cls(name=name or str(user_id), user_id=user_id)

    @classmethod
    def bot(cls, level: AiLevel = AiLevel.BASIC, name: str = "") -> Seat:
        return cls(name=name or f"AI {level}", ai_level=level)

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def autopilot(self) -> bool:
        """True when the AI moves for this seat (an AI seat, or a human under 托管)."""
        return self.is_ai or self.away

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "user_id": self.user_id, "ai_level": self.ai_level, "away": self.away}

    def occupant_json(self) -> dict[str, Any]:
        """Who sits here, as the seats column stores it: ``{"user": id}`` or ``{"ai": level}``."""
        return {"ai": self.ai_level} if self.ai_level is not None else {"user": self.user_id}

    @classmethod
    def from_occupant(cls, obj: Any, name: str = "", away: bool = False) -> Seat:
        """Inverse of ``occupant_json``; a bare user id or a ``Seat`` is taken as is."""
        if isinstance(obj, Seat):
            return obj
        if isinstance(obj, int) and not isinstance(obj, bool):
            return cls.human(obj, name)
        if isinstance(obj, dict) and "ai" in obj:
            return cls.bot(AiLevel(str(obj["ai"])), name)
        if isinstance(obj, dict) and isinstance(obj.get("user"), int):
            return cls(name=name or str(obj["user"]), user_id=obj["user"], away=away)
        raise ValueError(f"not a seat: {obj!r}")

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Seat:
        return cls(name=str(obj["name"]), user_id=obj.get("user_id"), ai_level=obj.get("ai_level"),
                   away=bool(obj.get("away", False)))


@dataclass(frozen=True)
class TableOptions:
    """Interface options of a table (not game rules). Delays and timeouts in seconds."""

    ai_delay: float = 1.2  # pause before an AI (or 托管) move, so people can follow
    turn_timeout: float = 120.0  # after this, the AI plays for an absent player (托管)
    reminder_before: float = 30.0  # remind the player this long before the timeout
    forced_autoplay: bool | None = None  # play a forced move (one legal play) by itself; None: in async mode only
    deal_delay: float = 0.15  # live mode: pause between two dealt cards
    declare_window: float = 60.0  # async mode: the declaration window closes after this
    next_hand_delay: float = 8.0  # pause after a settled hand before the next one starts
    match_time: float = 3600.0  # ``timed`` matches stop at the first hand end after this (0: only by hand)
    ai_declare_wait: float = 20.0  # first hand: AI seats declare only after the humans passed or this long
    trick_pictures: bool = False  # post a picture of every trick (default: one edited trick-log message)
    # time controls per phase and the 超时 penalty (runtime.procedures; 0: turn_timeout and 托管 only)
    bury_time: float = 0.0
    declare_time: float = 0.0  # each seat's own clock in the declaring window (亮主/反主); at its end the seat passes
    lead_time: float = 0.0
    follow_time: float = 0.0
    timeout_penalty: int = 0  # points to the other side at a timeout; -1: the hand is lost
    timeout_warnings: int = 0  # timeouts per team only warned before the penalty applies
    # timed rounds (runtime.procedures): a notice this long before time (the 55-minute notice), one more hand after
    # the hand in progress at time (再打1副牌), a level tie at time: "" the team on stage, "draw", "extra" (加赛)
    time_notice: float = 0.0
    one_more_hand: bool = False
    time_tie: str = ""
    # the table's aids (runtime.procedures): competition discipline (比赛纪律: no kitty once play starts, only the last
    # trick shown, no table talk during a hand), or the casual aids: a card counter (记牌器), undo with consent
    discipline: bool = False
    card_counter: bool = False
    undo: bool = False

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, obj: dict[str, Any] | None) -> TableOptions:
        known = {k: v for k, v in (obj or {}).items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def autoplays_forced(self, mode: Mode) -> bool:
        """Whether forced moves play themselves at a table in ``mode`` (default: async mode only)."""
        return self.forced_autoplay if self.forced_autoplay is not None else mode is Mode.ASYNC

    @classmethod
    def instant(cls) -> TableOptions:
        """No delays at all (tests and the offline job); timeouts stay."""
        return cls(ai_delay=0.0, deal_delay=0.0, next_hand_delay=0.0, ai_declare_wait=0.0)


@dataclass(frozen=True)
class TableRecord:
    """A table as stored by ``data/``. ``seats[i]`` is ``None`` while seat ``i`` is empty; there are as many seats
    as the rules' ``players`` (RULES §13.1: 4 to 8; left out, all empty)."""

    table_id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: Rules
    mode: Mode = Mode.ASYNC
    seed: int = 0
    seats: tuple[Seat | None, ...] = ()
    status: Status = Status.LOBBY
    options: TableOptions = field(default_factory=TableOptions)
    thread_id: int | None = None  # where the interface plays the table (set with ``GameService.set_messages``)
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)  # free JSON space for the interface
    created_at: float = 0.0  # set by storage
    updated_at: float = 0.0

    def __post_init__(self) -> None:
        if not self.seats:
            object.__setattr__(self, "seats", (None,) * self.rules.players)

    # -- queries ------------------------------------------------------------------------------
    def seat_of(self, user_id: int) -> int | None:
        """The seat of a human, or ``None``."""
        for i, s in enumerate(self.seats):
            if s is not None and s.user_id == user_id:
                return i
        return None

    @property
    def full(self) -> bool:
        return all(s is not None for s in self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        """Display names per seat (empty seats: ``-``)."""
        return tuple(s.name if s is not None else "-" for s in self.seats)

    @property
    def humans(self) -> dict[int, int]:
        """seat -> user id of the human seats."""
        return {i: s.user_id for i, s in enumerate(self.seats) if s is not None and s.user_id is not None}

    def time_limit(self) -> float | None:
        """When a ``timed`` match stops (Unix seconds; at the first hand end after it), else ``None``."""
        started = self.meta.get("started_at")
        if not self.rules.timed or not self.options.match_time or started is None:
            return None
        return float(started) + self.options.match_time

    @property
    def active(self) -> bool:
        return self.status in (Status.LOBBY, Status.PLAYING)

    def with_seat(self, seat: int, value: Seat | None) -> TableRecord:
        seats = list(self.seats)
        seats[seat] = value
        return replace(self, seats=tuple(seats))

    # -- JSON -----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "table_id": self.table_id, "guild_id": self.guild_id, "channel_id": self.channel_id,
            "host_id": self.host_id, "rules": self.rules.to_json(), "mode": self.mode.value, "seed": self.seed,
            "seats": [None if s is None else s.to_json() for s in self.seats], "status": self.status.value,
            "options": self.options.to_json(), "thread_id": self.thread_id,
            "lobby_message_id": self.lobby_message_id, "table_message_id": self.table_message_id, "meta": self.meta,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> TableRecord:
        seats = tuple(None if s is None else Seat.from_json(s) for s in obj["seats"])
        return cls(
            table_id=int(obj["table_id"]), guild_id=int(obj["guild_id"]), channel_id=int(obj["channel_id"]),
            host_id=int(obj["host_id"]), rules=Rules.from_json(obj["rules"]), mode=Mode(obj.get("mode", "async")),
            seed=int(obj.get("seed", 0)), seats=seats,
            status=Status(obj.get("status", "lobby")), options=TableOptions.from_json(obj.get("options")),
            thread_id=obj.get("thread_id"), lobby_message_id=obj.get("lobby_message_id"),
            table_message_id=obj.get("table_message_id"), meta=dict(obj.get("meta") or {}),
        )
