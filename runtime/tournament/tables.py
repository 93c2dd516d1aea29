"""The tables of a tournament's games, through the ordinary table machinery of ``GameService``.

A game's table: the organiser hosts without a seat, team a sits in seats 0 and 2, team b in 1 and 3 (which
player where: the seat draw, ``engine.tournament.draw``); a team's empty place gets an AI only where the
organiser allows it. Its rules are the tournament's preset
(with the end level and, for a match length, ``match_end: timed``); every table of a duplicate round
plays the round's deals (one seed), each with its own AI seed (the tournament's seed and the table). The
table's ``meta`` names its tournament, match and game, so a
restart finds a table opened just before a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from data.records import Mode, Seat, Status, TableOptions, TableRecord
from data.replay import restore_table
from engine.errors import RulesError
from engine.rules import MatchEnd, Rules
from engine.table import Table
from engine.tournament import Config, Format, GameResult, Match, Stage, Tournament
from engine.tournament.adjudicate import stopped_result
from engine.tournament.draw import seats
from runtime.errors import ServiceError
from runtime.presenter import UpdateReason
from runtime.procedures import PROCEDURES, table_options_for
from runtime.service.game import GameService

log = logging.getLogger(__name__)


def table_rules(config: Config) -> Rules:
    """The rules of every table of a tournament (``RulesError`` for a bad preset or end level). Tournaments are
    four-seat fixed partnerships with two decks (pairs and teams of two, the seed sheets): any other table shape
    (RULES §13) is refused (``tournament.four_seats_only``)."""
    overrides: dict[str, Any] = {}
    if config.end_level:
        overrides["end_level"] = config.end_level
    rules = Rules.from_preset("duplicate" if config.format is Format.DUPLICATE else config.preset, **overrides)
    if not rules.shape.is_standard:
        raise RulesError("tournament.four_seats_only", players=rules.players, decks=rules.decks)
    if config.match_minutes and rules.match_end is not MatchEnd.FIXED_DEALS and not rules.timed:
        rules = rules.with_options(match_end=MatchEnd.TIMED)
    return rules


def table_options(base: TableOptions, config: Config) -> TableOptions:
    if config.match_minutes:
        return TableOptions.from_json({**base.to_json(), "match_time": config.match_minutes * 60})
    return base


class TournamentTables:
    """Opens and stops the tables of one service's tournaments."""

    def __init__(self, game: GameService, base_options: TableOptions, mode: Mode, ai_level: str,
                 autopilot: bool) -> None:
        self.game = game
        self.base_options = base_options
        self.mode = mode
        self.ai_level = ai_level
        self.autopilot = autopilot  # offline: every human seat is handed to the AI (托管) at once
        # the interface's place for a new table (a Discord thread), asked before anyone sits down
        self.thread_for: Callable[[Tournament, Match, TableRecord], Awaitable[int | None]] | None = None

    def find(self, t: Tournament, match: Match) -> TableRecord | None:
        """An open table of ``match`` not attached yet (opened just before a restart)."""
        for rec in self.game.tables(guild_id=t.guild_id):
            meta = rec.meta
            if meta.get("tournament") == t.tournament_id and meta.get("match") == match.match_id \
                    and meta.get("game") == len(match.games) + 1 and rec.table_id not in match.tables:
                return rec
        return None

    async def open(self, t: Tournament, match: Match) -> TableRecord:
        """Open and start the table of ``match``'s next game; its record."""
        assert match.b is not None
        rnd = next(r for r in t.rounds if r.number == match.round)
        seed = rnd.seed if t.config.format is Format.DUPLICATE else None
        rec = await self.game.open_table(guild_id=t.guild_id, channel_id=t.channel_id, host_id=t.organiser_id,
                                         host_name="-", rules=table_rules(t.config), mode=self.mode,
                                         options=table_options_for(table_options(self.base_options, t.config),
                                                                   t.meta.get(PROCEDURES) or {},
                                                                   match.stage is Stage.KNOCKOUT), host_seat=None,
                                         seed=seed, limited=False)
        tid = rec.table_id
        # a duplicate round's tables share their deals, not their AI: each table's AI has its own seed
        own_ai = f"{t.seed}:table:{tid}" if seed is not None else None
        rec = await self.game.set_messages(tid, tournament=t.tournament_id, match=match.match_id,
                                           game=len(match.games) + 1, locale=t.meta.get("locale"), ai_seed=own_ai)
        thread_id = await self.thread_for(t, match, rec) if self.thread_for is not None else None
        if thread_id is not None:
            await self.game.set_messages(tid, thread_id=thread_id)
        await self.seat(t, match, tid)
        return await self.start(t, tid)

    async def seat(self, t: Tournament, match: Match, table_id: int) -> None:
        """Seat the four players as the seat draw (抽签, ``engine.tournament.draw``) gave for this game."""
        for seat, (team_id, i) in enumerate(seats(t, match, len(match.games) + 1)):
            team = t.team(team_id)
            user = team.players[i] if i < len(team.players) else None
            name = team.names[i] if i < len(team.names) else team.name
            if user is not None:
                await self.game.sit(table_id, user, name, seat)
            elif t.config.allow_ai:
                await self.game.add_ai(table_id, t.organiser_id, seat, self.ai_level)

    async def start(self, t: Tournament, table_id: int) -> TableRecord:
        rec = self.game.record(table_id)
        if rec.status is Status.LOBBY:
            rec = await self.game.start(table_id, t.organiser_id)
        if self.autopilot:
            for user in rec.humans.values():
                rec = await self.game.go_away(table_id, user)
        return rec

    async def stop(self, t: Tournament, table_id: int) -> GameResult | None:
        """End a table before its match is over and judge its game; ``None`` if it had ended by itself
        (its result comes through the match listener)."""
        try:
            rec = await self.game.end(table_id, t.organiser_id, is_admin=True)
        except ServiceError:
            return None
        table: Table | None = None
        try:
            table = await restore_table(self.game.db, table_id)
        except Exception:
            log.exception("table %d of tournament %d cannot be loaded", table_id, t.tournament_id)
        return stopped_result(rec, table, t.config)

    async def stored(self, table_id: int) -> tuple[TableRecord, Table | None]:
        """A table's record and game state from storage (restart)."""
        rec = await self.game.db.get_table(table_id)
        try:
            return rec, await restore_table(self.game.db, table_id)
        except Exception:
            return rec, None

    async def swap_seat(self, table_id: int, old: int, new: int, name: str) -> None:
        """A substitute (换人) takes ``old``'s seat at the open table ``table_id``."""
        session = self.game.sessions.get(table_id)
        if session is None:
            return
        async with session.lock:
            seat = session.record.seat_of(old)
            if seat is None:
                return
            session.record = await self.game.db.save_table(session.record.with_seat(seat, Seat(name=name, user_id=new)))
            await self.game.pipeline.publish(session, UpdateReason.TUOGUAN)
