"""Players' display names per server (migration 0010): the name each player was seen with at their last
interaction there. The bot has no members intent, so a name it has not been shown cannot be asked for; the
ladder, statistics and records name players by these rows (``runtime.records.names`` adds the fallback)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from data.connection import Connection

log = logging.getLogger(__name__)

NAME_LIMIT = 100  # characters kept of a display name (Discord allows 32; nicknames and web names stay under it)


class NamesMixin(Connection):
    """Last seen display names."""

    async def remember_name(self, guild_id: int, user_id: int, name: str) -> None:
        """Store ``name`` as the player's display name on this server (replacing an older one); a blank
        name is ignored."""
        name = name.strip()[:NAME_LIMIT]
        if not name:
            return
        await self.execute(
            "INSERT INTO player_names (guild_id, user_id, name, seen_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at",
            (guild_id, user_id, name, time.time()))

    async def player_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """user id -> last seen display name on this server, for those of ``user_ids`` ever seen here."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self.fetchall(
            f"SELECT user_id, name FROM player_names WHERE guild_id = ? AND user_id IN ({marks})", (guild_id, *ids))
        return {int(r["user_id"]): str(r["name"]) for r in rows}
