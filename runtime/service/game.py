"""``GameService``: the one entry point of the cogs and the offline job (no Discord here).

A move: ``act(table_id, user_id, action)`` checks the user sits at the table and may act now →
``Table.apply`` (``IllegalAction`` passes through with its key; nothing changes) → ``data/`` commits
the action → the presenter gets a ``TableUpdate`` (events, pictures, announcements) → timers are
re-planned (AI moves, reminders, 托管, dealing, the declaration window, the next hand). A restart:
``restore_all()`` rebuilds every open table from its snapshot + action log, finishes recording results a kill
cut short (``runtime.service.recovery``) and re-arms its timers. Storage faults: ``runtime.service.watchdog``.

Stable API (cogs code against it): lobby ``open_table sit leave add_ai remove_ai kick set_rules set_mode
set_messages start end pause`` (``runtime.service.lobby``); play ``act play_text panel hand_image
legal_play_choices suggest queue_play cancel_queue go_away take_back stop_match`` (``runtime.service.play``);
queries ``session record tables find check_open tables_of_user deadline observe`` (``runtime.service.tables``);
a server's settings and records ``guild_settings dm_notify ladder_picture player_card match_history player_names
hand_replay is_open talk_is_off`` (``runtime.service.records``); lifecycle
``restore_all run_until_idle close`` (here). Queued plays are stored (``data.queued``) before the player is
told, and restored with their table.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable

from data import priority as data_priority
from data.database import Database
from data.records import Status
from data.replay import restore_tables
from data.timers import Timer
from engine.ai.levels import AiLevel
from runtime.access import TableLimits
from runtime.aipool import AiPool
from runtime.clock.planner import hold_clocks, resume_clocks
from runtime.clock.registry import TimerRegistry
from runtime.clock.scheduler import Scheduler
from runtime.clock.timers import TimerSpec
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import Presenter, UpdateReason
from runtime.records.names import NameBook
from runtime.records.seasons import SeasonPresenter, SeasonService
from runtime.service.aiturns import play_unlocked
from runtime.service.idempotency import Answers
from runtime.service.lobby import LobbyService
from runtime.service.pipeline import Pipeline
from runtime.service.play import PLAYER_ACTIONS, ActOutcome, PlayService
from runtime.service.records import RecordsService
from runtime.service.recovery import finish_records
from runtime.service.referee import RefereeService
from runtime.service.session import Session, evict_idle, restore_queued
from runtime.service.turns import TABLE_TIMERS, TableHandler
from runtime.service.undo import UndoService
from runtime.service.watchdog import Watchdog

__all__ = ["PLAYER_ACTIONS", "ActOutcome", "GameService"]

log = logging.getLogger(__name__)

IDLE_EVICT_S = 3600.0  # TRACTOR_IDLE_EVICT_S


class GameService(LobbyService, PlayService, RecordsService, UndoService, RefereeService):
    """See the module docstring (the lobby's operations are in ``runtime.service.lobby``, play's in
    ``runtime.service.play``, the tables in memory and their lookups in ``runtime.service.tables``).
    ``clock`` returns Unix seconds (tests inject a fake one); ``autorun`` starts the background timer task in
    ``restore_all`` (off: call ``run_until_idle``)."""

    def __init__(self, db: Database, presenter: Presenter, *, clock: Callable[[], float] = time.time,
                 rng_seed: int | None = None, images: ImagePolicy = ImagePolicy.EVERY_ACTION, locale: str = "en",
                 ai_budget: float = 0.5, takeover_level: AiLevel = AiLevel.BASIC, autorun: bool = True,
                 ai_pool: AiPool | None = None, table_limits: TableLimits | None = None,
                 idle_evict_s: float = IDLE_EVICT_S) -> None:
        self.db = db
        self.table_limits = table_limits or TableLimits()
        self.clock = clock
        self.takeover_level = takeover_level
        self.ai_budget = ai_budget
        self.ai_pool = ai_pool  # None: AI decisions in a thread of this process
        self.autorun = autorun
        self.idle_evict_s = idle_evict_s  # an async table without a move for this long is evicted (0: never)
        self._swept = clock()
        self.sessions: dict[int, Session] = {}
        self.answers = Answers()  # requests applied once (runtime.service.idempotency)
        self._seeds = random.Random(rng_seed) if rng_seed is not None else random.SystemRandom()
        self.pipeline = Pipeline(db, presenter, clock, images, locale)
        self.names = NameBook(db)  # players' last seen display names (runtime.records.names)
        self.timers = TimerRegistry()  # every timer kind's handler (the tournament service adds its own)
        for kind, handle in TABLE_TIMERS:
            self.timers.register(kind, self._table_timer(handle))
        self.scheduler = Scheduler(db, self._on_timer, clock)
        self.watchdog = Watchdog(self)
        self.pipeline.on_storage_error = self.scheduler.on_error = self.watchdog.storage_failed

    # -- lifecycle ------------------------------------------------------------------------------------------
    async def restore_all(self) -> list[int]:
        """Load every open table (lobby or playing) from ``data/``, re-plan its timers (stored deadlines
        are kept; the humans' turn clocks resume with what they had left when the bot stopped, or in full after a
        kill: ``planner.resume_clocks``), tell
        the presenter (reason ``restored``) and start the timer task if ``autorun``."""
        restored: list[int] = []
        records = await self.db.open_tables()
        tables = await restore_tables(self.db, [r.table_id for r in records if r.status is Status.PLAYING])
        for rec in records:
            table = tables.get(rec.table_id)
            if rec.status is Status.PLAYING and table is None:
                continue  # logged by restore_tables; left as is
            session = Session(rec, table)
            session.touched = self.clock()
            if table is not None:
                session.queued = await restore_queued(self.db, rec, table)
            self.sessions[rec.table_id] = session
            async with session.lock:
                await finish_records(self.db, session)
                if table is not None:  # the clocks resume before they are armed and shown
                    await resume_clocks(self.db, rec.table_id, self.clock())
                await self.pipeline.publish(session, UpdateReason.RESTORED, arm=True)
            restored.append(rec.table_id)
        log.info("restored %d open tables", len(restored))
        if self.autorun:
            self.scheduler.start()
            self.watchdog.start()
        return restored

    def season_service(self, presenter: SeasonPresenter,
                       server_locale: Callable[[int], str] | None = None) -> SeasonService:
        """The server's seasons (``runtime.records.seasons``), their end dates armed on this service's timers."""
        return SeasonService(self.db, presenter, self.clock, self.timers, server_locale)

    async def run_until_idle(self, max_rounds: int = 1_000_000) -> int:
        """Fire due timers until none is due now (tests, the offline job); how many fired."""
        return await self.scheduler.run_due(max_rounds)

    async def stop_timers(self) -> None:
        """No timer falls due any more (a graceful stop begins: the moves in progress finish, none starts)."""
        await self.scheduler.stop()

    async def finish_moves(self, timeout: float) -> None:
        """Wait (at most ``timeout`` s) until no table is in the middle of a move: a click being applied and
        committed when the bot is asked to stop completes before the database closes."""
        async def every_table() -> None:
            for session in list(self.sessions.values()):
                async with session.lock:
                    pass

        try:
            await asyncio.wait_for(every_table(), timeout)
        except TimeoutError:
            log.warning("a move was still running after %.0f s at shutdown", timeout)

    async def close(self, *, close_database: bool = False) -> None:
        """Stop the timer task and the watchdog, and hold the humans' turn clocks (``planner.hold_clocks``: they
        resume at the next start with what they have left now). The database stays open unless
        ``close_database`` (its owner closes it)."""
        await self.watchdog.stop()
        await self.scheduler.stop()
        try:
            held = await hold_clocks(self.db, self.clock())
        except Exception as exc:  # storage gone: the clocks start again in full at the next start
            log.warning("the turn clocks could not be held (%s): they start again in full at the next start", exc)
        else:
            if held:
                log.info("held %d turn clocks until the next start", held)
        if close_database:
            await self.db.close()

    def _sweep(self) -> None:
        """Evict idle tables now and then (on the bot's own activity: no task of its own)."""
        if self.idle_evict_s > 0 and self.clock() - self._swept >= min(60.0, self.idle_evict_s / 2):
            self._swept = self.clock()
            evict_idle(self.sessions, self._swept, self.idle_evict_s)

    async def _on_timer(self, timer: Timer) -> None:
        self._sweep()
        self.watchdog.maybe_check()
        await self.timers.fire(timer)

    def _table_timer(self, handle: TableHandler) -> Callable[[TimerSpec, Timer], Awaitable[None]]:
        """A table timer kind's handler, run on its table (in play) with the table's locks held."""

        async def run(spec: TimerSpec, timer: Timer) -> None:
            session = self.sessions.get(timer.table_id or -1)
            if session is None or session.table is None or session.record.status is not Status.PLAYING:
                return
            # nobody waits for a timer's pictures or queries: an interaction's go first (and this table's if one waits)
            with data_priority.for_table(session.record.table_id):
                async with session.timers:  # its timers in order (seats deciding together would race: games vary)
                    async with session.lock:
                        await self.pipeline.fresh(session)  # a move not saved before: reloaded (or this timer fails)
                        turn = await handle(self, session, spec, timer)
                    if turn is not None:  # an AI thinks without the table's lock: its clicks are served meanwhile
                        await play_unlocked(self, session, turn)

        return run
