"""``GameService``: the one entry point of the cogs and the offline job (no Discord here).

A move: ``act(table_id, user_id, action)`` checks the user sits at the table and may act now →
``Table.apply`` (``IllegalAction`` passes through with its key; nothing changes) → ``data/`` commits
the action → the presenter gets a ``TableUpdate`` (events, pictures, announcements) → timers are
re-planned (AI moves, reminders, 托管, dealing, the declaration window, the next hand). A restart:
``restore_all()`` rebuilds every open table from its snapshot + action log and re-arms its timers.

Stable API (cogs code against it): lobby ``open_table sit leave add_ai remove_ai kick set_rules
set_mode set_messages start end``; play ``act play_text panel hand_image legal_play_choices suggest
queue_play cancel_queue go_away take_back stop_match``; queries ``record tables tables_of_user``; lifecycle
``restore_all run_until_idle close``. Queued plays are stored (``data.queued``) before the player is
told, and restored with their table.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from data import priority as data_priority
from data.database import Database
from data.records import Mode, Seat, Status, TableOptions, TableRecord
from data.replay import restore_tables
from data.timers import Timer
from engine.actions import Action, Bury, Declare, Pass, Play, StopMatch
from engine.ai import suggest as ai_suggest
from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.events import Event
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime import lobby
from runtime.access import Caller, TableLimits, check_open, find_table, valid_id
from runtime.aipool import AiPool
from runtime.choices import autocomplete
from runtime.errors import NotAllowed, TableNotFound
from runtime.imaging import ImagePolicy, hand_image
from runtime.panel import Panel, build_panel
from runtime.pipeline import PAUSED, Pipeline
from runtime.presenter import Announcement, Presenter
from runtime.scheduler import Scheduler
from runtime.session import Session, evict_idle, restore_queued
from runtime.turns import handle_timer, play_ai_turn

log = logging.getLogger(__name__)

PLAYER_ACTIONS = (Declare, Pass, Bury, Play)
IDLE_EVICT_S = 3600.0  # TRACTOR_IDLE_EVICT_S


@dataclass(frozen=True)
class ActOutcome:
    """The result of an accepted move: the committed ``version`` and the events this seat may see."""

    version: int
    seat: int
    action: Action
    events: tuple[Event, ...]


class GameService:
    """See the module docstring. ``clock`` returns Unix seconds (tests inject a fake one);
    ``autorun`` starts the background timer task in ``restore_all`` (off: call ``run_until_idle``)."""

    def __init__(self, db: Database, presenter: Presenter, *, clock: Callable[[], float] = time.time,
                 rng_seed: int | None = None, images: ImagePolicy = ImagePolicy.EVERY_ACTION, locale: str = "en",
                 ai_budget: float = 0.5, takeover_level: str = "basic", autorun: bool = True,
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
        self._seeds = random.Random(rng_seed) if rng_seed is not None else random.SystemRandom()
        self.pipeline = Pipeline(db, presenter, clock, images, locale)
        self.scheduler = Scheduler(db, self._on_timer, clock)
        self.timer_kinds: dict[str, Callable[[Timer], Awaitable[None]]] = {}  # timers of no table (tournaments)

    # -- lifecycle ------------------------------------------------------------------------------------------
    async def restore_all(self) -> list[int]:
        """Load every open table (lobby or playing) from ``data/``, re-plan its timers (stored deadlines
        are kept), tell the presenter (reason ``restored``) and start the timer task if ``autorun``."""
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
                await self.pipeline.publish(session, "restored")
                await self.pipeline.arm(session)
            restored.append(rec.table_id)
        log.info("restored %d open tables", len(restored))
        if self.autorun:
            self.scheduler.start()
        return restored

    async def run_until_idle(self, max_rounds: int = 1_000_000) -> int:
        """Fire due timers until none is due now (tests, the offline job); how many fired."""
        return await self.scheduler.run_due(max_rounds)

    async def close(self) -> None:
        """Stop the timer task (the database stays open; its owner closes it)."""
        await self.scheduler.stop()

    def _sweep(self) -> None:
        """Evict idle tables now and then (on the bot's own activity: no task of its own)."""
        if self.idle_evict_s > 0 and self.clock() - self._swept >= min(60.0, self.idle_evict_s / 2):
            self._swept = self.clock()
            evict_idle(self.sessions, self._swept, self.idle_evict_s)

    async def _on_timer(self, timer: Timer) -> None:
        self._sweep()
        other = self.timer_kinds.get(timer.kind)
        if other is not None:
            await other(timer)
            return
        session = self.sessions.get(timer.table_id or -1)
        if session is None or session.table is None or session.record.status is not Status.PLAYING:
            return
        # nobody waits for a timer's pictures or queries: an interaction's go first (and this table's if one waits)
        with data_priority.for_table(session.record.table_id):
            async with session.timers:  # its timers in order (seats deciding together would race: games would vary)
                async with session.lock:
                    turn = await handle_timer(self, session, timer)
                if turn is not None:  # an AI thinks without the table's lock: its clicks are served meanwhile
                    await play_ai_turn(self, session, turn)

    # -- queries --------------------------------------------------------------------------------------------
    def session(self, table_id: int) -> Session:
        session = self.sessions.get(table_id)
        if session is None:
            raise TableNotFound("table.not_found", table_id=table_id)
        return session

    def record(self, table_id: int) -> TableRecord:
        """The current record of a table in memory: open, or finished since the start-up
        (``table.not_found`` otherwise)."""
        return self.session(table_id).record

    def tables(self, guild_id: int | None = None, channel_id: int | None = None) -> list[TableRecord]:
        """Open tables, optionally of one guild/channel (or thread), oldest first."""
        return [s.record for tid, s in sorted(self.sessions.items()) if s.record.active
                and (guild_id is None or s.record.guild_id == guild_id)
                and (channel_id is None or channel_id in (s.record.channel_id, s.record.thread_id))]

    def find(self, caller: Caller, table_id: int | None = None, *, here: bool = False) -> TableRecord:
        """The open table a request names, only within the caller's guild (and channel/thread when ``here``):
        the one lookup of every command, button, select and autocomplete (``runtime.access.find_table``).
        A named table is looked up by its id (not a scan of every open table: one per click)."""
        if table_id is None:
            return find_table(self.tables(caller.guild_id), caller, None, here=here)
        session = self.sessions.get(table_id) if valid_id(table_id) else None
        named = [session.record] if session is not None and session.record.active else []
        return find_table(named, caller, table_id, here=here)

    def check_open(self, guild_id: int, host_id: int) -> None:
        """Raise ``security.limit.*`` if the guild or the host may not open another table now."""
        check_open((s.record for s in self.sessions.values() if s.record.active), guild_id, host_id,
                   self.table_limits)

    def tables_of_user(self, user_id: int) -> list[TableRecord]:
        """Open tables where ``user_id`` sits or hosts."""
        return [s.record for s in self.sessions.values() if s.record.active
                and (s.record.seat_of(user_id) is not None or s.record.host_id == user_id)]

    # -- lobby ----------------------------------------------------------------------------------------------
    async def open_table(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str,
                         rules: Rules | None = None, mode: Mode = Mode.ASYNC, options: TableOptions | None = None,
                         host_seat: int | None = 0, thread_id: int | None = None,
                         seed: int | None = None, limited: bool = True) -> TableRecord:
        """Create a lobby; the host sits in ``host_seat`` (``None``: the host only hosts). Refused past the
        open-table limits (``check_open``) unless not ``limited`` (a tournament's tables, bounded by its own
        limits)."""
        if limited:
            self.check_open(guild_id, host_id)
        rec = TableRecord(table_id=0, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                          rules=rules or Rules.from_preset("standard"), mode=Mode(mode),
                          seed=seed if seed is not None else self._seeds.randrange(2**62),
                          options=options or TableOptions(), thread_id=thread_id)
        if host_seat is not None:
            rec = lobby.sit(rec, host_id, host_name, host_seat)
        rec = await self.db.create_table(rec)
        session = Session(rec)
        session.touched = self.clock()
        self.sessions[rec.table_id] = session
        async with session.serving():
            await self.pipeline.publish(session, "lobby")
        log.info("table %d opened by %d in guild %d", rec.table_id, host_id, guild_id)
        return rec

    async def _lobby(self, table_id: int, change: Callable[[TableRecord], TableRecord], reason: str = "lobby",
                     announcements: Sequence[Announcement] = ()) -> TableRecord:
        session = self.session(table_id)
        async with session.serving():
            rec = change(session.record)
            session.record = await self.db.save_table(rec)
            await self.pipeline.publish(session, reason, announcements)
            return session.record

    async def sit(self, table_id: int, user_id: int, name: str, seat: int | None = None) -> TableRecord:
        return await self._lobby(table_id, lambda r: lobby.sit(r, user_id, name, seat))

    async def leave(self, table_id: int, user_id: int) -> TableRecord:
        return await self._lobby(table_id, lambda r: lobby.leave(r, user_id))

    async def add_ai(self, table_id: int, user_id: int, seat: int | None = None, level: str = "basic", *,
                     is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: lobby.add_ai(r, user_id, seat, level, is_admin))

    async def remove_ai(self, table_id: int, user_id: int, seat: int, *, is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: lobby.remove_ai(r, user_id, seat, is_admin))

    async def kick(self, table_id: int, user_id: int, seat: int, *, is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: lobby.kick(r, user_id, seat, is_admin))

    async def set_rules(self, table_id: int, user_id: int, rules: Rules, *, is_admin: bool = False) -> TableRecord:
        return await self._lobby(table_id, lambda r: lobby.set_rules(r, user_id, rules, is_admin))

    async def set_mode(self, table_id: int, user_id: int, mode: Mode,
                       options: TableOptions | None = None) -> TableRecord:
        return await self._lobby(table_id, lambda r: lobby.set_mode(r, user_id, mode, options))

    async def set_messages(self, table_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None,
                           table_message_id: int | None = None, **meta: object) -> TableRecord:
        """Remember where the interface shows the table (no presenter call)."""
        session = self.session(table_id)
        async with session.serving():
            rec = session.record
            rec = replace(rec, thread_id=thread_id if thread_id is not None else rec.thread_id,
                          lobby_message_id=lobby_message_id if lobby_message_id is not None else rec.lobby_message_id,
                          table_message_id=table_message_id if table_message_id is not None else rec.table_message_id,
                          meta={**rec.meta, **meta})
            session.record = await self.db.save_table(rec)
            return session.record

    async def pause(self, table_id: int, why: str | None) -> None:
        """Stop the table's clocks (AI moves, timeouts) while the interface cannot show it (``why`` is stored in the
        record's meta, e.g. ``"permission"`` or ``"gone"``), or restart them (``None``)."""
        session = self.session(table_id)
        async with session.serving():
            meta = {**session.record.meta, PAUSED: why}
            session.record = await self.db.save_table(replace(session.record, meta=meta))
            await self.pipeline.arm(session)

    async def start(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableRecord:
        """The host (or a manager) starts the match (all four seats filled): the timers deal the first hand."""
        session = self.session(table_id)
        async with session.serving():
            rec = lobby.start(session.record, user_id, is_admin)
            rec = replace(rec, meta={**rec.meta, "started_at": self.clock()})
            session.table = Table.new(rec.rules, rec.seed)
            session.record = await self.db.save_table(rec)
            await self.pipeline.publish(session, "started", [Announcement("announce.table_started", {})])
            await self.pipeline.arm(session)
            return session.record

    async def end(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableRecord:
        """The host (or an admin) closes the table; its timers are cancelled and it leaves memory."""
        session = self.session(table_id)
        async with session.serving():
            rec = lobby.end(session.record, user_id, is_admin)
            session.record = await self.db.save_table(rec)
            await self.db.cancel_timers(table_id)
            session.queued.clear()
            await self.db.clear_queued_plays(table_id)
            await self.pipeline.publish(session, "ended", [Announcement("announce.table_ended", {})])
            self.sessions.pop(table_id, None)
            return session.record

    # -- play -------------------------------------------------------------------------------------------------
    def _seat(self, session: Session, user_id: int) -> int:
        if session.record.status is not Status.PLAYING or session.table is None:
            raise NotAllowed("act.not_playing")
        seat = session.record.seat_of(user_id)
        if seat is None:
            raise NotAllowed("act.not_seated")
        return seat

    async def act(self, table_id: int, user_id: int, action: Action, *, version: int | None = None) -> ActOutcome:
        """Apply ``action`` for the user's seat (its ``seat`` field is replaced by the user's seat).

        Refused (nothing changes): ``act.not_playing``, ``act.not_seated``, ``act.stale`` (``version`` given
        and the table moved on), ``act.system_action``, ``act.not_your_turn``; the engine's
        ``IllegalAction`` keys pass through. Committed before it returns. A move by a seat under 托管
        gives the seat back to its player first."""
        session = self.session(table_id)
        async with session.serving():
            seat = self._seat(session, user_id)
            table = session.table
            assert table is not None
            if version is not None and version != table.version:
                raise NotAllowed("act.stale", version=version, current=table.version)
            if not isinstance(action, PLAYER_ACTIONS):
                raise NotAllowed("act.system_action", action=action.kind)
            action = replace(action, seat=seat)
            if seat not in table.to_act():
                raise NotAllowed("act.not_your_turn")
            announcements: list[Announcement] = []
            was_away = bool(session.record.seats[seat] and session.record.seats[seat].away)  # type: ignore[union-attr]
            if was_away:
                announcements += await self.set_away_locked(session, seat, False, publish=False)
            try:
                events = await self.pipeline.apply(session, action, acted_seat=seat, announcements=announcements)
            except EngineError:
                if was_away:  # refused: the seat stays under 托管 as before
                    await self.set_away_locked(session, seat, True, publish=False)
                raise
            return ActOutcome(table.version, seat, action, tuple(e for e in events if e.visible_to(seat)))

    async def play_text(self, table_id: int, user_id: int, text: str, *, version: int | None = None) -> ActOutcome:
        """``act`` with a ``Play`` of the cards in ``text`` (lenient card syntax; ``card.invalid``)."""
        return await self.act(table_id, user_id, Play(cards=parse_cards(text)), version=version)

    def panel(self, table_id: int, user_id: int) -> Panel:
        """The user's seat panel (``act.not_playing``/``act.not_seated`` otherwise)."""
        session = self.session(table_id)
        seat = self._seat(session, user_id)
        assert session.table is not None
        return build_panel(session.record, session.table, seat, session.queued.get(seat))

    async def hand_image(self, table_id: int, user_id: int, selected: Sequence[int] = (),
                         locale: str | None = None) -> bytes:
        """PNG of the user's hand; ``selected`` indexes ``render.hand_order(view)`` (raised cards)."""
        session = self.session(table_id)
        seat = self._seat(session, user_id)
        assert session.table is not None
        image = await hand_image(session.table.seat_view(seat), locale or self.pipeline.locale,
                                 session.record.names, selected)
        return image.png

    def legal_play_choices(self, table_id: int, user_id: int, typed: str) -> list[str]:
        """Autocomplete for ``/play``: legal plays (``"10H 10H"``) matching ``typed``; [] when not to play.
        When leading, the typed cards themselves come first if they could be a throw (held, one suit)."""
        try:
            session = self.session(table_id)
            seat = self._seat(session, user_id)
        except (TableNotFound, NotAllowed):
            return []
        table = session.table
        assert table is not None
        if table.phase is not Phase.PLAYING or seat not in table.to_act():
            return []
        return autocomplete(table.seat_view(seat), typed)

    def suggest(self, table_id: int, user_id: int) -> Action:
        """A hint (basic AI) for the user's current decision (``act.nothing_to_suggest`` if none)."""
        session = self.session(table_id)
        seat = self._seat(session, user_id)
        assert session.table is not None
        if seat not in session.table.to_act():
            raise NotAllowed("act.not_your_turn")
        action = ai_suggest(session.table.seat_view(seat))
        if action is None:
            raise NotAllowed("act.nothing_to_suggest")
        return action

    async def queue_play(self, table_id: int, user_id: int, cards: Sequence[Card] | str) -> tuple[Card, ...]:
        """Queue a play for the user's next turn (played then if still legal, else dropped with a notice);
        if it is already the user's turn, it is played at once. Stored before it returns (kept by a restart)."""
        session = self.session(table_id)
        async with session.serving():
            seat = self._seat(session, user_id)
            play = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
            if not play:
                raise NotAllowed("act.empty_play")
            hand = session.table.seat_view(seat).hand  # type: ignore[union-attr]
            if any(play.count(c) > hand.count(c) for c in set(play)):
                raise NotAllowed("act.not_in_hand")
            await self.pipeline.queue(session, seat, play)
            await self.pipeline.arm(session)
            return play

    async def cancel_queue(self, table_id: int, user_id: int) -> None:
        session = self.session(table_id)
        async with session.serving():
            await self.pipeline.unqueue(session, self._seat(session, user_id))
            await self.pipeline.arm(session)

    async def go_away(self, table_id: int, user_id: int) -> TableRecord:
        """The user hands their seat to the AI (托管) until ``take_back``."""
        session = self.session(table_id)
        async with session.serving():
            await self.set_away_locked(session, self._seat(session, user_id), True, chosen=True)
            return session.record

    async def take_back(self, table_id: int, user_id: int) -> TableRecord:
        """The user takes back control of a seat under 托管 (``act.not_away`` if it is not)."""
        session = self.session(table_id)
        async with session.serving():
            seat = self._seat(session, user_id)
            occupant = session.record.seats[seat]
            if occupant is None or not occupant.away:
                raise NotAllowed("act.not_away")
            await self.set_away_locked(session, seat, False)
            return session.record

    async def set_away_locked(self, session: Session, seat: int, away: bool = True, *, publish: bool = True,
                              chosen: bool = False) -> list[Announcement]:
        """Put ``seat`` under 托管 (after a timeout, or ``chosen`` by the player) or give it back (caller
        holds the lock); announce and re-arm if ``publish``."""
        rec = lobby.set_away(session.record, seat, away)
        session.record = await self.db.save_table(rec)
        occupant: Seat = rec.seats[seat]  # type: ignore[assignment]
        key = ("announce.tuoguan_chosen" if chosen else "announce.tuoguan_taken") if away else "announce.tuoguan_back"
        notes = [Announcement(key, {"name": occupant.name}, user_id=occupant.user_id, seat=seat)]
        if publish:
            await self.pipeline.publish(session, "tuoguan", notes)
            await self.pipeline.arm(session)
        return notes

    async def stop_match(self, table_id: int, user_id: int, *, is_admin: bool = False) -> list[Event]:
        """Call time in a ``timed`` match (host or admin; ``action.not_timed`` otherwise): between hands the match
        stops now, during a hand once it is settled (RULES §8); more laps, then the higher level wins."""
        session = self.session(table_id)
        async with session.serving():
            if user_id != session.record.host_id and not is_admin:
                raise NotAllowed("lobby.not_host")
            if session.table is None or session.record.status is not Status.PLAYING:
                raise NotAllowed("act.not_playing")
            return await self.pipeline.apply(session, StopMatch(), acted_seat=None)
