"""The table as a Discord Activity (活动): the same page inside Discord, signed in with the Activity's OAuth2 code.

Discord loads the Activity's URL mapping (``/?frame_id=…&instance_id=…&platform=…&guild_id=…&channel_id=…``) and
this server answers with the table page in Activity mode: ``index.html`` plus ``static/build/activity.js``, the
Embedded App SDK bundled by ``tools/build_activity.sh`` (npm ci + esbuild from the committed ``web/activity/``
package files; the bundle is never committed: without it the route says, localized, that the Activity is
unavailable, and the browser links still work). Rules of the sign-in:

- the page's SDK asks Discord to ``authorize`` (scopes ``identify guilds``, no prompt) and posts the code with the
  Activity's guild and channel to ``POST /activity/token``;
- here the code is exchanged at Discord's token endpoint (``TRACTOR_DISCORD_API``, default ``DISCORD_API``) with the
  app's client id and secret; the user and their servers are read with that token; the user must be a member of
  the Activity's server (else ``activity.not_member``);
- then the same rule as every other entry: the table of that channel or thread (``GameService.find``), the user's
  seat under ``runtime.access.authorize`` (else watching: public information only), the same per-user rate limit,
  and a session (``LinkBook.open_session``: the user's previous link and session at that table are revoked) that
  the page presents as its socket's first frame (a cookie is not reliable inside Discord's iframe);
- a bad, used, expired or forged code, an unreachable Discord or a channel without a table is refused with the
  catalogue's text and changes nothing;
- before Discord is asked anything (``Admission``): the request must be JSON (``Content-Type: application/json``,
  else HTTP 415), each client address may sign in ``PER_IP`` times (in any window of the period; else HTTP
  429 with ``Retry-After``), and at most ``MAX_IN_FLIGHT`` sign-ins are asked of Discord at once (else HTTP 503),
  so unauthenticated requests cannot make the bot's host hammer Discord's API.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp

from i18n import normalize_locale
from runtime import Caller, GameService, LinkBook, NotAllowed, RateLimiter, ServiceError, is_here, valid_id

log = logging.getLogger(__name__)

DISCORD_API = "https://discord.com/api/v10"
SCOPES = ("identify", "guilds")
TIMEOUT = 10.0  # seconds for each call to Discord
CODE = re.compile(r"[A-Za-z0-9_-]{1,128}")
PER_IP = (10, 60.0)  # sign-ins per client address: at most 10 in any 60 s
MAX_IN_FLIGHT = 8  # sign-ins being asked of Discord at once, over every client


class Admission:
    """Who may ask Discord now: a token bucket per client address (``PER_IP``) and a cap on the sign-ins in flight
    (``MAX_IN_FLIGHT``). ``admit`` answers None (go: ``done`` when finished) or the refusal's HTTP status."""

    def __init__(self, per_ip: tuple[int, float] = PER_IP, in_flight: int = MAX_IN_FLIGHT) -> None:
        self.buckets = RateLimiter({"sign_in": per_ip}, clock=time.monotonic)
        self.cap = in_flight
        self.in_flight = 0

    def admit(self, address: str) -> int | None:
        key = address_key(address)
        if not self.buckets.allow(key, "sign_in"):
            return 429
        if self.in_flight >= self.cap:
            return 503
        self.in_flight += 1
        return None

    def retry_after(self, address: str) -> int:
        return max(1, round(self.buckets.retry_after(address_key(address), "sign_in")))

    def done(self) -> None:
        self.in_flight -= 1


def address_key(address: str) -> int:
    """A client address as a bucket key (an unparsable one: a key of its own kind, never another address's)."""
    try:
        return int(ipaddress.ip_address(address))
    except ValueError:
        return -1 - (hash(address) & 0xFFFFFFFF)


def client_address(remote: str | None, forwarded: str | None) -> str:
    """The client's address: the peer's, or — when the peer is this machine or a private address (the reverse
    proxy in front of the bot, ``deploy/``) — the last address the proxy appended to ``X-Forwarded-For`` (the
    ones before it are the client's own claims)."""
    peer = remote or ""
    try:
        proxied = ipaddress.ip_address(peer).is_private
    except ValueError:
        proxied = False
    if proxied and forwarded:
        return forwarded.split(",")[-1].strip() or peer
    return peer


@dataclass(frozen=True)
class ActivityConfig:
    """The app's OAuth2 client (the application id and its client secret) and Discord's API base address."""

    client_id: int
    client_secret: str
    api: str = DISCORD_API
    per_ip: tuple[int, float] = PER_IP  # ``Admission``'s limits
    in_flight: int = MAX_IN_FLIGHT

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ActivityConfig | None:
        """``TRACTOR_ACTIVITY_CLIENT_ID`` + ``TRACTOR_ACTIVITY_CLIENT_SECRET`` (+ ``TRACTOR_DISCORD_API``); None
        when either is missing (the Activity is then unavailable)."""
        client, secret = env.get("TRACTOR_ACTIVITY_CLIENT_ID", ""), env.get("TRACTOR_ACTIVITY_CLIENT_SECRET", "")
        if not client.isdigit() or not secret:
            return None
        return cls(int(client), secret, (env.get("TRACTOR_DISCORD_API") or DISCORD_API).rstrip("/"))

    @property
    def proxy_host(self) -> str:
        """The host Discord serves the Activity from (its proxy of the URL mapping): the page's origin."""
        return f"{self.client_id}.discordsays.com"


