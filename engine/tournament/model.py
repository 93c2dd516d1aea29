"""The tournament's value types: its configuration, teams, games, matches and rounds (比赛规程).

Pure data with JSON forms; the progression lives in ``engine.tournament.bracket``. A *match* is one
pairing of two teams in a round (or a bye, 轮空: ``b is None``); it is played as one game, or as a
best of three (3局2胜). A *game* is one table; its ``GameResult`` is seen from team ``a``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine.errors import NotAllowed


class Format(StrEnum):
    """单淘汰 knock-out (byes by lot), 积分编排制 Swiss, 分组循环 groups then knock-out, 复式 duplicate."""

    KNOCKOUT = "knockout"
    SWISS = "swiss"
    GROUPS = "groups"
    DUPLICATE = "duplicate"


class Stage(StrEnum):
    KNOCKOUT = "knockout"
    SWISS = "swiss"
    GROUP = "group"


class TimedTie(StrEnum):
    """A timed match tied on level at time: the team on stage (台上) or the team that reached it first."""

    ON_STAGE = "on_stage"
    FIRST = "first"


class BigPoints(StrEnum):
    """Duplicate scoring: the sheet's small → big points table, or the levels the level table credits."""

    SHEET = "sheet"
    LEVELS = "levels"


class How(StrEnum):
    """How a game or match was decided (shown in the bracket and the ``--json`` report): the winner passed
    the end level (过), time up with the higher level (到时级高), a timed tie to the team on stage (台上) or
    to the team that reached it first (先升), big points (大分, duplicate), a forfeit (弃权), a judged
    match (判定: games won or level difference), a lot (抽签), a bye (轮空), games of a best of three."""

    PASSED = "passed"
    TIME = "time"
    ON_STAGE = "on_stage"
    FIRST = "first"
    BIG_POINTS = "big_points"
    CROSS = "cross"
    FORFEIT = "forfeit"
    JUDGED = "judged"
    LOT = "lot"
    BYE = "bye"
    GAMES = "games"
    DRAW = "draw"


