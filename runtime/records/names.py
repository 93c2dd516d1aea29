"""Players' names on a server (名字): the display name each player was seen with at their last interaction there
(``data.names``). The bot has no members intent, so these stored names are what the ladder, ``/stats``,
``/history`` and season pictures show; a player never seen here gets the localized ``records.unnamed_player``,
never an id or a fragment of one.

Reading: ``player_names(db, guild_id, user_ids, locale)`` (every id gets a name) or ``player_name(...)``.
Writing: ``NameBook.seen`` on every interaction; it writes only a name that changed since it last wrote it in this
process, and a failed write is logged, never raised (a name is not worth refusing a click for)."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

from data.database import Database
from i18n import t

log = logging.getLogger(__name__)


async def player_names(db: Database, guild_id: int, user_ids: Iterable[int], locale: str,
                       seated: Mapping[int, str] | None = None) -> dict[int, str]:
    """user id -> the best known name on this server for every one of ``user_ids``: the stored one, else the name
    it sits under at a table (``seated``), else ``records.unnamed_player``."""
    ids = list(user_ids)
    known = await db.player_names(guild_id, ids)
    unknown = t("records.unnamed_player", locale)
    seated = seated or {}
    return {u: known.get(u) or seated.get(u) or unknown for u in ids}


async def player_name(db: Database, guild_id: int, user_id: int, locale: str) -> str:
    """The best known name of one player on this server."""
    return (await player_names(db, guild_id, [user_id], locale))[user_id]


class NameBook:
    """Remembers the names players are seen with (one per server and user), writing only changes."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._written: dict[tuple[int, int], str] = {}

    async def seen(self, guild_id: int | None, user_id: int, name: str | None) -> None:
        """The player ``user_id`` interacted on server ``guild_id`` showing ``name`` (direct messages and blank
        names are not stored)."""
        if guild_id is None or not name or not name.strip():
            return
        key = (guild_id, user_id)
        if self._written.get(key) == name:
            return
        try:
            await self.db.remember_name(guild_id, user_id, name)
        except Exception:
            log.warning("could not store the name of user %d on guild %d", user_id, guild_id, exc_info=True)
            return
        self._written[key] = name
