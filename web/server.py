"""The web table's HTTP server (aiohttp, in the bot's process and event loop): pages, links and WebSockets.

- ``GET /t/{token}``: a link from Discord (``runtime.links.weblinks``) is used once: a session cookie for that table is
  set and the page opens (``/table/{id}``); a refused link gets a localized page (HTTP 403);
- ``GET /table/{id}``: the page (static HTML/CSS/JS from ``web/static``, no build step);
- ``GET /ws/{id}``: the page's WebSocket: the session cookie says who it is (and a browser's ``Origin`` must be
  this server); then state frames (``web.hub``) out, requests (``web.frames``) in;
- ``GET /ladder/{token}``: a server's public ladder page, when its managers turned it on (``web.ladder_page``);
- ``GET /i18n/{locale}.json``: the page's texts (``i18n/web.py`` and the card/suit names it shows);
- ``GET /activity`` (and ``/`` as Discord opens an Activity, with ``frame_id``): the page in Activity mode, and
  ``POST /activity/token``: its OAuth2 code exchanged for a session (``web.activity``); such a page's socket
  presents the session as its first frame (``{"op": "auth", "session": …}``, socket ``?auth=frame``) instead of a
  cookie.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from i18n import MESSAGES, normalize_locale, t
from runtime import SESSION_TTL, GameService, Grant, LinkBook, RateLimiter, ServiceError, cjk_font_file
from web.activity import ActivityConfig, ActivityGate, client_address
from web.frames import MAX_FRAME, Frames
from web.headers import ACTIVITY_ANCESTORS, CSP, add_security_headers, new_nonce, policy
from web.hub import Client, WebHub
from web.ladder_page import LadderPages
from web.state import refusal

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
RESTORE_WAIT = 60.0
PAGE_KEYS = ("web.", "act.", "play.", "activity.", "error.rate_limited")
MAX_PAGES = 8  # open pages (sockets) of one user, over every table and session
AUTH_WAIT = 10.0  # seconds an Activity page's socket has to present its session
ACTIVITY_BUNDLE = STATIC / "build" / "activity.js"  # tools/build_activity.sh (never committed)


COOKIE_PREFIX = "tractor_"
OFFLINE_KEYS = {"web.home": "web.home_offline", "web.link_expired": "web.link_expired_offline",
                "web.link_used": "web.link_used_offline"}


def cookie_name(table_id: int) -> str:
    return f"{COOKIE_PREFIX}{table_id}"


class WebServer:
    """One server for one ``GameService``: ``start(host, port)`` binds it (port 0: any free port), ``stop()``."""

    def __init__(self, game: GameService, links: LinkBook, limiter: RateLimiter, *, secure: bool = False,
                 restored: asyncio.Event | None = None, activity: ActivityConfig | None = None,
                 offline: bool = False) -> None:
        self.game = game
        self.offline = offline  # the demo without Discord (bot.py web): its pages never mention Discord's panel
        self.activity = None if activity is None else ActivityGate(game, links, limiter, activity)
        self.restored = restored  # set once the service restored its tables (None: already); pages wait for it
        self.links = links
        self.hub = WebHub(game)
        self.frames = Frames(game, links, limiter, self.hub)
        self.secure = secure  # cookies only over HTTPS (a public https:// URL)
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.app = web.Application(client_max_size=MAX_FRAME)
        self.app.on_response_prepare.append(add_security_headers)
        self.ladder_pages = LadderPages(game)  # the public ladder pages (web.ladder_page)
        self.app.add_routes([web.get("/", self.home), web.get("/t/{token}", self.link),
                             web.get("/table/{table_id:\\d+}", self.page), web.get("/ws/{table_id:\\d+}", self.socket),
                             web.get("/i18n/{locale}.json", self.texts), web.get("/favicon.ico", self.no_icon),
                             web.get("/activity", self.activity_page), web.post("/activity/token", self.activity_token),
                             web.get("/ladder/{token}", self.ladder_pages.handle), web.get("/font/cjk.otf", self.font),
                             web.static("/static", STATIC)])
        game.observe(self.hub)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=1.0)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("web table on http://%s:%d", host, self.port)
        return self.port

    async def stop(self) -> None:
        self.game.unobserve(self.hub)
        await self.hub.close_all()
        self.frames.close()
        if self.activity is not None:
            await self.activity.close()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    # -- pages -----------------------------------------------------------------------------------------------
    async def home(self, request: web.Request) -> web.Response:
        if "frame_id" in request.query:  # Discord opening the Activity (its URL mapping's root)
            return await self.activity_page(request)
        back = await self._session_table(request)
        if back is not None:  # a browser with a valid session: back to its table
            raise web.HTTPSeeOther(f"/table/{back[0]}?lang={back[1]}")
        return _message_page(t(self._key("web.home"), _locale(request)), _locale(request), status=200)

    async def _session_table(self, request: web.Request) -> tuple[int, str] | None:
        """The newest table this browser holds a valid session cookie for, and the session's language."""
        found = []
        for name, token in request.cookies.items():
            if not name.startswith(COOKIE_PREFIX):
                continue
            with contextlib.suppress(ServiceError):
                grant = await self.links.session_grant(token)
                if name == cookie_name(grant.table_id):
                    found.append((grant.table_id, grant.locale))
        return max(found, default=None)

    def _key(self, key: str) -> str:
        """The offline demo's wording of a message that would send the player to Discord's panel."""
        return OFFLINE_KEYS.get(key, key) if self.offline else key

    async def font(self, request: web.Request) -> web.FileResponse:
        """The bundled CJK font (the pictures' Noto Sans CJK), for the page's Chinese without system fonts."""
        return web.FileResponse(cjk_font_file(), headers={"Cache-Control": "public, max-age=2592000"})

    async def link(self, request: web.Request) -> web.StreamResponse:
        try:
            await self._wait_restored()
            grant, session = await self.links.redeem(request.match_info["token"])
        except ServiceError as exc:
            return _message_page(t(self._key(exc.key), _locale(request), **exc.params), _locale(request))
        response = web.HTTPSeeOther(f"/table/{grant.table_id}?lang={grant.locale}")
        response.set_cookie(cookie_name(grant.table_id), session, max_age=int(SESSION_TTL), httponly=True,
                            samesite="Lax", secure=self.secure, path="/")
        raise response

    async def page(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def activity_page(self, request: web.Request) -> web.Response:
        """The page in Activity mode; ``activity.unavailable`` (503) when not set up or its bundle not built."""
        if self.activity is None or not ACTIVITY_BUNDLE.exists():
            return _message_page(t("activity.unavailable", _locale(request)), _locale(request), status=503)
        config = json.dumps({"client_id": str(self.activity.config.client_id)})
        nonce = new_nonce()  # the one inline script; framed by Discord only
        head = (f'<script nonce="{nonce}">window.TRACTOR_ACTIVITY = {config};</script>'
                '<script type="module" src="/static/build/activity.js"></script>\n</head>')
        page = (STATIC / "index.html").read_text(encoding="utf-8").replace("</head>", head, 1)
        return web.Response(text=page, content_type="text/html", headers={
            "Cache-Control": "no-store", CSP: policy(nonce=nonce, framed_by=ACTIVITY_ANCESTORS)})

    async def activity_token(self, request: web.Request) -> web.Response:
        """The Activity's OAuth2 code for a session at its channel's table (``web.activity``)."""
        locale = _locale(request)
        if self.activity is None:
            return web.json_response(refusal("activity.unavailable", locale), status=503)
        if request.content_type != "application/json":
            return web.json_response(refusal("activity.bad_request", locale), status=415)
        address = client_address(request.remote, request.headers.get("X-Forwarded-For"))
        admission = self.activity.admission
        refused = admission.admit(address)
        if refused == 429:
            seconds = admission.retry_after(address)
            return web.json_response(refusal("error.rate_limited", locale, seconds=seconds), status=429,
                                     headers={"Retry-After": str(seconds)})
        if refused is not None:
            return web.json_response(refusal("activity.busy", locale), status=503, headers={"Retry-After": "5"})
        try:
            return await self._sign_in(request, self.activity, locale)
        finally:
            admission.done()

    async def _sign_in(self, request: web.Request, activity: ActivityGate, locale: str) -> web.Response:
        try:
            await self._wait_restored()
            body = await request.json()
        except (ValueError, RecursionError):
            body = None
        try:
            answer = await activity.sign_in(body)
        except ServiceError as exc:
            return web.json_response(refusal(exc.key, locale, **exc.params), status=403)
        return web.json_response(answer, headers={"Cache-Control": "no-store"})

    async def no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def texts(self, request: web.Request) -> web.Response:
        locale = normalize_locale(request.match_info["locale"])
        return web.json_response({k: v[locale] for k, v in MESSAGES.items() if k.startswith(PAGE_KEYS)})

    # -- the socket ------------------------------------------------------------------------------------------
    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_FRAME * 16)  # larger: closed unread
        await ws.prepare(request)
        locale = _locale(request)
        table_id = int(request.match_info["table_id"])
        try:
            await self._wait_restored()
            if not self._same_origin(request):  # another site's page opening a socket with this browser's cookie
                raise ServiceError("web.link_invalid")
            token: object = request.cookies.get(cookie_name(table_id))
            if token is None and request.query.get("auth") == "frame":  # an Activity's page: no cookie there
                token = await _first_frame_session(ws)
            grant = await self.links.session_grant(token)
            if grant.table_id != table_id:
                raise ServiceError("web.link_invalid")
        except ServiceError as exc:
            await ws.send_json({**refusal(exc.key, locale, **exc.params), "fatal": True})
            await ws.close()
            return ws
        if self.hub.pages_of(grant.user_id) >= MAX_PAGES:  # checked and added with no wait in between
            await ws.send_json({**refusal("web.too_many_pages", locale, limit=MAX_PAGES), "fatal": True})
            await ws.close()
            return ws
        client = Client(ws, grant, locale, self.authorize)
        writer = asyncio.create_task(client.run(), name=f"web-page-{table_id}")
        self.hub.add(client)
        try:
            await self.hub.send_states(table_id, [client])
            await self._read(client)
        finally:
            self.links.touch(grant)  # idle from now on
            self.hub.remove(client)
            self.frames.forget(client)
            writer.cancel()
        return ws

    async def authorize(self, grant: Grant) -> None:
        """A page's grant still holds now (``LinkBook.holds``: the table open, the session not revoked, the seat
        still the user's, the user still a member of the server); checked before every frame a page is sent and
        every frame it sends."""
        await self.links.holds(grant)

    async def _wait_restored(self) -> None:
        """After a restart the tables come back once the bot is connected: a page reconnecting meanwhile waits
        (``RESTORE_WAIT`` s at most) instead of being told its table does not exist."""
        if self.restored is not None and not self.restored.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.restored.wait(), RESTORE_WAIT)

    async def _read(self, client: Client) -> None:
        async for msg in client.ws:
            if msg.type is not WSMsgType.TEXT:
                client.push(refusal("web.bad_frame", client.locale))
                continue
            if self.frames.flooding(client):
                log.info("web page of user %d flooding; closed", client.grant.user_id)
                await client.ws.send_json({**refusal("error.rate_limited", client.locale, seconds=5),
                                           "fatal": True})
                await client.ws.close()
                return
            self.links.touch(client.grant)
            try:
                await self.frames.handle(client, msg.data)
            except Exception:
                log.exception("web frame failed on table %d", client.grant.table_id)
                client.push(refusal("web.failed", client.locale))

    def _same_origin(self, request: web.Request) -> bool:
        """This server, or the Activity's Discord proxy when the Activity is set up."""
        if same_origin(request):
            return True
        origin = urlsplit(request.headers.get("Origin", ""))
        return self.activity is not None and origin.scheme == "https" \
            and origin.netloc == self.activity.config.proxy_host