class Status(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


MAX_TEAMS = 64
MAX_ROUNDS = 20


@dataclass(frozen=True)
class Config:
    """The organiser's choices. ``best_of_three``: how many of the last knock-out rounds are played
    best of three (0 none, 1 the final, 2 semi-finals and final, …). ``match_minutes``: a live time limit
    per game (0: none); ``deadline_hours``: a deadline per round (0: none); ``rounds``: Swiss/duplicate
    rounds (0: a sensible default for the team count). ``third_place``: the semi-final losers play a
    third-place match (三四名决赛) alongside the final, so the places 3 and 4 are played, not drawn.
    ``rank_levels``: teams level on points are ranked by the highest level they won a game at (级数, seed 000
    "获胜时级数最大的为一等胜") before the other tie-breaks (not with duplicate, whose scores are big points)."""

    format: Format = Format.KNOCKOUT
    preset: str = "standard"
    end_level: str | None = None
    rounds: int = 0
    best_of_three: int = 0
    match_minutes: float = 0.0
    deadline_hours: float = 0.0
    timed_tie: TimedTie = TimedTie.ON_STAGE
    big_points: BigPoints = BigPoints.SHEET
    allow_ai: bool = False
    group_size: int = 4
    third_place: bool = False
    rank_levels: bool = False
    unit_limit: int = 0  # 报名: at most this many teams per unit (0: no limit; seed 001 "最多限报两个队")
    units_apart: bool = False  # a unit's teams kept apart in round 1 / the group draw (001 "每单位两对选手分别在…组")
    cross_tables: bool = False  # duplicate: each team compared with the teams holding its cards at the other tables

    def __post_init__(self) -> None:
        if not 0 <= self.rounds <= MAX_ROUNDS:
            raise NotAllowed("tournament.bad_rounds", rounds=self.rounds, max=MAX_ROUNDS)
        for option, value, low, high in (("best_of_three", self.best_of_three, 0, None),
                                         ("match_minutes", self.match_minutes, 0, None),
                                         ("deadline_hours", self.deadline_hours, 0, None),
                                         ("group_size", self.group_size, 3, 8),
                                         ("unit_limit", self.unit_limit, 0, MAX_TEAMS)):
            if value < low or (high is not None and value > high):
                raise NotAllowed("tournament.bad_option", option=option, value=value,
                                 low=low, high="∞" if high is None else high)
        if self.rank_levels and self.format is Format.DUPLICATE:
            raise NotAllowed("tournament.not_for_format", option="rank_levels", format=self.format.value)
        if self.cross_tables and self.format is not Format.DUPLICATE:
            raise NotAllowed("tournament.not_for_format", option="cross_tables", format=self.format.value)

    def to_json(self) -> dict[str, Any]:
        return {k: (v.value if isinstance(v, StrEnum) else v) for k, v in self.__dict__.items()}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Config:
        known = {k: v for k, v in obj.items() if k in cls.__dataclass_fields__}
        for key, kind in (("format", Format), ("timed_tie", TimedTie), ("big_points", BigPoints)):
            if key in known:
                known[key] = kind(known[key])
        return cls(**known)


@dataclass(frozen=True)
class Team:
    """A team of two (``players``: user ids, ``None`` for a seat the AI may take; ``names`` per player)."""

    team_id: int
    name: str
    players: tuple[int | None, ...] = ()
    names: tuple[str, ...] = ()
    withdrawn: bool = False
    unit: int | None = None  # the team's unit (单位: a club, a school — a server role's id), if any
    unit_name: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"team_id": self.team_id, "name": self.name, "players": list(self.players),
                "names": list(self.names), "withdrawn": self.withdrawn,
                **({"unit": self.unit, "unit_name": self.unit_name} if self.unit is not None else {})}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Team:
        unit = obj.get("unit")
        return cls(team_id=int(obj["team_id"]), name=str(obj["name"]), players=tuple(obj.get("players", ())),
                   names=tuple(obj.get("names", ())), withdrawn=bool(obj.get("withdrawn", False)),
                   unit=int(unit) if unit is not None else None, unit_name=str(obj.get("unit_name", "")))


@dataclass(frozen=True)
class GameResult:
    """One game seen from team ``a``: ``winner`` 0 (a), 1 (b) or ``None`` (a draw); ``diff`` = a's level
    difference (duplicate: big points difference); ``score`` = both teams' final levels as indices
    (duplicate: big points); ``forfeit``: decided by a forfeit (弃权判负); ``how``: see ``How`` ("" when
    unknown, e.g. a game stored before it was recorded). ``deals`` (duplicate): both teams' big points in each
    deal played, in deal order — what the cross-table comparison (``engine.tournament.duplicate``) reads."""

    winner: int | None
    diff: int = 0
    score: tuple[int, int] = (0, 0)
    forfeit: bool = False
    table_id: int | None = None
    how: str = ""
    deals: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "diff": self.diff, "score": list(self.score), "forfeit": self.forfeit,
                "table_id": self.table_id, "how": self.how, **({"deals": [list(d) for d in self.deals]}
                                                               if self.deals else {})}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> GameResult:
        score = obj.get("score", (0, 0))
        return cls(winner=obj.get("winner"), diff=int(obj.get("diff", 0)), score=(int(score[0]), int(score[1])),
                   forfeit=bool(obj.get("forfeit", False)), table_id=obj.get("table_id"), how=str(obj.get("how", "")),
                   deals=tuple((int(d[0]), int(d[1])) for d in obj.get("deals", ())))


