"""The web table's presenter: every open page of a table gets each update, each only its own view.

``WebHub`` is a second ``runtime.presenter.Presenter`` beside Discord's (``Pipeline.observers``): the service calls
it for every change, under the table's lock, so the state it reads is the update's. It builds and encodes (JSON) the
public part once per update, and each distinct frame once: one per seat with a page open (its private part built
once however many pages that seat has open), one shared by every spectator; the pages get the same text object, so
nothing is rendered or encoded per connection. A page's writer task sends its frames in order, a newer state
replacing one not sent yet (a slow page never holds the table or the others up).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from data.records import Status
from engine.errors import EngineError
from runtime.panel import build_panel
from runtime.pipeline import PAUSED
from runtime.planner import plan
from runtime.presenter import TableUpdate
from runtime.service import GameService
from runtime.session import Session
from runtime.timers import CloseTimer, ReminderTimer, TimerSpec, decode
from runtime.viewcache import public_view
from runtime.weblinks import Grant
from web.state import public_json, refusal, seat_json

log = logging.getLogger(__name__)

MAX_OUTBOX = 64  # frames waiting for a page; more and the page is too slow: it is closed (it reconnects)
CLOCK_KINDS = (ReminderTimer.kind, CloseTimer.kind)  # a turn's clock (its reminder or timeout), the window
SEAT_GONE = ("act.not_seated", "bot.error.not_your_panel")  # the grant's seat is no longer the user's

Authorize = Callable[[Grant], Awaitable[None]]  # raises the refusal (``EngineError``) when a grant no longer holds


class Client:
    """One open page: its socket, what it may see (``grant``), its locale and its queue of frames.

    Every frame is sent only after ``authorize`` agreed that the grant still holds *at that moment* (the seat is
    still the user's, the session not revoked, the user still a member): otherwise the page is told why (a fatal
    refusal: ``web.seat_lost``, ``web.link_revoked``…) and its socket is closed, nothing else sent."""

    def __init__(self, ws: web.WebSocketResponse, grant: Grant, locale: str, authorize: Authorize) -> None:
        self.ws = ws
        self.grant = grant
        self.locale = locale
        self.authorize = authorize
        self.outbox: deque[tuple[bool, str]] = deque()  # (is a state, text)
        self.wake = asyncio.Event()
        self.closing: asyncio.Future[bool] | None = None

    def push(self, frame: dict[str, Any], *, state: bool = False) -> None:
        self.enqueue(encode(frame), state=state)

    def enqueue(self, text: str, *, state: bool = False) -> None:
        """Queue an encoded frame (``state``: replaces a state not sent yet)."""
        if state:  # only the newest state matters
            self.outbox = deque(item for item in self.outbox if not item[0])
        if len(self.outbox) >= MAX_OUTBOX:
            log.info("web page of user %d too slow; closing it", self.grant.user_id)
            self.outbox.clear()
            self.closing = asyncio.ensure_future(self.ws.close())
            return
        self.outbox.append((state, text))
        self.wake.set()

    async def run(self) -> None:
        """Send the queued frames until the socket closes (each one only while the grant holds)."""
        while not self.ws.closed:
            await self.wake.wait()
            self.wake.clear()
            while self.outbox and not self.ws.closed:
                if not await self.still_allowed():
                    return
                _, text = self.outbox.popleft()
                try:
                    await self.ws.send_str(text)
                except (ConnectionError, RuntimeError):
                    return

    async def still_allowed(self) -> bool:
        """The grant still holds; else the page is told why and closed (False)."""
        try:
            await self.authorize(self.grant)
        except EngineError as exc:
            key = "web.seat_lost" if exc.key in SEAT_GONE else exc.key
            log.info("web page of user %d at table %d refused (%s); closing it", self.grant.user_id,
                     self.grant.table_id, key)
            self.outbox.clear()
            try:
                await self.ws.send_str(encode({**refusal(key, self.locale, **exc.params), "fatal": True}))
                await self.ws.close()
            except (ConnectionError, RuntimeError):
                pass
            return False
        return True


def encode(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


class WebHub:
    """The open pages of every table, and the presenter that keeps them current."""

    def __init__(self, game: GameService) -> None:
        self.game = game
        self.clients: dict[int, set[Client]] = {}
        self._dues: dict[int, dict[str, tuple[TimerSpec, float]]] = {}  # table -> key -> (timer, due)

    def add(self, client: Client) -> None:
        self.clients.setdefault(client.grant.table_id, set()).add(client)

    def remove(self, client: Client) -> None:
        pages = self.clients.get(client.grant.table_id)
        if pages is not None:
            pages.discard(client)
            if not pages:
                del self.clients[client.grant.table_id]
                self._dues.pop(client.grant.table_id, None)

    @property
    def connections(self) -> int:
        return sum(len(c) for c in self.clients.values())

    async def table_changed(self, update: TableUpdate) -> None:
        pages = self.clients.get(update.record.table_id)
        if pages:
            await self.send_states(update.record.table_id, list(pages), update.acted_seat, full=False)
        else:  # the timers move on unseen: read them again when a page opens
            self._dues.pop(update.record.table_id, None)

    async def send_states(self, table_id: int, pages: list[Client], acted: int | None = None, *,
                          full: bool = True) -> None:
        """Each page its state: the public part built once, a seat's part once per seat; an update
        (``full=False``) carries the trick log's count only, the page appending ``last_trick`` (``web.state``)."""
        try:
            session = self.game.session(table_id)
        except Exception:
            return
        self.fan_out(session, pages, acted, await self._deadline(session), full=full)

    def fan_out(self, session: Session, pages: list[Client], acted: int | None, deadline: float | None, *,
                full: bool = True) -> None:
        """Build, encode and queue the frames (no awaiting: the table cannot change meanwhile)."""
        rec, table = session.record, session.table
        view = public_view(table) if table is not None else None  # shared with the move and the panels
        base = public_json(rec, view, deadline, log=full)
        base["acted"] = acted
        base["now"] = self.game.clock()
        base["version"] = table.version if table is not None else 0
        public = encode(base)
        texts: dict[int, str] = {}  # seat (-1: spectators) -> the frame's text, encoded once
        for page in pages:
            seat = page.grant.seat
            text = texts.get(seat)
            if text is None:
                private = "" if seat < 0 or table is None else \
                    ',"private":' + encode(seat_json(build_panel(rec, table, seat, session.queued.get(seat))))
                text = texts[seat] = f'{{"type":"state","you":{seat},"public":{public}{private}}}'
            page.enqueue(text, state=True)

    async def _deadline(self, session: Session) -> float | None:
        """When the current turn's clock runs out (its 托管 timeout), or the declaration window closes: the timers
        the table needs now (``runtime.planner.plan``), a timer already running keeping its due time — as
        ``Pipeline.arm`` will store them right after this update (the hub is told before the timers are re-armed,
        so the stored ones may still be the previous turn's). The due times are remembered per table while it has
        pages open; a table seen first reads its stored timers once."""
        rec, table = session.record, session.table
        tid = rec.table_id
        if table is None or rec.status is not Status.PLAYING or rec.meta.get(PAUSED):
            self._dues.pop(tid, None)
            return None
        known = self._dues.get(tid)
        if known is None:
            known = {}
            try:
                for tm in await self.game.db.table_timers(tid):
                    stored = decode(tm.kind, tm.payload)
                    if stored is not None:
                        known[stored.key] = (stored, tm.due_at)
            except Exception:
                log.warning("table %d: reading its timers failed", tid, exc_info=True)
        wanted = {w.key: known.get(w.key, (w.spec, w.due_at))
                  for w in plan(rec, table, self.game.clock(), session.queued)}
        self._dues[tid] = wanted
        default = rec.options.reminder_before
        ends = [due + spec.lead(default) for spec, due in wanted.values() if spec.kind in CLOCK_KINDS]
        return min(ends) if ends else None

    async def close_all(self) -> None:
        for pages in list(self.clients.values()):
            for page in list(pages):
                await page.ws.close()