def same_origin(request: web.Request) -> bool:
    """A browser's WebSocket names the page's origin: it must be this server (no cross-site socket hijacking)."""
    origin = request.headers.get("Origin")
    return origin is None or urlsplit(origin).netloc == request.host


async def _first_frame_session(ws: web.WebSocketResponse) -> object:
    """An Activity page's session: its socket's first frame ``{"op": "auth", "session": token}`` (None if
    anything else comes first, or nothing within ``AUTH_WAIT`` s)."""
    try:
        msg = await ws.receive(timeout=AUTH_WAIT)
        frame = json.loads(msg.data) if msg.type is WSMsgType.TEXT and len(msg.data) <= MAX_FRAME else None
    except (TimeoutError, ValueError, RecursionError):
        return None
    return frame.get("session") if isinstance(frame, dict) and frame.get("op") == "auth" else None


def _locale(request: web.Request) -> str:
    lang = request.query.get("lang") or request.headers.get("Accept-Language") or "en"
    return normalize_locale(lang.split(",")[0])


def _message_page(text: str, locale: str, status: int = 403) -> web.Response:
    body = (f'<!doctype html><html lang="{locale}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f'<link rel="stylesheet" href="/static/app.css"><title>{html.escape(t("web.title", locale))}</title>'
            f'<body class="message"><main><h1>{html.escape(t("web.title", locale))}</h1>'
            f'<p id="message">{html.escape(text)}</p></main></body></html>')
    return web.Response(text=body, content_type="text/html", status=status)
