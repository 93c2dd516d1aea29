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

from engine.errors import EngineError
from runtime import GameService, Grant, Session, TableUpdate, build_panel, public_view
from web.state import public_json, refusal, seat_json

log = logging.getLogger(__name__)

MAX_OUTBOX = 64  # frames waiting for a page; more and the page is too slow: it is closed (it reconnects)
SEAT_GONE = ("act.not_seated", "error.not_your_panel")  # the grant's seat is no longer the user's

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
        self._per_user: dict[int, int] = {}  # user -> open pages

    def add(self, client: Client) -> None:
        self.clients.setdefault(client.grant.table_id, set()).add(client)
        user = client.grant.user_id
        self._per_user[user] = self._per_user.get(user, 0) + 1

    def pages_of(self, user_id: int) -> int:
        """The pages one user has open now, over every table."""
        return self._per_user.get(user_id, 0)

    def remove(self, client: Client) -> None:
        pages = self.clients.get(client.grant.table_id)
        if pages is not None and client in pages:
            user = client.grant.user_id
            left = self._per_user.get(user, 0) - 1
            if left > 0:
                self._per_user[user] = left
            else:
                self._per_user.pop(user, None)
            pages.discard(client)
            if not pages:
                del self.clients[client.grant.table_id]

    @property
    def connections(self) -> int:
        return sum(len(c) for c in self.clients.values())

    async def table_changed(self, update: TableUpdate) -> None:
        """Each open page of the table its state, with the clock the update armed (no planning, no reading)."""
        pages = self.clients.get(update.record.table_id)
        if pages:
            try:
                session = self.game.session(update.record.table_id)
            except Exception:
                return
            self.fan_out(session, list(pages), update.acted_seat, update.deadline, full=False)

    async def send_states(self, table_id: int, pages: list[Client], acted: int | None = None) -> None:
        """Pages just opened their whole state (the trick log entire), with the table's running clock as stored;
        an update (``table_changed``) carries the trick log's count only, the page appending ``last_trick``
        (``web.state``)."""
        try:
            session = self.game.session(table_id)
            deadline = await self.game.deadline(table_id)
        except Exception:
            return
        self.fan_out(session, pages, acted, deadline)

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

    async def close_all(self) -> None:
        for pages in list(self.clients.values()):
            for page in list(pages):
                await page.ws.close()
