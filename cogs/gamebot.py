"""The bot as the cogs see it: discord.py's ``Bot`` plus the game service and its helpers.

``bot.TractorBot`` is one; ``cogs.hub.attach_game`` sets the attributes below (``game`` exists between
``attach_game`` and ``detach_game``). Typed here so every cog → service → data call is checked.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Protocol, runtime_checkable

import discord
from discord.ext import commands

from data.records import TableOptions
from runtime import GameService, LinkBook, Presenter, RateLimiter, SeasonService, TableUpdate, TournamentService


@runtime_checkable
class Panels(Protocol):
    """What other cogs ask of the panel cog (``cogs.panel.PanelCog``); it observes every change of a table."""

    async def open_panel(self, interaction: discord.Interaction, table_id: int | None = None,
                         note: str | None = None) -> None: ...

    async def table_changed(self, update: TableUpdate) -> None: ...


class Settings(Protocol):
    """What the cogs read of the program's configuration (``cli.config.Config``, read from the environment by
    the program that runs the bot)."""

    @property
    def database(self) -> str | Path: ...

    @property
    def db_pool(self) -> int: ...

    @property
    def db_priority_pool(self) -> int: ...

    @property
    def ai_processes(self) -> int | None: ...

    @property
    def idle_evict_s(self) -> float: ...

    @property
    def render_processes(self) -> int: ...

    @property
    def max_tables_per_guild(self) -> int: ...

    @property
    def max_hosted_per_user(self) -> int: ...

    @property
    def shard_count(self) -> int | None: ...

    @property
    def shard_ids(self) -> tuple[int, ...] | None: ...

    @property
    def sharded(self) -> bool: ...


class GameBot(commands.Bot):
    """discord.py's bot with the game attached."""

    config: Settings
    table_options: TableOptions | None  # the base options of new tables (tests: no delays)
    game: GameService
    tournaments: TournamentService
    seasons: SeasonService
    presenter: Presenter
    limiter: RateLimiter
    restored: asyncio.Event  # set once the open tables are restored
    restore_task: asyncio.Task[None]
    owns_db: bool  # the bot opened the database (and closes it)
    web_links: LinkBook | None = None  # the web table's links, when it is served (bot.py, TRACTOR_WEB_PORT)
    web_activity: bool = False  # the table is also a Discord Activity (web/activity.py, TRACTOR_ACTIVITY_*)

    def panels(self) -> Panels | None:
        """The panel cog (``None`` before it is loaded)."""
        cog = self.get_cog("Panel")
        return cog if isinstance(cog, Panels) else None
