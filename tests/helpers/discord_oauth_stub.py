"""A local HTTP server standing in for Discord's OAuth2 token endpoint and the user's own endpoints, so that the
web table's Activity sign-in (``web.activity``) runs its real exchange code against it (``TRACTOR_DISCORD_API``).

As Discord: ``POST /oauth2/token`` (form: client id + secret, ``grant_type=authorization_code``, ``code``) answers
an access token for a code it issued, once, before it expires, to the right client; otherwise HTTP 400
``invalid_grant`` (or 401 ``invalid_client``). ``GET /users/@me`` and ``/users/@me/guilds`` need ``Bearer`` a
token it issued."""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field

from aiohttp import web

CLIENT_ID = 1_234_567_890_123
CLIENT_SECRET = "stub-client-secret"
CODE_TTL = 600.0


@dataclass
class StubUser:
    user_id: int
    guilds: list[int]
    locale: str = "en-US"


@dataclass
class DiscordStub:
    """The stand-in; ``issue(user)`` is what Discord's client does on ``authorize``: a one-time code."""

    codes: dict[str, tuple[StubUser, float]] = field(default_factory=dict)
    tokens: dict[str, StubUser] = field(default_factory=dict)
    exchanges: list[str] = field(default_factory=list)  # every code presented, accepted or not
    delay: float = 0.0  # seconds the token endpoint takes to answer (a slow Discord)
    in_flight: int = 0  # token requests being answered now
    most_in_flight: int = 0  # the most at once
    runner: web.AppRunner | None = None
    port: int = 0

    def issue(self, user: StubUser, ttl: float = CODE_TTL) -> str:
        code = secrets.token_urlsafe(20)
        self.codes[code] = (user, time.time() + ttl)
        return code

    async def start(self) -> str:
        app = web.Application()
        app.add_routes([web.post("/oauth2/token", self.token), web.get("/users/@me", self.me),
                        web.get("/users/@me/guilds", self.guilds)])
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", self.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return f"http://127.0.0.1:{self.port}"

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        code = str(form.get("code", ""))
        self.exchanges.append(code)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.delay)
        finally:
            self.in_flight -= 1
        if form.get("client_id") != str(CLIENT_ID) or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        issued = self.codes.pop(code, None)  # a code is good once
        if form.get("grant_type") != "authorization_code" or issued is None or issued[1] < time.time():
            return web.json_response({"error": "invalid_grant", "error_description": "Invalid \"code\""}, status=400)
        access = secrets.token_urlsafe(24)
        self.tokens[access] = issued[0]
        return web.json_response({"access_token": access, "token_type": "Bearer", "expires_in": 604800,
                                  "refresh_token": secrets.token_urlsafe(24), "scope": "identify guilds"})

    def _user(self, request: web.Request) -> StubUser:
        auth = request.headers.get("Authorization", "")
        user = self.tokens.get(auth.removeprefix("Bearer ")) if auth.startswith("Bearer ") else None
        if user is None:
            raise web.HTTPUnauthorized(text='{"message": "401: Unauthorized", "code": 0}',
                                       content_type="application/json")
        return user

    async def me(self, request: web.Request) -> web.Response:
        user = self._user(request)
        return web.json_response({"id": str(user.user_id), "username": f"u{user.user_id}", "discriminator": "0",
                                  "global_name": None, "avatar": None, "locale": user.locale})

    async def guilds(self, request: web.Request) -> web.Response:
        user = self._user(request)
        return web.json_response([{"id": str(g), "name": f"g{g}", "icon": None, "owner": False,
                                   "permissions": "0", "features": []} for g in user.guilds])