@dataclass(frozen=True)
class Match:
    """A pairing in a round. ``b is None``: a bye (``a`` goes through / scores a win). ``tables``: the
    table of each game opened so far. ``winner``: the winning team id once decided (``None`` with
    ``decided`` = a draw). ``how``: set when the match was judged as a whole (a forfeit of a best of three,
    a judged match, a lot); otherwise ``decided_by`` reads it from the games."""

    match_id: str
    round: int
    a: int
    b: int | None
    stage: Stage
    group: int | None = None
    best_of: int = 1
    games: tuple[GameResult, ...] = ()
    tables: tuple[int, ...] = ()
    decided: bool = False
    winner: int | None = None
    how: str = ""
    place: int | None = None  # a placing match (3: the third-place match, 三四名决赛), not a step of the draw

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def decided_by(self) -> str:
        """How the match was decided (a ``How`` value; "" while open or when unknown)."""
        if not self.decided:
            return ""
        if self.is_bye:
            return How.BYE.value
        if self.how:
            return self.how
        if self.winner is None:
            return How.DRAW.value
        if self.best_of > 1:
            return How.GAMES.value
        return self.games[-1].how if self.games else ""

    @property
    def teams(self) -> tuple[int, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    @property
    def wins(self) -> tuple[int, int]:
        return (sum(1 for g in self.games if g.winner == 0), sum(1 for g in self.games if g.winner == 1))

    @property
    def diff(self) -> int:
        """Team a's level difference over the match's games."""
        return sum(g.diff for g in self.games)

    @property
    def current_table(self) -> int | None:
        """The table of the game being played, if one is open."""
        return self.tables[-1] if len(self.tables) > len(self.games) else None

    def other(self, team_id: int) -> int | None:
        return self.b if team_id == self.a else self.a

    def side(self, team_id: int) -> int:
        """0 if ``team_id`` is team a, 1 if team b."""
        if team_id not in self.teams:
            raise NotAllowed("tournament.not_in_match")
        return 0 if team_id == self.a else 1

    def with_table(self, table_id: int) -> Match:
        return replace(self, tables=(*self.tables, table_id))

    def to_json(self) -> dict[str, Any]:
        return {"match_id": self.match_id, "round": self.round, "a": self.a, "b": self.b, "stage": self.stage.value,
                "group": self.group, "best_of": self.best_of, "games": [g.to_json() for g in self.games],
                "tables": list(self.tables), "decided": self.decided, "winner": self.winner, "how": self.how,
                **({"place": self.place} if self.place is not None else {})}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Match:
        return cls(match_id=str(obj["match_id"]), round=int(obj["round"]), a=int(obj["a"]), b=obj.get("b"),
                   stage=Stage(obj["stage"]), group=obj.get("group"), best_of=int(obj.get("best_of", 1)),
                   games=tuple(GameResult.from_json(g) for g in obj.get("games", ())),
                   tables=tuple(int(t) for t in obj.get("tables", ())), decided=bool(obj.get("decided", False)),
                   winner=obj.get("winner"), how=str(obj.get("how", "")), place=obj.get("place"))


@dataclass(frozen=True)
class Round:
    """One round: its matches (byes included), the stage, and its deadline (Unix seconds) if any."""

    number: int
    stage: Stage
    matches: tuple[Match, ...] = ()
    deadline: float | None = None
    seed: int = 0  # duplicate: every table of the round plays the deals of this seed

    @property
    def complete(self) -> bool:
        return all(m.decided for m in self.matches)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "stage": self.stage.value, "matches": [m.to_json() for m in self.matches],
                "deadline": self.deadline, "seed": self.seed}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Round:
        return cls(number=int(obj["number"]), stage=Stage(obj["stage"]),
                   matches=tuple(Match.from_json(m) for m in obj.get("matches", ())),
                   deadline=obj.get("deadline"), seed=int(obj.get("seed", 0)))


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``points``: win 1, draw ½, loss 0 (duplicate: big points)."""

    team_id: int
    rank: int
    points: float
    level_diff: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    eliminated_in: int | None = None  # knock-out: the round a team went out in
    group: int | None = None
    place: int | None = None  # the place a placing match gave (3 or 4 after a third-place match)
    reached: int = -1  # the highest level (index) the team won a game at; -1: none
    by_lot: bool = False  # tied with a neighbour on every tie-break: their order is the lot's (抽签)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)
