"""What the interfaces read and set of a server beyond its tables (记录): settings, turn DMs, the ladder and
records, hand replays. Part of ``GameService``, so cogs/ and web/ never reach into its database."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from data.database import Database
from data.history import MatchRecord
from data.ladder import PlayerStats
from data.records import TableRecord
from data.replay import restore_table
from data.seasons import LadderPage, Season
from data.shapes import DEFAULT_SHAPE, shape_key
from engine.shape import STANDARD_SHAPE, TableShape
from engine.table import Table
from runtime.access import Caller
from runtime.presenter import Image
from runtime.procedures import talk_is_off
from runtime.records.ladder_views import PlayerCard, ladder_picture, player_card
from runtime.records.names import player_names
from runtime.records.replays import HandReplay, hand_replay
from runtime.records.review import Reviewer
from runtime.service.session import Session

log = logging.getLogger(__name__)


class RecordsService:
    """A server's settings and records (``GameService`` mixes it in)."""

    db: Database
    sessions: dict[int, Session]
    clock: Callable[[], float]

    # -- the server's settings -------------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's defaults (``data.guilds``): preset, options, mode, timeout, AI level, locale, roles …"""
        return await self.db.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> dict[str, Any]:
        """Change some of the server's defaults (validated by the caller); all of them after the change."""
        return await self.db.set_guild_settings(guild_id, **changes)

    async def dm_notify(self, guild_id: int, user_id: int) -> bool:
        """Whether the player asked for a DM when it is their turn on this server."""
        return await self.db.dm_notify(guild_id, user_id)

    async def set_dm_notify(self, guild_id: int, user_id: int, on: bool) -> None:
        await self.db.set_dm_notify(guild_id, user_id, on)

    # -- the ladder and records -------------------------------------------------------------------------------
    async def ladder_picture(self, guild_id: int, by: str, locale: str, shape: str = DEFAULT_SHAPE) -> Image | None:
        return await ladder_picture(self.db, guild_id, by, locale, shape)

    async def ladder_shapes(self, guild_id: int, user_id: int | None = None, season: int | None = None) -> list[str]:
        """The shape keys with a ladder on a server in a season (default: this one; of one player if given), the
        default first."""
        return await self.db.ladder_shapes(guild_id, season=season, user_id=user_id)

    async def player_card(self, guild_id: int, user_id: int, name: str, locale: str,
                          season: Season | None = None, shape: str = DEFAULT_SHAPE) -> PlayerCard:
        return await player_card(self.db, guild_id, user_id, name, locale, season, shape)

    async def leaderboard(self, guild_id: int, limit: int | None = 20,
                          shape: TableShape = STANDARD_SHAPE) -> list[PlayerStats]:
        """The current season's top players by rating on a shape's ladder (the offline job's ladder picture)."""
        return await self.db.leaderboard(guild_id, limit=limit, shape=shape_key(shape))

    async def match_history(self, guild_id: int, limit: int = 10) -> list[MatchRecord]:
        return await self.db.match_history(guild_id, limit=limit)

    async def player_names(self, guild_id: int, user_ids: Iterable[int], locale: str,
                           seated: Mapping[int, str] | None = None) -> dict[int, str]:
        """Each player's name as last seen on this server (``runtime.records.names``), never an id."""
        return await player_names(self.db, guild_id, user_ids, locale, seated)

    async def hand_replay(self, caller: Caller, table_id: int, hand: int) -> HandReplay:
        """A finished hand of the caller's table, move by move (refused while it is being played)."""
        return await hand_replay(self.db, caller, table_id, hand)

    def hand_reviewer(self) -> Reviewer:
        """The AI review of finished hands (复盘点评), stored once computed (``runtime.records.review``)."""
        return Reviewer(self.db)

    # -- seasons and the public ladder page ---------------------------------------------------------------------
    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, oldest first (at least the open one)."""
        return await self.db.season_list(guild_id) or [await self.db.open_season(guild_id)]

    async def find_season(self, guild_id: int, key: str) -> Season:
        """A season by number or name (``season.not_found`` otherwise)."""
        return await self.db.find_season(guild_id, key)

    async def hall_of_fame(self, guild_id: int) -> list[Season]:
        """Every ended season with its top three, newest first."""
        return await self.db.hall_of_fame(guild_id)

    async def set_ladder_page(self, guild_id: int, token: str | None) -> None:
        """Publish the server's ladder page under ``token`` (``None``: the page is removed)."""
        await self.db.set_ladder_page(guild_id, token, self.clock())

    async def ladder_page_guild(self, token: str) -> int | None:
        return await self.db.ladder_page_guild(token)

    async def ladder_page(self, guild_id: int, number: int, limit: int, offset: int,
                          shape: str = DEFAULT_SHAPE) -> LadderPage:
        """A season's rows on a table shape's ladder (``data.shapes``), best first, with their names."""
        return await self.db.ladder_page(guild_id, number, limit, offset, shape)

    # -- tables in play ----------------------------------------------------------------------------------------
    def is_open(self, table_id: int) -> bool:
        """The table is open here (in the lobby or in play, in this process)."""
        return table_id in self.sessions

    def table_in_play(self, table_id: int) -> Table | None:
        """The engine table of a table open here and in play (``None``: in the lobby, or not open here)."""
        session = self.sessions.get(table_id)
        return session.table if session is not None else None

    async def final_table(self, table_id: int) -> tuple[TableRecord, Table]:
        """A table's stored record and its engine table: the one in play here, else rebuilt from storage (a table
        that ended)."""
        table = self.table_in_play(table_id)
        record = await self.db.get_table(table_id)
        return record, table if table is not None else await restore_table(self.db, table_id)

    def talk_is_off(self, table_id: int, user_id: int) -> bool:
        """A competition's discipline forbids ``user_id`` to talk in the table's thread now (说话)."""
        session = self.sessions.get(table_id)
        return session is not None and talk_is_off(session.record, session.table, user_id)
