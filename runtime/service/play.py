"""The service's play operations (``PlayService``, part of ``runtime.service.game.GameService``): a player's move
(``act``), the panel, the hand picture, hints and autocomplete, queued plays, 托管 (``go_away``/``take_back``) and
calling time. A move is checked (seated, playing, their turn, the version they saw), applied and committed by the
``runtime.service.pipeline`` before it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from data.records import Seat, Status, TableRecord
from engine.actions import Action, Bury, Declare, Pass, Play, StopMatch
from engine.ai import suggest as ai_suggest
from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.events import Event
from engine.views import Phase
from runtime.access import Caller, seat_for
from runtime.errors import NotAllowed, TableNotFound
from runtime.pictures.imaging import hand_image
from runtime.presenter import Announcement, UpdateReason
from runtime.procedures import disciplined
from runtime.service import seating
from runtime.service.idempotency import Answers
from runtime.service.session import Session
from runtime.service.tables import TableRegistry
from runtime.views.cache import public_view, seat_view
from runtime.views.choices import autocomplete
from runtime.views.panel import Panel, build_panel
from runtime.views.versions import moved_since, view_current

PLAYER_ACTIONS = (Declare, Pass, Bury, Play)


@dataclass(frozen=True)
class ActOutcome:
    """The result of an accepted move: the committed ``version``, the events this seat may see, and the seat's
    panel after the move (what the answer to the click shows)."""

    version: int
    seat: int
    action: Action
    events: tuple[Event, ...]
    panel: Panel | None = None


Who = int | Caller  # an interaction's caller (looked up and authorized here), or a user id the caller vouches for
Choice = Action | Callable[[Panel], Action]  # the move, or how to read it off the seat's current panel
REFUSALS = (NotAllowed, EngineError)  # answers remembered for a request delivered again (not storage faults)


class PlayService(TableRegistry):
    """See the module docstring."""

    answers: Answers

    def _seat(self, session: Session, user_id: int) -> int:
        if session.record.status is not Status.PLAYING or session.table is None:
            raise NotAllowed("act.not_playing")
        seat = session.record.seat_of(user_id)
        if seat is None:
            raise NotAllowed("act.not_seated")
        return seat

    def _session_of(self, who: Who, table_id: int) -> Session:
        """The table a request names: for a ``Caller``, only in its channel or the table's thread (``find``)."""
        if isinstance(who, Caller):
            return self.session(self.find(who, table_id, here=True).table_id)
        return self.session(table_id)

    def _seat_of(self, session: Session, who: Who, seat: int | None = None) -> int:
        """The request's seat: a ``Caller`` is authorized (``Op.SEAT``: their own seat, ``seat`` if given) — the one
        lookup of a click; then the table must be in play."""
        if not isinstance(who, Caller):
            return self._seat(session, who)
        mine = seat_for(who, session.record, seat)
        if session.record.status is not Status.PLAYING or session.table is None:
            raise NotAllowed("act.not_playing")
        return mine

    def _panel(self, session: Session, seat: int) -> Panel:
        assert session.table is not None
        return build_panel(session.record, session.table, seat, session.queued.get(seat))

    def seen_version(self, table_id: int) -> int:
        """The table's version now (0 before the start): what a slash command saw when it arrived (``since=``)."""
        table = self.session(table_id).table
        return table.version if table is not None else 0

    def is_current(self, table_id: int, user_id: int, version: int) -> bool:
        """The user's panel drawn at ``version`` is still current for their seat (``runtime.views.versions``)."""
        session = self.session(table_id)
        seat = self._seat(session, user_id)
        assert session.table is not None
        return view_current(session.table, seat, version)

    def seat_panel(self, caller: Caller, table_id: int | None, seat: int | None = None,
                   version: int | None = None) -> Panel | None:
        """The caller's panel at the table named (in this channel): one lookup, authorized (``Op.SEAT``: their own
        seat, ``seat`` when a button names one); ``None`` when ``version`` is given and no longer current for the
        seat (``runtime.views.versions.view_current``)."""
        session = self.session(self.find(caller, table_id, here=True).table_id)
        mine = self._seat_of(session, caller, seat)
        panel = self._panel(session, mine)
        assert session.table is not None
        return panel if version is None or view_current(session.table, mine, version) else None

    def _check_since(self, session: Session, seat: int, since: int | None) -> None:
        if since is not None and session.table is not None and moved_since(session.table, seat, since):
            raise NotAllowed("act.duplicate")

    async def act(self, table_id: int, who: Who, action: Choice, *, version: int | None = None,
                  since: int | None = None, key: int | None = None, seat: int | None = None) -> ActOutcome:
        """Apply ``action`` for the seat of ``who`` (its ``seat`` field is replaced by that seat): a ``Caller`` is
        looked up and authorized once here (``_seat_of``); ``action`` may be read off the seat's current panel.

        Refused (nothing changes): ``table.not_found``, ``act.not_seated``, ``error.not_your_panel``,
        ``act.not_playing``, ``act.stale`` (``version`` given and the seat's view of it is out of date:
        ``runtime.views.versions.view_current``), ``act.duplicate`` (``since`` given — a slash command's
        arrival version — and the seat moved since, or a copy of the seat's last command:
        ``runtime.service.idempotency``),
        ``act.system_action``, ``act.not_your_turn``; the engine's ``IllegalAction`` keys pass through. Committed
        before it returns. ``key`` (the interaction's id): the same request delivered again gets the first answer.
        ``seat``: the seat a button names (another seat's panel is ``error.not_your_panel``).
        A move by a seat under 托管 gives the seat back to its player first."""
        session = self._session_of(who, table_id)
        async with session.serving():
            await self.pipeline.fresh(session)  # a move not saved before: reloaded, or ``faults.storage_down``
            mine = self._seat_of(session, who, seat)
            first = self.answers.recall(key)
            if first is not None:
                return first
            try:
                outcome = await self._act_locked(session, mine, action, version, since, key)
            except REFUSALS as exc:
                self.answers.keep_answer(key, exc)
                raise
            self.answers.keep_answer(key, outcome)
            return outcome

    async def _act_locked(self, session: Session, seat: int, choice: Choice, version: int | None,
                          since: int | None, key: int | None) -> ActOutcome:
        table = session.table
        assert table is not None
        if version is not None and not view_current(table, seat, version):
            raise NotAllowed("act.stale", version=version, current=table.version)
        self._check_since(session, seat, since)
        action = choice if isinstance(choice, Action) else choice(self._panel(session, seat))
        if not isinstance(action, PLAYER_ACTIONS):
            raise NotAllowed("act.system_action", action=action.kind)
        action = replace(action, seat=seat)
        if since is not None:  # a move command: not a copy of the last one
            self.answers.copy_of(session.record.table_id, seat, _move_of(action), key)
        if seat not in public_view(table).to_act:
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
        if since is not None:
            self.answers.moved(session.record.table_id, seat, _move_of(action), key)
        return ActOutcome(table.version, seat, action, tuple(e for e in events if e.visible_to(seat)),
                          self._panel(session, seat))

    def command_answered(self, table_id: int, user_id: int, key: int, at: int) -> None:
        """The move command ``key`` of the user was answered at ``at`` (``runtime.service.idempotency``)."""
        session = self.sessions.get(table_id)
        seat = session.record.seat_of(user_id) if session is not None else None
        if seat is not None:
            self.answers.answered(table_id, seat, key, at)

    async def play_text(self, table_id: int, user_id: int, text: str, *, version: int | None = None,
                        since: int | None = None) -> ActOutcome:
        """``act`` with a ``Play`` of the cards in ``text`` (lenient card syntax; ``card.invalid``)."""
        return await self.act(table_id, user_id, Play(cards=parse_cards(text)), version=version, since=since)

    def panel(self, table_id: int, user_id: int) -> Panel:
        """The user's seat panel (``act.not_playing``/``act.not_seated`` otherwise)."""
        session = self.session(table_id)
        return self._panel(session, self._seat(session, user_id))

    def seat_panel_of(self, table_id: int, seat: int, user_id: int) -> Panel:
        """The panel of ``seat`` while ``user_id`` still sits there (a refresh of their open panel; the seat is
        known, no lookup): ``act.not_playing``/``act.not_seated`` otherwise."""
        session = self.session(table_id)
        if session.record.status is not Status.PLAYING or session.table is None:
            raise NotAllowed("act.not_playing")
        occupant = session.record.seats[seat] if 0 <= seat < 4 else None
        if occupant is None or occupant.user_id != user_id:
            raise NotAllowed("act.not_seated")
        return self._panel(session, seat)

    async def panel_image(self, panel: Panel, selected: Sequence[int] = (), locale: str | None = None) -> bytes:
        """PNG of a panel's hand (its view is the seat's as the player may see it); ``selected`` as for
        ``hand_image``. Nothing looked up: the panel was."""
        image = await hand_image(panel.view, locale or self.pipeline.locale, panel.names, selected)
        return image.png

    async def hand_image(self, table_id: int, user_id: int, selected: Sequence[int] = (),
                         locale: str | None = None) -> bytes:
        """PNG of the user's hand; ``selected`` indexes ``engine.handorder.hand_order(view)`` (raised cards)."""
        session = self.session(table_id)
        seat = self._seat(session, user_id)
        assert session.table is not None
        view = disciplined(session.record, seat_view(session.table, seat))  # 比赛纪律: no kitty once play starts
        image = await hand_image(view, locale or self.pipeline.locale, session.record.names, selected)
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
        if table.phase is not Phase.PLAYING or seat not in public_view(table).to_act:
            return []
        return autocomplete(seat_view(table, seat), typed)

    def suggest(self, table_id: int, user_id: int) -> Action:
        """A hint (basic AI) for the user's current decision (``act.nothing_to_suggest`` if none)."""
        session = self.session(table_id)
        seat = self._seat(session, user_id)
        assert session.table is not None
        if seat not in public_view(session.table).to_act:
            raise NotAllowed("act.not_your_turn")
        action = ai_suggest(seat_view(session.table, seat))
        if action is None:
            raise NotAllowed("act.nothing_to_suggest")
        return action

    async def queue_play(self, table_id: int, who: Who, cards: Sequence[Card] | str, *,
                         since: int | None = None, key: int | None = None) -> tuple[Card, ...]:
        """Queue a play for the user's next turn (played then if still legal, else dropped with a notice);
        if it is already the user's turn, it is played at once. Stored before it returns (kept by a restart).
        ``since``/``key``: as for ``act`` (a copy of a slash command whose first copy moved the seat, or of the
        seat's last command, queues nothing)."""
        session = self._session_of(who, table_id)
        async with session.serving():
            seat = self._seat_of(session, who)
            self._check_since(session, seat, since)
            play = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
            if not play:
                raise NotAllowed("act.empty_play")
            if since is not None:
                self.answers.copy_of(table_id, seat, ("play", tuple(sorted(play, key=lambda c: c.index))), key)
            hand = seat_view(session.table, seat).hand  # type: ignore[arg-type]
            if any(play.count(c) > hand.count(c) for c in set(play)):
                raise NotAllowed("act.not_in_hand")
            await self.pipeline.queue(session, seat, play)
            await self.pipeline.arm(session)
            if since is not None:
                self.answers.moved(table_id, seat, ("play", tuple(sorted(play, key=lambda c: c.index))), key)
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
        rec = seating.set_away(session.record, seat, away)
        session.record = await self.db.save_table(rec)
        occupant: Seat = rec.seats[seat]  # type: ignore[assignment]
        key = ("announce.tuoguan_chosen" if chosen else "announce.tuoguan_taken") if away else "announce.tuoguan_back"
        notes = [Announcement(key, {"name": occupant.name}, user_id=occupant.user_id, seat=seat)]
        if publish:
            await self.pipeline.publish(session, UpdateReason.TUOGUAN, notes, arm=True)
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


def _move_of(action: Action) -> tuple[str, tuple[Card, ...]]:
    """What a move command asked: its kind and its cards (in any order)."""
    return action.kind, tuple(sorted(getattr(action, "cards", ()), key=lambda c: c.index))
