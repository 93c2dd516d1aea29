"""Links to the web table (网页牌桌) and the sessions they open: signed, short-lived, single-use, revocable.

A link names one user, one table and one seat (``SPECTATOR``: watch only) and is signed with HMAC-SHA256 under
the bot's web secret (``TRACTOR_WEB_SECRET``, else a random secret generated once and kept in
``TRACTOR_WEB_SECRET_FILE``). Rules:

- a link is valid ``LINK_TTL`` seconds and opens one session (single use); the session is a signed cookie;
- issuing a new link to the same user at the same table revokes the previous link *and* its session (the
  generation stored in the table record's ``meta["web"]`` moves on, so a restart keeps revocations and uses),
  unless it is issued with ``revoke=False`` (the offline demo's link printed at each start: the page already open
  keeps its session, the new link opens one more);
- every use checks the same rule as Discord (``runtime.access.authorize``: the seated player for their seat,
  any member of the table's guild to watch); a forged, altered, expired, used or revoked token names nothing;
- redeeming a link and every use of a session (``holds``) also checks that the user is still a member of the
  table's server (``runtime.links.membership``, when the interface gives one: ``web.not_member``);
- a session lasts ``SESSION_TTL`` at most, and is refused (``web.link_expired``) once idle ``SESSION_IDLE``: no
  page of it connected or sent a frame for that long (counted in memory: a restart counts as a use).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from data.records import TableRecord
from runtime.access import Caller, Op, authorize, valid_id
from runtime.errors import NotAllowed, ServiceError, TableNotFound
from runtime.links.membership import Membership
from runtime.service.game import GameService

log = logging.getLogger(__name__)

SPECTATOR = -1
LINK_TTL = 600.0  # seconds a link stays valid
SESSION_TTL = 7 * 86400.0  # seconds a session stays valid at most (asynchronous play over days)
SESSION_IDLE = 12 * 3600.0  # seconds a session stays valid without a page connected or a frame sent
META = "web"  # record meta: {str(user_id): {"g": generation, "r": redeemed}}
MAX_TOKEN = 512  # characters; a longer token is refused unread


def load_secret(value: str | None, path: Path) -> bytes:
    """The web secret: ``value`` if set, else the one stored in ``path`` (generated and written there, readable
    by the owner only, when the file does not exist). A file that cannot be read or created (a read-only folder,
    a missing one) is ``ServiceError("web.secret_file")`` naming it: one line for the operator, no traceback."""
    if value:
        return value.encode()
    try:
        stored = path.read_bytes().strip() if path.exists() else b""
        if stored:
            return stored
        token = secrets.token_hex(32).encode()
        _write_private(path, token + b"\n")
    except OSError as exc:
        raise ServiceError("web.secret_file", path=str(path.absolute()), error=exc.strerror or str(exc)) from exc
    log.info("generated the web secret in %s", path)
    return token


def _write_private(path: Path, content: bytes) -> None:
    """``content`` into ``path`` (mode 0600) through a side file renamed over it: a full disk or a crash never
    leaves an empty secret behind (an empty or missing file is generated again)."""
    part = path.with_name(path.name + ".part")
    part.unlink(missing_ok=True)
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)


@dataclass(frozen=True)
class Grant:
    """What a valid token or session allows: ``user_id`` at ``table_id`` in ``seat`` (``SPECTATOR``)."""

    table_id: int
    user_id: int
    seat: int
    generation: int
    locale: str = "en"
    issued: int = 0  # a session's signing time (0: unknown)

    @property
    def spectator(self) -> bool:
        return self.seat == SPECTATOR


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class LinkBook:
    """Issues and checks links and sessions for one service (see the module docstring)."""

    def __init__(self, game: GameService, secret: bytes, base_url: str, members: Membership | None = None) -> None:
        self.game = game
        self.secret = secret
        self.base_url = base_url.rstrip("/")
        self.members = members  # the interface's member lookup (None: not checked, e.g. the offline demo)
        self._started = game.clock()
        self._seen: dict[tuple[int, int, int], float] = {}  # (table, user, generation) -> a session's last use

    # -- signing ---------------------------------------------------------------------------------------------
    def sign(self, kind: str, grant: Grant, expires: float) -> str:
        body = {"k": kind, "t": grant.table_id, "u": grant.user_id, "s": grant.seat, "g": grant.generation,
                "l": grant.locale, "e": int(expires), "i": int(self.game.clock())}
        raw = _b64(json.dumps(body, separators=(",", ":")).encode())
        return raw + "." + _b64(hmac.new(self.secret, raw.encode(), hashlib.sha256).digest())

    def _verify(self, token: object, kind: str) -> Grant:
        """The grant of a well-signed, unexpired token of ``kind`` (``web.link_invalid`` otherwise)."""
        refused = NotAllowed("web.link_invalid")
        if not isinstance(token, str) or len(token) > MAX_TOKEN or token.count(".") != 1:
            raise refused
        raw, mac = token.split(".")
        try:
            good = hmac.compare_digest(_unb64(mac), hmac.new(self.secret, raw.encode(), hashlib.sha256).digest())
            body: dict[str, Any] = json.loads(_unb64(raw)) if good else {}
        except (ValueError, TypeError):
            raise refused from None
        if not good or body.get("k") != kind:
            raise refused
        if not isinstance(body.get("e"), int) or body["e"] < self.game.clock():
            raise NotAllowed("web.link_expired")
        values = body.get("t"), body.get("u"), body.get("g")
        if not all(valid_id(v) for v in values) or body.get("s") not in (SPECTATOR, 0, 1, 2, 3):
            raise refused
        issued = body["i"] if isinstance(body.get("i"), int) else 0
        return Grant(int(body["t"]), int(body["u"]), int(body["s"]), int(body["g"]), str(body.get("l") or "en"),
                     issued)

    # -- the rule --------------------------------------------------------------------------------------------
    def check(self, grant: Grant) -> None:
        """The grant still holds: the table is open, the generation current, and ``runtime.access`` agrees."""
        try:
            rec = self.game.record(grant.table_id)
        except TableNotFound:
            raise NotAllowed("web.link_invalid") from None
        if _entry(rec.meta, grant.user_id)["g"] != grant.generation:
            raise NotAllowed("web.link_revoked")
        caller = Caller(grant.user_id, rec.guild_id)
        authorize(caller, rec, Op.VIEW if grant.spectator else Op.SEAT, None if grant.spectator else grant.seat)

    async def holds(self, grant: Grant) -> None:
        """``check``, and the user is still a member of the table's server (``runtime.links.membership``)."""
        self.check(grant)
        if self.members is not None:
            await self.members.require(self.game.record(grant.table_id).guild_id, grant.user_id)

    def touch(self, grant: Grant) -> None:
        """A page of this session connected, sent a frame or closed: it is not idle now."""
        now = self.game.clock()
        if len(self._seen) > 10_000:
            self._seen = {k: v for k, v in self._seen.items() if now - v < SESSION_IDLE}
        self._seen[(grant.table_id, grant.user_id, grant.generation)] = now

    # -- links -----------------------------------------------------------------------------------------------
    async def issue(self, caller: Caller, table_id: int | None, locale: str = "en", *, here: bool = False,
                    revoke: bool = True) -> str:
        """A fresh link for the caller at the table (their seat, else to watch); the previous one is revoked
        (``revoke=False``: the previous sessions stay valid)."""
        grant = await self._grant(caller, self.game.find(caller, table_id, here=here), locale, redeemed=False,
                                  revoke=revoke)
        log.info("web link issued: table %d user %d seat %d", grant.table_id, caller.user_id, grant.seat)
        return f"{self.base_url}/t/{self.sign('link', grant, self.game.clock() + LINK_TTL)}"

    async def open_session(self, caller: Caller, rec: TableRecord, locale: str = "en") -> tuple[Grant, str]:
        """A session without a link, for a caller whose identity Discord vouched for (the Activity's OAuth2
        code, ``web.activity``): the same rule and revocation as a link that was issued and used at once."""
        grant = await self._grant(caller, rec, locale, redeemed=True)
        log.info("web session opened: table %d user %d seat %d", grant.table_id, caller.user_id, grant.seat)
        return grant, self.sign("sess", grant, self.game.clock() + SESSION_TTL)

    async def _grant(self, caller: Caller, rec: TableRecord, locale: str, *, redeemed: bool,
                     revoke: bool = True) -> Grant:
        """The caller's seat at the table (else to watch) under ``runtime.access``, in a new generation (the
        previous link and session of that user at that table are revoked), or in the current one (not revoked:
        its sessions stay valid and the new link may be used once)."""
        seat = rec.seat_of(caller.user_id)
        authorize(caller, rec, Op.VIEW if seat is None else Op.SEAT)
        session = self.game.session(rec.table_id)
        async with session.serving():
            meta = dict(session.record.meta)
            users = dict(meta.get(META) or {})
            current = _entry(meta, caller.user_id)["g"]
            generation = current + 1 if revoke or current == 0 else current
            users[str(caller.user_id)] = {"g": generation, "r": redeemed}
            meta[META] = users
            session.record = await self.game.db.save_table(replace(session.record, meta=meta))
        return Grant(rec.table_id, caller.user_id, SPECTATOR if seat is None else seat, generation, locale)

    async def redeem(self, token: object) -> tuple[Grant, str]:
        """Use a link once: its grant and a session token (``web.link_used`` the second time)."""
        grant = self._verify(token, "link")
        await self.holds(grant)
        session = self.game.session(grant.table_id)
        async with session.serving():
            meta = dict(session.record.meta)
            entry = _entry(meta, grant.user_id)
            if entry["g"] != grant.generation:
                raise NotAllowed("web.link_revoked")
            if entry["r"]:
                raise NotAllowed("web.link_used")
            meta[META] = {**(meta.get(META) or {}), str(grant.user_id): {"g": grant.generation, "r": True}}
            session.record = await self.game.db.save_table(replace(session.record, meta=meta))
        return grant, self.sign("sess", grant, self.game.clock() + SESSION_TTL)

    async def session_grant(self, token: object) -> Grant:
        """The grant of a session that still holds and is not idle (refusals as ``holds``)."""
        grant = self._verify(token, "sess")
        last = max(grant.issued, self._started, self._seen.get((grant.table_id, grant.user_id, grant.generation), 0))
        if self.game.clock() - last > SESSION_IDLE:
            raise NotAllowed("web.link_expired")
        await self.holds(grant)
        self.touch(grant)
        return grant


def _entry(meta: dict[str, Any], user_id: int) -> dict[str, Any]:
    users = meta.get(META) or {}
    entry = users.get(str(user_id)) if isinstance(users, dict) else None
    return entry if isinstance(entry, dict) and isinstance(entry.get("g"), int) else {"g": 0, "r": False}
