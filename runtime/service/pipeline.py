"""The path of every change of a table: apply → commit → record results → render → present → re-arm.

Callers hold the session's lock. ``apply`` commits before anything is shown. Memory never runs ahead of
storage: if the commit fails the engine table is rebuilt from storage (or, storage unreachable, marked ``stale``
and rebuilt before its next change: ``fresh``), ``on_storage_error`` tells the watchdog (``runtime.service.watchdog``)
and the player gets ``faults.not_saved`` (no driver text). Settled hands go to the ladder (``record_hand``), the match
end to ``record_match``; the table record then says ``finished`` — last, so a restart or the watchdog finishes a
match end cut short (``runtime.service.recovery``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from data.database import Database
from data.errors import DataError
from data.records import Status, TableRecord
from data.replay import commit_action, restore_table
from data.shapes import DEFAULT_SHAPE, shape_key
from engine.actions import Action, Play
from engine.cards import Card
from engine.events import CardDealt, Event, HandSettled, MatchOver, TrickWon
from engine.views import Phase, PublicView
from i18n import t
from runtime.announce.events import from_events, turn_prompts
from runtime.clock.planner import clock_deadline, plan, stored_timers, sync_timers
from runtime.pictures import imaging
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import Announcement, Image, LivePicture, Presenter, TableUpdate, UpdateReason
from runtime.records.ladder_shapes import ladder_title
from runtime.records.names import player_names
from runtime.service.recovery import record_hand, record_match_end
from runtime.service.session import Session
from runtime.views.cache import public_view, seat_view

log = logging.getLogger(__name__)
PAUSED = "paused"  # meta key: no clocks (AI moves, timeouts) while set (GameService.pause; the reason, e.g. "gone")

DEAL_PICTURE_EVERY = 25


class Pipeline:
    """Shared by the service's moves and the timer handlers."""

    def __init__(self, db: Database, presenter: Presenter, clock: Callable[[], float], images: ImagePolicy,
                 locale: str) -> None:
        self.db = db
        self.presenter = presenter
        self.clock = clock
        self.images = images
        self.locale = locale
        self.match_listeners: list[Callable[[Session], Awaitable[None]]] = []  # after a match ends (tournaments)
        self.observers: list[Presenter] = []  # more interfaces told of every update after ``presenter`` (the web table)
        self.on_storage_error: Callable[[int | None], None] | None = None  # the watchdog (runtime.service.watchdog)

    def locale_of(self, session: Session) -> str:
        return str(session.record.meta.get("locale") or self.locale)

    # -- a committed action ------------------------------------------------------------------------------
    async def apply(self, session: Session, action: Action, *, acted_seat: int | None,
                    announcements: Sequence[Announcement] = (),
                    reason: UpdateReason = UpdateReason.ACTION) -> list[Event]:
        """Apply and commit ``action``, then present and re-arm; the events."""
        await self.fresh(session)
        table = session.table
        assert table is not None
        session.touched = self.clock()
        before = public_view(table)
        events = table.apply(action)
        try:
            await commit_action(self.db, session.record.table_id, table, action)
        except Exception as exc:
            await self._not_committed(session, exc)
        if isinstance(action, Play) and action.seat is not None:
            await self.unqueue(session, action.seat)
        if acted_seat is not None:  # its view is shown next (the answer's panel): the public view comes with it
            seat_view(table, acted_seat)
        after = public_view(table)
        if after.phase is not Phase.PLAYING:
            await self.unqueue(session)
        notes = [*announcements, *from_events(session.record, events, after),
                 *turn_prompts(session.record, before, after)]
        picture = self._table_picture(session, after, events)  # drawn meanwhile (newest only), not waited for
        try:
            images = await self._results(session, events, after, notes)
        except Exception:  # the move is committed and stands: the table must go on (shown, its clocks armed)
            log.exception("recording the results of table %d failed; the move stands", session.record.table_id)
            self.storage_failed(session.record.table_id)  # the watchdog finishes recording them
            images = []
        private = {s: tuple(e for e in events if e.to == s) for s in range(table.rules.players)}
        deadline = await self._arm_committed(session)  # armed first: the update carries the clock it set
        update = TableUpdate(
            record=session.record, version=table.version, reason=reason, view=after,
            events=tuple(e for e in events if e.is_public), private={s: ev for s, ev in private.items() if ev},
            images=tuple(images), table=picture,
            announcements=tuple(notes), acted_seat=acted_seat, deadline=deadline)
        await self.present(update)
        if any(isinstance(e, MatchOver) for e in events):
            await self._match_over(session)
        return events

    # -- storage faults ----------------------------------------------------------------------------------
    async def _arm_committed(self, session: Session) -> float | None:
        """``arm`` after a committed move; its deadline. If storage refuses the timers, the move still stands: the
        table is marked for the watchdog, which re-plans its timers once storage answers (nothing else would move
        it)."""
        try:
            return await self.arm(session)
        except Exception as exc:
            tid = session.record.table_id
            log.error("table %d: its timers were not stored (%s); the move stands, the watchdog re-plans them",
                      tid, type(exc).__name__)
            self.storage_failed(tid)
            return None

    def storage_failed(self, table_id: int | None) -> None:
        if self.on_storage_error is not None:
            self.on_storage_error(table_id)

    async def _not_committed(self, session: Session, exc: Exception) -> None:
        """The move just applied in memory was not committed: undo it (reload the table from storage, or mark it
        ``stale`` while storage cannot be read) and refuse it with a localized key; always raises."""
        tid = session.record.table_id
        log.error("table %d: the move was not saved (%s: %s); reloading the table", tid, type(exc).__name__,
                  str(exc).splitlines()[0] if str(exc) else "")
        session.stale = True
        self.storage_failed(tid)
        with contextlib.suppress(DataError):  # else still stale: reloaded before the table's next change
            await self.fresh(session)
        if isinstance(exc, DataError) and exc.key.startswith(("faults.", "data.fenced")):
            raise exc
        raise DataError("faults.not_saved") from exc

    async def fresh(self, session: Session) -> None:
        """Reload a ``stale`` table from storage (``faults.storage_down`` if it still cannot be read)."""
        if not session.stale:
            return
        tid = session.record.table_id
        try:
            session.table = await restore_table(self.db, tid)
        except Exception as exc:
            log.warning("table %d: still not reloaded from storage (%s)", tid, type(exc).__name__)
            raise DataError("faults.storage_down") from exc
        session.stale = False
        log.info("table %d reloaded from storage at version %d", tid, session.table.version)

    async def _match_over(self, session: Session) -> None:
        for listener in list(self.match_listeners):
            try:
                await listener(session)
            except Exception:
                log.exception("match listener failed on table %d", session.record.table_id)

    async def _results(self, session: Session, events: Sequence[Event], view: PublicView,
                       notes: list[Announcement]) -> list[Image]:
        """Record settled hands and the match end; the public pictures of this change that are posted (records)."""
        rec, locale = session.record, self.locale_of(session)
        draw = self.images is not ImagePolicy.NONE
        images: list[Image] = []
        public = [e for e in events if e.is_public]
        kinds = {type(e) for e in public}
        if TrickWon in kinds and (self.images is ImagePolicy.TRICKS or (draw and rec.options.trick_pictures)):
            images.append(await imaging.trick_image(view, rec.names, locale))  # the quiet thread logs a line instead
        for e in public:
            if isinstance(e, HandSettled):
                result = e.result
                await record_hand(self.db, rec, result)
                if draw:
                    images.append(await imaging.hand_summary_image(result, rec.names, locale, view.rules))
        if MatchOver in kinds:
            before = await self._ratings(rec)
            session.record = await record_match_end(self.db, rec, view.match_winner)
            notes.append(Announcement("announce.ladder_updated", {"changes": rating_changes(
                rec, before, await self._ratings(rec), locale)}))
            if draw:
                images.append(await imaging.match_summary_image(view, rec.names, locale))
                shape = shape_key(rec.rules.shape)  # the table shape's own ladder (data.shapes)
                rows = await self.db.leaderboard(rec.guild_id, shape=shape)
                seated = {u: rec.seats[s].name for s, u in rec.humans.items()}  # type: ignore[union-attr]
                names = await player_names(self.db, rec.guild_id, [p.user_id for p in rows], locale, seated)
                title = None if shape == DEFAULT_SHAPE else ladder_title("rating", shape, locale)
                images.append(await imaging.ladder_image(rows, names, locale, title=title))
        return images

    def _table_picture(self, session: Session, view: PublicView | None,
                       events: Sequence[Event] = ()) -> LivePicture | None:
        """The live message's picture of the table (``EVERY_ACTION``; not for a live deal's single cards), queued to
        be drawn in the background: only the table's newest state is drawn (``imaging.table_picture``)."""
        kinds = {type(e) for e in events if e.is_public}
        if view is None or self.images is not ImagePolicy.EVERY_ACTION or _quiet_deal(kinds, view):
            return None
        rec = session.record
        return imaging.table_picture(rec.table_id, view, rec.names, self.locale_of(session), view_version(session),
                                     compact=not rec.options.trick_pictures)

    async def _ratings(self, rec: TableRecord) -> dict[int, float]:
        """seat -> rating of each human seat on the ladder of the table's shape (absent: no rated match yet)."""
        out: dict[int, float] = {}
        for seat, user in rec.humans.items():
            stats = await self.db.player_stats(rec.guild_id, user, shape=shape_key(rec.rules.shape))
            if stats is not None and stats.matches_won + stats.matches_lost > 0:
                out[seat] = stats.rating
        return out

    # -- queued plays ------------------------------------------------------------------------------------
    async def queue(self, session: Session, seat: int, cards: tuple[Card, ...]) -> None:
        """Make ``cards`` the play of ``seat`` for its next turn: stored first (a restart keeps it)."""
        assert session.table is not None
        await self.db.set_queued_play(session.record.table_id, seat, cards, session.table.version)
        session.queued[seat] = cards

    async def unqueue(self, session: Session, seat: int | None = None) -> None:
        """Forget the queued play of ``seat`` (``None``: every seat's). A failed delete is only logged: the
        action that made it stale is committed, and ``session.restore_queued`` discards such a row."""
        seats = list(session.queued) if seat is None else [seat] if seat in session.queued else []
        for s in seats:
            session.queued.pop(s, None)
        if not seats:
            return
        try:
            await self.db.clear_queued_plays(session.record.table_id, seat)
        except Exception:
            log.exception("table %d: clearing queued plays %s failed", session.record.table_id, seats)

    # -- changes without an action -----------------------------------------------------------------------
    async def publish(self, session: Session, reason: UpdateReason, announcements: Sequence[Announcement] = (), *,
                      arm: bool = False) -> None:
        """Tell the presenter about a change that is not an engine action (lobby, 托管, reminder, restore); ``arm``:
        the table's timers are re-armed first (the update carries the clock they set), else read as stored."""
        deadline = await self._arm_committed(session) if arm else await self.deadline(session)
        table = session.table
        view = public_view(table) if table is not None else None
        fresh = reason in (UpdateReason.RESTORED, UpdateReason.STARTED)
        picture = self._table_picture(session, view) if fresh else None
        notes = list(announcements)
        if fresh and view is not None:
            notes += turn_prompts(session.record, None, view)
        await self.present(TableUpdate(record=session.record, version=table.version if table else 0, reason=reason,
                                       view=view, table=picture, announcements=tuple(notes), deadline=deadline))

    async def present(self, update: TableUpdate) -> None:
        """Every update to the presenter, then to each observer (one failing does not stop the others)."""
        for presenter in (self.presenter, *self.observers):
            try:
                await presenter.table_changed(update)
            except Exception:
                log.exception("presenter failed on table %d (%s)", update.record.table_id, update.reason)

    async def arm(self, session: Session) -> float | None:
        """Store the timers the table needs now (stored deadlines with the same key are kept); the deadline they
        set (``planner.clock_deadline``)."""
        if session.stale:
            return None  # memory is ahead of storage: the watchdog reloads and re-plans the table
        if not self._clocked(session):
            await self.db.cancel_timers(session.record.table_id)
            return None
        assert session.table is not None
        wanted = plan(session.record, session.table, self.clock(), session.queued)
        return clock_deadline(session.record, await sync_timers(self.db, session.record.table_id, wanted))

    async def deadline(self, session: Session) -> float | None:
        """The deadline of the table's stored timers (``None``: no clock running, or storage not answering)."""
        if session.stale or not self._clocked(session):
            return None
        try:
            return clock_deadline(session.record, await stored_timers(self.db, session.record.table_id))
        except Exception:
            log.warning("table %d: reading its timers failed", session.record.table_id, exc_info=True)
            return None

    @staticmethod
    def _clocked(session: Session) -> bool:
        """The table runs clocks: in play and not paused (the interface lost the table's thread: cogs.delivery)."""
        rec = session.record
        return session.table is not None and rec.status is Status.PLAYING and not rec.meta.get(PAUSED)


def rating_changes(rec: TableRecord, before: dict[int, float], after: dict[int, float], locale: str = "en") -> str:
    """``alice 27.4 (+1.3) · bob 22.0 (new)``: the humans' ladder ratings after the match and the change (a
    player's first rated match says *new*, not the whole rating as a gain)."""
    parts = []
    for seat, rating in sorted(after.items()):
        change = f"{rating - before[seat]:+.1f}" if seat in before else t("records.ladder.new", locale)
        parts.append(f"{rec.names[seat]} {rating:.1f} ({change})")
    return " · ".join(parts) or "-"


def _quiet_deal(kinds: set[type[Event]], view: PublicView) -> bool:
    """A live deal step that only dealt one card: the table picture is redrawn every ``DEAL_PICTURE_EVERY``
    cards only (fewer message edits; each dealt card still comes as an event)."""
    return kinds == {CardDealt} and view.cards_dealt % DEAL_PICTURE_EVERY != 0


def view_version(session: Session) -> int:
    return session.table.version if session.table is not None else 0
