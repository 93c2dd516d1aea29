"""Is a user still a member of a server (成员资格)? Asked of the interface (Discord's member lookup: the bot has
no privileged members intent, so no member list and no removal events) and kept a short while.

Rules: an answer is kept ``TTL`` seconds (by the service's clock), so a member removed from the server is
refused at most that long after; when the interface cannot answer (Discord unreachable), the last known answer
stands; a user never looked up successfully is then refused (``web.member_unknown``, try again). A non-member
is refused ``web.not_member``. Used by the web table (``runtime.links.weblinks``) when a link is redeemed, a page
connects, acts, and before each frame it is sent.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from runtime.errors import NotAllowed

log = logging.getLogger(__name__)

TTL = 60.0  # seconds an answer is kept
MAX_KEPT = 10_000  # answers kept at most (the oldest are forgotten first)

Lookup = Callable[[int, int], Awaitable[bool]]  # (guild, user) -> member? (raises when it cannot tell)


class Membership:
    """``require(guild, user)``: the user is a member of the guild now (see the module docstring)."""

    def __init__(self, lookup: Lookup, clock: Callable[[], float], ttl: float = TTL) -> None:
        self.lookup = lookup
        self.clock = clock
        self.ttl = ttl
        self._known: dict[tuple[int, int], tuple[bool, float]] = {}  # -> (member?, when asked)

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """The answer (kept ``ttl`` s; the last known one while the interface cannot answer)."""
        key = (guild_id, user_id)
        known = self._known.get(key)
        now = self.clock()
        if known is not None and now - known[1] < self.ttl:
            return known[0]
        try:
            member = await self.lookup(guild_id, user_id)
        except Exception as exc:
            if known is None:
                log.warning("membership of %d in %d unknown: %s", user_id, guild_id, type(exc).__name__)
                raise NotAllowed("web.member_unknown") from None
            return known[0]
        if len(self._known) >= MAX_KEPT:
            del self._known[next(iter(self._known))]
        self._known.pop(key, None)
        self._known[key] = (member, now)
        return member

    async def require(self, guild_id: int, user_id: int) -> None:
        if not await self.is_member(guild_id, user_id):
            log.info("user %d is no longer a member of guild %d: web access refused", user_id, guild_id)
            raise NotAllowed("web.not_member")
