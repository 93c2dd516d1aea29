"""``TournamentService``: tournaments run on the bot's tables (no Discord here).

Sign-up (``create join leave``), ``start``; each round's tables are opened by the service itself
(``runtime.tournament.tables``); a finished table's result flows into the standings (the pipeline's
match listener); the next round is drawn when the last match ends or the round's deadline passes (a
stored timer, kind ``tournament_deadline``). Organiser commands (the organiser or a server manager):
``forfeit replace advance cancel``. Every change is stored (``data.tournaments``) before it is told;
``restore`` after a restart picks up results of tables finished meanwhile, opens missing tables and
re-arms deadlines. Lock order: a table's lock may be held when a tournament's is taken, never the reverse.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from typing import Any

from data.errors import LimitReached
from data.records import Mode, TableOptions, TableRecord
from data.timers import Timer
from data.tournaments import OPEN_TOURNAMENT_STATUSES, Placing
from engine.tournament import Config, GameResult, Match, Tournament
from engine.tournament import Status as TStatus
from engine.tournament.adjudicate import finished_result
from runtime.clock.timers import DeadlineTimer, store
from runtime.errors import NotAllowed
from runtime.presenter import Announcement
from runtime.procedures import PROCEDURES, SANCTIONS, check_procedures
from runtime.service.game import GameService
from runtime.service.session import Session
from runtime.tournament.forfeits import NoShows, check_roster
from runtime.tournament.restore import restore_tournaments
from runtime.tournament.tables import TournamentTables, table_rules
from runtime.tournament.views import TournamentPresenter, TournamentUpdate, cross_announcement, match_stage, pictures
from runtime.tournament.views import draw_announcement as drawn
from runtime.tournament.views import lot_notes as places_by_lot
from runtime.tournament.views import seats_announcement as seated

log = logging.getLogger(__name__)

MAX_NAME = 60
MAX_OPEN_PER_GUILD = 3  # open tournaments (sign-up or running) per server: their tables are never refused (reserved
# by the admitted tournament) and count against the guild's and the organiser's table limits


class TournamentService:
    """See the module docstring."""

    def __init__(self, game: GameService, presenter: TournamentPresenter, *, table_options: TableOptions | None = None,
                 mode: Mode = Mode.ASYNC, ai_level: str = "basic", autopilot: bool = False,
                 rng_seed: int | None = None, images: bool = True) -> None:
        self.game = game
        self.db = game.db
        self.presenter = presenter
        self.images = images
        self.tables = TournamentTables(game, table_options or TableOptions(), mode, ai_level, autopilot)
        self.tournaments: dict[int, Tournament] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._seeds = random.Random(rng_seed) if rng_seed is not None else random.SystemRandom()
        game.pipeline.match_listeners.append(self._on_match_over)
        game.timers.register(DeadlineTimer, self._on_deadline)
        self.no_shows = NoShows(self)  # 迟到弃权 (runtime.tournament.forfeits)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # -- queries ----------------------------------------------------------------------------------------
    def get(self, tournament_id: int, guild_id: int | None = None) -> Tournament:
        """A tournament in memory (of ``guild_id`` if given: tournaments are scoped to their server)."""
        t = self.tournaments.get(tournament_id)
        if t is None or (guild_id is not None and t.guild_id != guild_id):
            raise NotAllowed("tournament.not_found", tournament_id=tournament_id)
        return t

    async def find(self, guild_id: int, tournament_id: int | None = None) -> Tournament:
        """A tournament of ``guild_id`` to look at, finished ones included (read from storage if not in memory):
        ``tournament_id``, else the guild's newest open one, else its newest."""
        if tournament_id is None:
            open_ones = self.of_guild(guild_id)
            if open_ones:
                return open_ones[-1]
            states = await self.db.list_tournaments(guild_id)
            if not states:
                raise NotAllowed("tournament.none_yet")
            return self.tournaments.get(int(states[-1]["tournament_id"])) or Tournament.from_json(states[-1])
        if tournament_id in self.tournaments:
            return self.get(tournament_id, guild_id)
        state = await self.db.get_tournament(tournament_id) if 0 < tournament_id < 2**63 else None
        if state is None or int(state["guild_id"]) != guild_id:
            raise NotAllowed("tournament.not_found", tournament_id=tournament_id)
        return Tournament.from_json(state)

    def of_guild(self, guild_id: int, *, open_only: bool = True) -> list[Tournament]:
        return [t for _, t in sorted(self.tournaments.items()) if t.guild_id == guild_id
                and (not open_only or t.status.value in OPEN_TOURNAMENT_STATUSES)]

    # -- sign-up ----------------------------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, organiser_id: int, name: str, config: Config,
                     locale: str | None = None, seed: int | None = None,
                     procedures: dict[str, Any] | None = None) -> Tournament:
        name = " ".join(name.split())[:MAX_NAME]
        if not name:
            raise NotAllowed("tournament.bad_name")
        table_rules(config)  # a bad preset or end level is refused now
        if len(self.of_guild(guild_id)) >= MAX_OPEN_PER_GUILD:
            raise NotAllowed("tournament.limit", limit=MAX_OPEN_PER_GUILD)
        t = Tournament(tournament_id=0, guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id,
                       name=name, config=config, seed=seed if seed is not None else self._seeds.randrange(2**62),
                       meta={"locale": locale} if locale else {})
        if procedures:  # the sheets' procedures (runtime.procedures), checked now
            t.meta[PROCEDURES] = check_procedures(procedures)
        try:  # counted again with the insert, atomically: creations at the same moment never pass the limit
            t.tournament_id = await self.db.create_tournament(t.to_json(), limit=MAX_OPEN_PER_GUILD)
        except LimitReached as exc:
            raise NotAllowed(exc.key, **exc.params) from None
        await self._save(t)
        self.tournaments[t.tournament_id] = t
        await self._tell(t, "created", [Announcement("tournament.created", {"name": t.name})])
        return t

    async def join(self, tournament_id: int, user_id: int, name: str, partner_id: int | None,
                   partner_name: str | None, team_name: str | None = None, guild_id: int | None = None,
                   unit: int | None = None, unit_name: str = "") -> Tournament:
        """Sign a team up: the user and a partner (``None``: an AI partner, if allowed), of ``unit`` (单位) if any."""
        async with self.lock(tournament_id):
            t = self.get(tournament_id, guild_id)
            if partner_id is None and not t.config.allow_ai:
                raise NotAllowed("tournament.partner_needed")
            if partner_id == user_id:
                raise NotAllowed("tournament.same_player")
            team_name = " ".join((team_name or "").split())[:MAX_NAME] or f"{name} & {partner_name or 'AI'}"
            team = t.add_team(team_name, (user_id, partner_id), (name, partner_name or "AI"), unit,
                              " ".join(unit_name.split())[:MAX_NAME])
            await self._save(t)
            await self._tell(t, "joined", [Announcement("tournament.joined", {"team": team.name})])
            return t

    async def leave(self, tournament_id: int, user_id: int, guild_id: int | None = None) -> Tournament:
        """Before the start the user's team leaves; after it, the team withdraws (its open match is lost)."""
        t = self.get(tournament_id, guild_id)
        match = None
        team = t.team_of(user_id)
        if team is not None and t.status is TStatus.RUNNING:
            match = t.open_match_of(team.team_id)
        if match is not None:
            await self._stop_open(t, match)
        async with self.lock(tournament_id):
            team = t.remove_team_of(user_id)
            await self._save(t)
            await self._tell(t, "left", [Announcement("tournament.left", {"team": team.name})])
            await self._after_results(t)
            return t

    # -- organiser --------------------------------------------------------------------------------------
    def require_organiser(self, t: Tournament, user_id: int, manager: bool) -> None:
        if user_id != t.organiser_id and not manager:
            raise NotAllowed("tournament.not_organiser")

    async def start(self, tournament_id: int, user_id: int, *, manager: bool = False,
                    guild_id: int | None = None) -> Tournament:
        async with self.lock(tournament_id):
            t = self.get(tournament_id, guild_id)
            self.require_organiser(t, user_id, manager)
            self._check_room(t)
            t.start(self.game.clock())
            await self._save(t)
            await self._tell(t, "started", [Announcement("tournament.started", {
                "name": t.name, "teams": len(t.teams), "format": t.config.format.value})])
            await self._round_opened(t)
            return t

    def _check_room(self, t: Tournament) -> None:
        """A tournament starts only if its first round's tables (one per pair of teams) fit in the guild's open-table
        limit beside the tables open now: its tables are then never refused (they count for the guild)."""
        limit = self.game.table_limits.per_guild
        needed, now_open = len(t.teams) // 2, len(self.game.tables(t.guild_id))
        if limit and now_open + needed > limit:
            raise NotAllowed("tournament.limit_tables", needed=needed, open=now_open, limit=limit)

    async def forfeit(self, tournament_id: int, user_id: int, team_id: int, *, manager: bool = False,
                      guild_id: int | None = None) -> Match:
        """The organiser declares ``team_id`` forfeit in its open match (弃权判负)."""
        t = self.get(tournament_id, guild_id)
        self.require_organiser(t, user_id, manager)
        match = t.open_match_of(t.team(team_id).team_id)
        if match is None:
            raise NotAllowed("tournament.no_open_match")
        stopped = await self._stop_open(t, match)
        async with self.lock(tournament_id):
            score = stopped.score if stopped is not None and not t.big_points else None
            done = t.forfeit(team_id, score) if not t.match(match.match_id).decided else t.match(match.match_id)
            await self._save(t)
            await self._tell(t, "result", [Announcement("tournament.forfeit", {"team": t.team(team_id).name})])
            await self._after_results(t)
            return done

    async def replace(self, tournament_id: int, user_id: int, old: int, new: int, name: str, *,
                      manager: bool = False, guild_id: int | None = None) -> Tournament:
        """The organiser puts ``new`` in ``old``'s place in its team (and at its open table)."""
        t = self.get(tournament_id, guild_id)
        self.require_organiser(t, user_id, manager)
        check_roster(t)  # 不得换人
        async with self.lock(tournament_id):
            team = t.replace_player(old, new, name)
            await self._save(t)
        match = t.open_match_of(team.team_id) if t.status is TStatus.RUNNING else None
        if match is not None and match.current_table is not None:
            await self.tables.swap_seat(match.current_table, old, new, name)
        await self._tell(t, "replaced", [Announcement("tournament.replaced", {"team": team.name, "name": name})])
        return t

    async def advance(self, tournament_id: int, user_id: int, *, manager: bool = False,
                      guild_id: int | None = None) -> Tournament:
        """The organiser closes the current round now: open matches are judged (as at a deadline)."""
        t = self.get(tournament_id, guild_id)
        self.require_organiser(t, user_id, manager)
        if t.status is not TStatus.RUNNING:
            raise NotAllowed("tournament.not_running")
        await self._close_round(t, "tournament.advanced")
        return t

    async def cancel(self, tournament_id: int, user_id: int, *, manager: bool = False,
                     guild_id: int | None = None) -> Tournament:
        t = self.get(tournament_id, guild_id)
        self.require_organiser(t, user_id, manager)
        async with self.lock(tournament_id):
            t.cancel()
            await self._save(t)
        for m in (t.current.matches if t.current else ()):
            if m.current_table is not None:
                await self.tables.stop(t, m.current_table)
        await self._tell(t, "cancelled", [Announcement("tournament.cancelled", {"name": t.name})])
        return t

    # -- results ----------------------------------------------------------------------------------------
    async def note_sanction(self, rec: TableRecord, side: int, kind: str, points: int, hand: int,
                            by: int | None = None) -> None:
        """A referee's ruling (by ``by``) at one of the tournament's tables (``runtime.service.referee``), recorded
        with the
        tournament (``meta["sanctions"]``, shown with the standings); a disqualified team withdraws (取消比赛资格)."""
        t = self.tournaments.get(int(rec.meta.get("tournament") or 0))
        if t is None:
            return
        match = t.match(str(rec.meta.get("match")))
        team = t.team(match.teams[side])
        async with self.lock(t.tournament_id):
            t.meta.setdefault(SANCTIONS, []).append({"team": team.team_id, "kind": kind, "points": points,
                                                     "match": match.match_id, "hand": hand, "by": by})
            if kind == "disqualify" and t.status is TStatus.RUNNING and not team.withdrawn \
                    and any(p is not None for p in team.players):
                t.remove_team_of(next(p for p in team.players if p is not None))
            await self._save(t)
            await self._tell(t, "result", [Announcement(f"tournament.sanction_{kind}",
                                                        {"team": team.name, "points": points})])
            await self._after_results(t)

    async def _on_match_over(self, session: Session) -> None:
        """A table's match ended (the table's lock is held): record its game."""
        meta = session.record.meta
        t = self.tournaments.get(int(meta.get("tournament") or 0))
        if t is None or session.table is None or t.status is not TStatus.RUNNING:
            return
        result = finished_result(session.table, t.config)
        async with self.lock(t.tournament_id):
            await self._record(t, str(meta.get("match")), result, session.record.table_id)
            await self._after_results(t)

    async def _record(self, t: Tournament, match_id: str, result: GameResult, table_id: int | None) -> None:
        m = t.match(match_id)
        if m.decided or (table_id is not None and table_id != m.current_table):
            return  # already judged (e.g. a forfeit raced the table's end)
        m = t.record(match_id, GameResult(**{**result.__dict__, "table_id": table_id}))
        await self._save(t)
        params = {"a": t.team(m.a).name, "b": t.team(m.b).name if m.b else "-", "wins_a": m.wins[0],
                  "wins_b": m.wins[1], "diff": abs(m.diff),
                  "winner": t.team(m.winner).name if m.winner is not None else "-"}
        key = "tournament.match_won" if m.decided and m.winner is not None else \
            "tournament.match_drawn" if m.decided else "tournament.game_won"
        await self._tell(t, "result", [Announcement(key, params)])

    async def _after_results(self, t: Tournament) -> None:
        """Open the next game of an undecided best of three; draw the next round once this one is complete."""
        if t.status is not TStatus.RUNNING or t.current is None:
            return
        if not t.current.complete:
            await self._open_tables(t)
            return
        number = t.current.number
        nxt = t.draw_next(self.game.clock())
        cross = cross_announcement(t, number, self._locale(t))  # 复式: the round compared across tables
        if cross is not None:
            await self._tell(t, "result", [cross])
        if nxt is None:
            await self._finish(t)
            return
        await self._save(t)
        await self._round_opened(t)

    async def _round_opened(self, t: Tournament) -> None:
        rnd = t.current
        assert rnd is not None
        await self.arm_deadline(t)
        byes = [t.team(m.a).name for m in rnd.matches if m.is_bye]
        notes = [Announcement("tournament.round", {"round": rnd.number, "matches": sum(1 for m in rnd.matches
                                                                                        if not m.is_bye)})]
        notes += [Announcement("tournament.bye", {"team": name}) for name in byes]
        if rnd.number == 1:  # the draw (抽签) is announced to everyone, with the seed that reproduces it
            notes.insert(0, drawn(t, self._locale(t)))
        await self._tell(t, "round", notes, draw=True)
        await self._open_tables(t)
        if t.current is rnd and rnd.complete:  # a round of byes and forfeits only
            await self._after_results(t)

    async def _open_tables(self, t: Tournament) -> None:
        rnd = t.current
        assert rnd is not None
        for m in rnd.matches:
            m = t.match(m.match_id)
            if m.decided or m.current_table is not None:
                continue
            rec = self.tables.find(t, m) or await self.tables.open(t, m)
            t.attach_table(m.match_id, rec.table_id)
            await self._save(t)
            await self.no_shows.arm(t, m.match_id, rec.table_id)
            await self._tell(t, "table", [Announcement("tournament.table_opened", {
                "a": t.team(m.a).name, "b": t.team(m.b).name if m.b else "-", "round": rnd.number,
                "stage": match_stage(t, m, self._locale(t)), "table": rec.table_id,
                "game": len(m.games) + 1}), seated(t, m, rec.table_id, self._locale(t))],
                table_id=rec.table_id, match_id=m.match_id)

    async def _finish(self, t: Tournament) -> None:
        await self._save(t)
        standings = t.standings()
        placings = [Placing(t.tournament_id, user, t.team(s.team_id).name, s.rank, len(t.teams), s.points)
                    for s in standings for user in t.team(s.team_id).players if user is not None]
        await self.db.record_placings(t.tournament_id, t.guild_id, placings)
        champion = t.team(standings[0].team_id).name
        notes = [Announcement("tournament.finished", {"name": t.name, "team": champion}), *places_by_lot(t, standings)]
        await self._tell(t, "finished", notes, draw=True)

    # -- deadlines and closing a round -------------------------------------------------------------------
    async def arm_deadline(self, t: Tournament) -> None:
        """The stored timer of the current round's deadline, if it has one."""
        rnd = t.current
        if rnd is not None and rnd.deadline is not None:
            await store(self.db, None, rnd.deadline, DeadlineTimer(t.tournament_id, rnd.number))

    async def _on_deadline(self, spec: DeadlineTimer, timer: Timer) -> None:
        t = self.tournaments.get(spec.tournament)
        if t is None or t.status is not TStatus.RUNNING or t.current is None:
            return
        if t.current.number != spec.round or t.current.complete:
            return
        await self._close_round(t, "tournament.deadline_passed")

    async def _close_round(self, t: Tournament, key: str) -> None:
        assert t.current is not None
        number = t.current.number
        open_matches = [m for m in t.current.matches if not m.decided]
        stopped = {m.match_id: await self._stop_open(t, m) for m in open_matches}
        async with self.lock(t.tournament_id):
            if t.current is None or t.current.number != number:
                return
            for match_id, result in stopped.items():
                if result is not None and not t.match(match_id).decided:
                    await self._record(t, match_id, result, t.match(match_id).current_table)
                t.adjudicate(match_id)
            await self._save(t)
            await self._tell(t, "round_closed", [Announcement(key, {"round": number})])
            await self._after_results(t)

    async def _stop_open(self, t: Tournament, match: Match) -> GameResult | None:
        """Stop the table of ``match``'s game in progress, if any; its judged game (no tournament lock held)."""
        table_id = match.current_table
        return await self.tables.stop(t, table_id) if table_id is not None else None

    # -- storage, restart, presenting --------------------------------------------------------------------
    async def _save(self, t: Tournament) -> None:
        await self.db.save_tournament(t.tournament_id, t.to_json())

    async def restore(self) -> list[int]:
        """After ``GameService.restore_all``: load open tournaments and resume them (``runtime.tournament.restore``)."""
        return await restore_tournaments(self)

    def _locale(self, t: Tournament) -> str:
        return str(t.meta.get("locale") or self.game.pipeline.locale)

    async def _tell(self, t: Tournament, reason: str, notes: Sequence[Announcement] = (), *, draw: bool = False,
                    table_id: int | None = None, match_id: str | None = None) -> None:
        images = await pictures(t, self.game.pipeline.locale) if draw and self.images else ()
        try:
            await self.presenter.tournament_changed(TournamentUpdate(
                tournament=t, reason=reason, announcements=tuple(notes), images=images, table_id=table_id,
                match_id=match_id))
        except Exception:
            log.exception("tournament presenter failed on %d (%s)", t.tournament_id, reason)