@dataclass(frozen=True)
class DiscordUser:
    user_id: int
    locale: str
    guilds: frozenset[int]


class DiscordOAuth:
    """Discord's OAuth2 token endpoint and the user's own endpoints, at ``config.api``."""

    def __init__(self, config: ActivityConfig) -> None:
        self.config = config
        self._http: aiohttp.ClientSession | None = None

    def http(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=TIMEOUT))
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    async def identify(self, code: str) -> DiscordUser:
        """Exchange ``code`` for a token, then read who it belongs to (``activity.code_refused`` if Discord says
        no, ``activity.discord_down`` if it cannot be asked)."""
        try:
            token = await self._token(code)
            user = await self._get("/users/@me", token)
            guilds = await self._get("/users/@me/guilds", token)
        except (aiohttp.ClientError, TimeoutError) as exc:
            log.warning("Discord's OAuth2 could not be reached: %s", type(exc).__name__)
            raise ServiceError("activity.discord_down") from None
        if not isinstance(user, dict) or not valid_id(_snowflake(user.get("id"))) or not isinstance(guilds, list):
            raise NotAllowed("activity.code_refused")
        ids = frozenset(int(x["id"]) for x in guilds if isinstance(x, dict) and valid_id(_snowflake(x.get("id"))))
        return DiscordUser(int(user["id"]), str(user.get("locale") or "en"), ids)

    async def _token(self, code: str) -> str:
        form = {"client_id": str(self.config.client_id), "client_secret": self.config.client_secret,
                "grant_type": "authorization_code", "code": code}
        async with self.http().post(f"{self.config.api}/oauth2/token", data=form) as response:
            body = await _json(response)
        token = body.get("access_token") if isinstance(body, dict) else None
        if response.status != 200 or not isinstance(token, str) or not token:
            log.info("Discord refused an Activity code (HTTP %d)", response.status)
            raise NotAllowed("activity.code_refused")
        return token

    async def _get(self, path: str, token: str) -> Any:
        async with self.http().get(f"{self.config.api}{path}", headers={"Authorization": f"Bearer {token}"}) as r:
            body = await _json(r)
        if r.status != 200:
            raise NotAllowed("activity.code_refused")
        return body


class ActivityGate:
    """``POST /activity/token``: a code from the page in, a session for the Activity's table out."""

    def __init__(self, game: GameService, links: LinkBook, limiter: RateLimiter, config: ActivityConfig) -> None:
        self.game = game
        self.links = links
        self.limiter = limiter
        self.config = config
        self.oauth = DiscordOAuth(config)
        self.admission = Admission(config.per_ip, config.in_flight)

    async def sign_in(self, body: object) -> dict[str, Any]:
        """The session of the code's user at the table of the Activity's channel (refusals: ``ServiceError``)."""
        code, guild_id, channel_id = _request(body)
        user = await self.oauth.identify(code)
        if guild_id not in user.guilds:
            raise NotAllowed("activity.not_member")
        if not self.limiter.allow(user.user_id, "action"):
            seconds = max(1, round(self.limiter.retry_after(user.user_id, "action")))
            raise NotAllowed("error.rate_limited", seconds=seconds)
        caller = Caller(user.user_id, guild_id, channel_id=channel_id)
        grant, session = await self.links.open_session(caller, self._table(caller), normalize_locale(user.locale))
        return {"table_id": grant.table_id, "seat": grant.seat, "session": session, "locale": grant.locale}

    def _table(self, caller: Caller) -> Any:
        """The caller's table here (their seat's, or the thread's); else the one open table of this channel."""
        try:
            return self.game.find(caller, None, here=True)
        except NotAllowed:
            here = [r for r in self.game.tables(caller.guild_id) if is_here(caller, r)]
            if len(here) != 1:
                raise NotAllowed("activity.no_table") from None
            return here[0]

    async def close(self) -> None:
        await self.oauth.close()


def _request(body: object) -> tuple[str, int, int]:
    """The code, guild and channel of a sign-in request (``activity.bad_request`` when malformed)."""
    if not isinstance(body, dict):
        raise ServiceError("activity.bad_request")
    code, guild, channel = body.get("code"), _snowflake(body.get("guild_id")), _snowflake(body.get("channel_id"))
    if not isinstance(code, str) or not CODE.fullmatch(code) or not valid_id(guild) or not valid_id(channel):
        raise ServiceError("activity.bad_request")
    assert guild is not None and channel is not None
    return code, guild, channel


def _snowflake(value: object) -> int | None:
    """A Discord id as the API and the SDK write it (a decimal string)."""
    return int(value) if isinstance(value, str) and value.isdigit() and len(value) <= 20 else None


async def _json(response: aiohttp.ClientResponse) -> Any:
    try:
        return await response.json(content_type=None)
    except ValueError:
        return None
