"""``Tournament``: the whole state of one tournament and how it moves on (pure; ``data/`` stores its JSON).

Sign-up (报名) → ``start`` draws round 1 → each game's result is ``record``ed → when every match of a
round is decided, ``draw_next`` draws the next round (or finishes). Knock-out: the winners (and the
team with the bye) go on until one is left (9 → 5 → 3 → 2 → 1). Swiss and duplicate: ``rounds`` rounds.
Groups: a round-robin in balanced groups of three or more (see ``pairing.split_groups``: no group in
which every team goes through), the top two of each into a knock-out (winner of group i against the
runner-up of group i+1; one group: its top two meet in the final; two teams: no groups, a final).
Knock-out games are never drawn: a drawn game goes to the higher level difference, then by lot.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import NotAllowed
from engine.tournament import duplicate, pairing, placings, units
from engine.tournament.model import (
    MAX_TEAMS,
    Config,
    Format,
    GameResult,
    How,
    Match,
    Round,
    Stage,
    Standing,
    Status,
    Team,
)
from engine.tournament.scoring import forfeit_result
from engine.tournament.standings import rank

MIN_TEAMS = 2


def default_rounds(teams: int) -> int:
    """Swiss/duplicate rounds when the organiser gives none: ⌈log2 n⌉, at least 1."""
    return max(1, math.ceil(math.log2(max(teams, 2))))


def max_rounds(teams: int) -> int:
    """The most Swiss rounds ``teams`` teams play fairly: n − 1. An even count then meets every pairing once at
    most; an odd one, whose bye goes to the lowest-ranked team without one, still has two such teams in the last
    round — one more round and the last team without a bye gets it, the leader too (a full round-robin, byes and
    all, is the groups format)."""
    return max(1, teams - 1)


@dataclass
class Tournament:
    """See the module docstring. ``groups``: the teams of each group (groups format)."""

    tournament_id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    config: Config = field(default_factory=Config)
    seed: int = 0
    status: Status = Status.SIGNUP
    teams: list[Team] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    groups: list[list[int]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)  # free JSON space for the interface

    # -- queries ----------------------------------------------------------------------------------------
    def team(self, team_id: int) -> Team:
        for t in self.teams:
            if t.team_id == team_id:
                return t
        raise NotAllowed("tournament.no_team", team=team_id)

    def team_of(self, user_id: int) -> Team | None:
        return next((t for t in self.teams if user_id in t.players), None)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def big_points(self) -> bool:
        return self.config.format is Format.DUPLICATE

    def match(self, match_id: str) -> Match:
        for rnd in self.rounds:
            for m in rnd.matches:
                if m.match_id == match_id:
                    return m
        raise NotAllowed("tournament.no_match", match=match_id)

    def open_match_of(self, team_id: int) -> Match | None:
        rnd = self.current
        return next((m for m in rnd.matches if team_id in m.teams and not m.decided), None) if rnd else None

    def total_rounds(self) -> int | None:
        """Swiss/duplicate: the number of rounds; knock-outs: ``None`` (until one team is left)."""
        if self.config.format in (Format.SWISS, Format.DUPLICATE):
            return self.config.rounds or default_rounds(len(self.teams))
        return None

    def _stage_matches(self, stage: Stage) -> list[Match]:
        return [m for rnd in self.rounds for m in rnd.matches if m.stage is stage]

    def unit_of(self) -> dict[int, int | None]:
        """Each team's unit (单位), ``None`` for none."""
        return {t.team_id: t.unit for t in self.teams}

    def group_of(self) -> dict[int, int]:
        return {t: i for i, g in enumerate(self.groups) for t in g}

    def standings(self) -> list[Standing]:
        """The standings now (see ``engine.tournament.standings``)."""
        ids = [t.team_id for t in self.teams]
        levels = self.config.rank_levels
        if self.config.format is Format.KNOCKOUT:
            return rank(ids, self.rounds, self.seed, knockout=True, levels=levels)
        if self.config.format is Format.GROUPS:
            qualified = {t for m in self._stage_matches(Stage.KNOCKOUT) for t in m.teams}
            if qualified:
                return rank(ids, self.rounds, self.seed, knockout=True, qualified=qualified,
                            group_of=self.group_of(), levels=levels)
            return rank(ids, self.rounds, self.seed, group_of=self.group_of(), levels=levels)
        return rank(ids, self.rounds, self.seed, big=self.big_points, levels=levels)

    def group_standings(self, group: int) -> list[Standing]:
        return rank(self.groups[group], self.rounds, self.seed, stages=(Stage.GROUP,), group_of=self.group_of(),
                    levels=self.config.rank_levels)

    @property
    def champion(self) -> int | None:
        if self.status is not Status.FINISHED:
            return None
        return self.standings()[0].team_id

    # -- sign-up ----------------------------------------------------------------------------------------
    def add_team(self, name: str, players: tuple[int | None, ...], names: tuple[str, ...], unit: int | None = None,
                 unit_name: str = "") -> Team:
        """Sign a team up (报名): players in no other team, at most ``MAX_TEAMS`` teams, unique names, at most
        ``unit_limit`` teams of its unit (``units.check_entry``)."""
        self._require(Status.SIGNUP)
        for user in players:
            if user is not None and self.team_of(user) is not None:
                raise NotAllowed("tournament.already_in_team")
        if len([u for u in players if u is not None]) != len({u for u in players if u is not None}):
            raise NotAllowed("tournament.same_player")
        if any(t.name.casefold() == name.casefold() for t in self.teams):
            raise NotAllowed("tournament.name_taken", name=name)
        if len(self.teams) >= MAX_TEAMS:
            raise NotAllowed("tournament.full", max=MAX_TEAMS)
        units.check_entry(self.teams, self.config.unit_limit, unit, unit_name)
        team = Team(team_id=max((t.team_id for t in self.teams), default=0) + 1, name=name, players=players,
                    names=names, unit=unit, unit_name=unit_name)
        self.teams.append(team)
        return team

    def remove_team_of(self, user_id: int) -> Team:
        """Before the start: the user's team leaves. After: it withdraws (its open match is forfeited)."""
        team = self.team_of(user_id)
        if team is None:
            raise NotAllowed("tournament.not_in_team")
        if self.status is Status.SIGNUP:
            self.teams.remove(team)
            return team
        self._require(Status.RUNNING)
        self._set_team(replace(team, withdrawn=True))
        if self.open_match_of(team.team_id) is not None:
            self.forfeit(team.team_id)
        return team

    def replace_player(self, old: int, new: int | None, name: str) -> Team:
        """The organiser puts ``new`` in place of ``old`` (not in another team)."""
        team = self.team_of(old)
        if team is None:
            raise NotAllowed("tournament.not_in_team")
        if new is not None and self.team_of(new) is not None:
            raise NotAllowed("tournament.already_in_team")
        i = team.players.index(old)
        players = tuple(new if j == i else p for j, p in enumerate(team.players))
        names = tuple(name if j == i else n for j, n in enumerate(team.names))
        updated = replace(team, players=players, names=names)
        self._set_team(updated)
        return updated

    def _set_team(self, team: Team) -> None:
        self.teams = [team if t.team_id == team.team_id else t for t in self.teams]

    def _require(self, *statuses: Status) -> None:
        if self.status not in statuses:
            raise NotAllowed(f"tournament.not_{statuses[0].value}")

    # -- progress ---------------------------------------------------------------------------------------
    def start(self, now: float = 0.0) -> Round:
        self._require(Status.SIGNUP)
        if len(self.teams) < MIN_TEAMS:
            raise NotAllowed("tournament.too_few_teams", min=MIN_TEAMS)
        if self.config.format is Format.SWISS and self.config.rounds > max_rounds(len(self.teams)):
            raise NotAllowed("tournament.too_many_rounds", rounds=self.config.rounds, teams=len(self.teams),
                             max=max_rounds(len(self.teams)))
        self.status = Status.RUNNING
        if self.config.format is Format.GROUPS:
            ids = [t.team_id for t in self.teams]
            self.groups = pairing.split_groups(ids, self.config.group_size, self._rng("groups"),
                                               self.unit_of() if self.config.units_apart else None)
        rnd = self.draw_next(now)
        assert rnd is not None
        return rnd

    def cancel(self) -> None:
        self._require(Status.SIGNUP, Status.RUNNING)
        self.status = Status.CANCELLED

    def draw_next(self, now: float = 0.0) -> Round | None:
        """Draw the next round (the current one must be complete); ``None`` when the tournament is over."""
        self._require(Status.RUNNING)
        if self.current is not None and not self.current.complete:
            raise NotAllowed("tournament.round_open")
        if self.current is not None and self.config.cross_tables:  # 复式: each team against its cards' other holders
            self.rounds[-1] = duplicate.settle(self.current)
        number = len(self.rounds) + 1
        pairs, stage = self._next_pairs(number)
        if pairs is None:
            self.status = Status.FINISHED
            return None
        deadline = now + self.config.deadline_hours * 3600 if self.config.deadline_hours else None
        rnd = Round(number=number, stage=stage, deadline=deadline, seed=self._rng("deals", number).randrange(2**62))
        best_of = self._best_of(stage, pairs)
        matches = tuple(self._auto_decide(Match(match_id=f"r{number}m{i + 1}", round=number, a=a, b=b,
                                                stage=stage, group=self.group_of().get(a) if stage is Stage.GROUP
                                                else None, best_of=1 if b is None else best_of))
                        for i, (a, b) in enumerate(pairs))
        third = placings.third_place_pair(self.rounds, pairs[0]) if (
            self.config.third_place and stage is Stage.KNOCKOUT and len(pairs) == 1 and pairs[0][1] is not None
        ) else None
        if third is not None:  # 三四名决赛: the semi-final losers, alongside the final
            matches += (self._auto_decide(Match(match_id=f"r{number}m2", round=number, a=third[0], b=third[1],
                                                stage=stage, best_of=best_of, place=placings.THIRD)),)
        self.rounds.append(replace(rnd, matches=matches))
        return self.rounds[-1]

    def _best_of(self, stage: Stage, pairs: list[pairing.Pair]) -> int:
        if stage is not Stage.KNOCKOUT or not self.config.best_of_three:
            return 1
        left = pairing.knockout_rounds_left(len(pairs) + sum(1 for _, b in pairs if b is not None))
        return 3 if left <= self.config.best_of_three else 1

    def _next_pairs(self, number: int) -> tuple[list[pairing.Pair] | None, Stage]:
        fmt = self.config.format
        if fmt in (Format.SWISS, Format.DUPLICATE):
            if number > (self.total_rounds() or 0):
                return None, Stage.SWISS
            return self._swiss_pairs(), Stage.SWISS
        if fmt is Format.GROUPS and self.groups:
            schedules = [pairing.round_robin(g) for g in self.groups]
            group_rounds = max(len(s) for s in schedules)
            if number <= group_rounds:
                return [p for s in schedules if number <= len(s) for p in s[number - 1]], Stage.GROUP
            if number == group_rounds + 1:
                return self._group_qualifier_pairs(), Stage.KNOCKOUT
        alive = self._alive() if self.rounds else [t.team_id for t in self.teams if not t.withdrawn]
        if len(alive) <= 1:
            return None, Stage.KNOCKOUT
        apart = self.unit_of() if self.config.units_apart and number == 1 else None
        return pairing.knockout_pairs(alive, self._byes(), self._rng("knockout", number), apart), Stage.KNOCKOUT

    def _swiss_pairs(self) -> list[pairing.Pair]:
        ranked = [s.team_id for s in self.standings() if not self.team(s.team_id).withdrawn]
        points = {s.team_id: s.points for s in self.standings()}
        played = {frozenset(m.teams) for rnd in self.rounds for m in rnd.matches if not m.is_bye}
        if self.config.units_apart and not self.rounds:  # round 1: a unit's teams meet as late as a repeat would
            played |= {frozenset((x, y)) for x in ranked for y in ranked
                       if x != y and units.unit_key(self.unit_of(), x) == units.unit_key(self.unit_of(), y)}
        return pairing.swiss_pairs(ranked, points, played, self._byes())

    def _group_qualifier_pairs(self) -> list[pairing.Pair]:
        tops = [[s.team_id for s in self.group_standings(g)][:2] for g in range(len(self.groups))]
        if len(tops) == 1:
            return [(tops[0][0], tops[0][1])]
        return [(tops[g][0], tops[(g + 1) % len(tops)][1]) for g in range(len(tops))]

    def _alive(self) -> list[int]:
        """Knock-out: the teams still in (winners of the last knock-out round)."""
        last = self.rounds[-1]
        return [m.winner for m in placings.draw_matches(last) if m.winner is not None]

    def _byes(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for rnd in self.rounds:
            for m in rnd.matches:
                if m.is_bye:
                    out[m.a] = out.get(m.a, 0) + 1
        return out

    def _rng(self, purpose: str, number: int = 0) -> random.Random:
        return random.Random(f"{self.seed}:{purpose}:{number}")

    def _auto_decide(self, m: Match) -> Match:
        """A bye is decided at once; a match of a withdrawn team is forfeited by it."""
        if m.is_bye:
            return replace(m, decided=True, winner=m.a)
        for team_id in m.teams:
            if self.team(team_id).withdrawn:
                return self._decide(replace(m, games=(forfeit_result(m.side(team_id)),)))
        return m

    # -- results ----------------------------------------------------------------------------------------
    def record(self, match_id: str, result: GameResult) -> Match:
        """Record one game of an undecided match of the current round; the match, decided or not."""
        self._require(Status.RUNNING)
        m = self.match(match_id)
        if m.decided or self.current is None or m.round != self.current.number:
            raise NotAllowed("tournament.match_decided", match=match_id)
        if m.stage is Stage.KNOCKOUT and result.winner is None:
            lot = self._rng(f"game:{match_id}", len(m.games)).randrange(2)
            result = replace(result, winner=(0 if result.diff > 0 else 1) if result.diff else lot,
                             how=(How.JUDGED if result.diff else How.LOT).value)
        updated = self._decide(replace(m, games=(*m.games, result)))
        self._put(updated)
        return updated

    def forfeit(self, team_id: int, score: tuple[int, int] | None = None) -> Match:
        """``team_id`` forfeits its open match (弃权判负); the match is decided at once. ``score``: the
        levels (indices) the game in progress had reached, which stay valid."""
        m = self.open_match_of(team_id)
        if m is None:
            raise NotAllowed("tournament.no_open_match")
        result = forfeit_result(m.side(team_id), score)
        updated = self._decide(replace(m, games=(*m.games, result)))
        if not updated.decided:  # best of three: a forfeit gives the whole match
            updated = replace(updated, decided=True, winner=m.other(team_id), how=How.FORFEIT.value)
        self._put(updated)
        return updated

    def adjudicate(self, match_id: str) -> Match:
        """Decide an undecided match now (deadline, or the organiser moves on): more games won, then the
        level difference, then (knock-out) lot; otherwise a draw. A match without a game is a double loss in a
        knock-out decided by lot, and a draw elsewhere."""
        m = self.match(match_id)
        if m.decided:
            return m
        wins, diff = m.wins, m.diff
        how = How.JUDGED
        if wins[0] != wins[1]:
            winner: int | None = m.a if wins[0] > wins[1] else m.b
        elif diff:
            winner = m.a if diff > 0 else m.b
        elif m.stage is Stage.KNOCKOUT:
            winner, how = (m.a, m.b)[self._rng(f"adjudicate:{match_id}").randrange(2)], How.LOT
        else:
            winner, how = None, How.DRAW
        updated = replace(m, decided=True, winner=winner, how=how.value)
        self._put(updated)
        return updated

    def attach_table(self, match_id: str, table_id: int) -> Match:
        updated = self.match(match_id).with_table(table_id)
        self._put(updated)
        return updated

    def _decide(self, m: Match) -> Match:
        need = m.best_of // 2 + 1
        wins = m.wins
        if wins[0] >= need:
            return replace(m, decided=True, winner=m.a)
        if wins[1] >= need:
            return replace(m, decided=True, winner=m.b)
        if m.best_of == 1 and m.games:  # a drawn single game (Swiss, groups, duplicate)
            return replace(m, decided=True, winner=None)
        return m

    def _put(self, m: Match) -> None:
        for i, rnd in enumerate(self.rounds):
            if rnd.number == m.round:
                self.rounds[i] = replace(rnd, matches=tuple(m if x.match_id == m.match_id else x
                                                            for x in rnd.matches))

    # -- JSON -------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"tournament_id": self.tournament_id, "guild_id": self.guild_id, "channel_id": self.channel_id,
                "organiser_id": self.organiser_id, "name": self.name, "config": self.config.to_json(),
                "seed": self.seed, "status": self.status.value, "teams": [t.to_json() for t in self.teams],
                "rounds": [r.to_json() for r in self.rounds], "groups": self.groups, "meta": self.meta}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Tournament:
        return cls(tournament_id=int(obj["tournament_id"]), guild_id=int(obj["guild_id"]),
                   channel_id=int(obj["channel_id"]), organiser_id=int(obj["organiser_id"]), name=str(obj["name"]),
                   config=Config.from_json(obj.get("config", {})), seed=int(obj.get("seed", 0)),
                   status=Status(obj.get("status", "signup")),
                   teams=[Team.from_json(t) for t in obj.get("teams", ())],
                   rounds=[Round.from_json(r) for r in obj.get("rounds", ())],
                   groups=[list(g) for g in obj.get("groups", ())], meta=dict(obj.get("meta") or {}))
