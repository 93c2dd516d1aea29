"""The Discord bot (``create_bot(config)``): the game service, the cogs, the persistent items, the command
translator. ``python bot.py run`` starts it (``cli.serve``); the cogs are loaded as discord.py extensions by name
(``COGS``), the only modules loaded by name.
"""

from __future__ import annotations

import logging
import os
from typing import Any

import discord
from discord.ext import commands

from cli.config import Config
from cogs.gamebot import GameBot
from cogs.guard import GuardedTree
from cogs.translator import CatalogueTranslator
from data.records import TableOptions

log = logging.getLogger(__name__)

COGS: tuple[str, ...] = ("cogs.tables", "cogs.panel", "cogs.play", "cogs.ladder", "cogs.admin",
                         "cogs.tournaments", "cogs.seasons", "cogs.referee", "cogs.discipline",
                         "cogs.aids", "cogs.friend_calls")


# Nothing pings unless a message names its users (``cogs.presenter.pinging``): never everyone, here or a role.
ALLOWED_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)


def intents() -> discord.Intents:
    """Minimal intents: guilds, and guild messages (not privileged, no content) so a competition table's thread
    can remove players' messages while a hand is on (``cogs.discipline``)."""
    return discord.Intents(guilds=True, guild_messages=True)


class TractorBot(GameBot):
    """The bot: the game service, the cogs, the persistent items, the command translator."""

    config: Config  # all of it (the cogs read their part, ``cogs.gamebot.Settings``)

    def __init__(self, config: Config, table_options: TableOptions | None = None, **game_kwargs: Any) -> None:
        discord.VoiceClient.warn_nacl = False  # a card game has no voice: no "voice will NOT be supported" lines
        discord.VoiceClient.warn_dave = False
        shards: dict[str, Any] = {}
        if config.sharded:  # ShardedTractorBot: these gateway shards of shard_count
            shards = {"shard_count": config.shard_count, "shard_ids": list(config.shard_ids or ())}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None,
                         allowed_mentions=ALLOWED_MENTIONS, tree_cls=GuardedTree, **shards)
        self.config = config
        self.table_options = table_options  # the base options of new tables (tests: no delays)
        self.game_kwargs = game_kwargs

    async def setup_hook(self) -> None:
        from cogs.hub import attach_game
        from cogs.items import DYNAMIC_ITEMS

        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in COGS:
            await self.load_extension(name)
        await attach_game(self, **self.game_kwargs)
        if self.config.web_port is not None:
            await self.serve_web()
        await self.sync_commands()

    async def serve_web(self) -> None:
        """The web table on the same service (``TRACTOR_WEB_PORT``): its server and the panel's links."""
        from cogs.members import member_lookup
        from runtime import LinkBook, Membership, load_secret
        from web.activity import ActivityConfig
        from web.server import WebServer

        config = self.config
        activity = ActivityConfig.from_env(os.environ)  # the Discord Activity (docs/DISCORD.md), if set up
        members = Membership(member_lookup(self), self.game.clock)  # a member removed from the server: refused
        links = LinkBook(self.game, load_secret(config.web_secret, config.secret_path), config.web_url or "",
                         members)
        self.web_server = WebServer(self.game, links, self.limiter, secure=(config.web_url or "").startswith("https:"),
                                    restored=self.restored, activity=activity)
        self.web_activity = activity is not None
        port = await self.web_server.start(config.web_host, config.web_port or 0)
        links.base_url = (config.web_url or f"http://{config.web_host}:{port}").rstrip("/")
        self.web_links = links
        log.info("web table at %s", links.base_url)

    async def sync_commands(self) -> None:
        """Sync to the dev guild at once when ``TRACTOR_DEV_GUILD`` is set, else globally."""
        if self.config.dev_guild is not None:
            guild = discord.Object(id=self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.config.dev_guild)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def close(self) -> None:
        from cogs.hub import detach_game

        server = getattr(self, "web_server", None)
        if server is not None:
            await server.stop()
            self.web_links = None
        await detach_game(self)
        await super().close()


class ShardedTractorBot(TractorBot, commands.AutoShardedBot):
    """The bot as one process of a cluster (``TRACTOR_SHARD_COUNT``/``TRACTOR_SHARDS``): discord.py's
    ``AutoShardedBot`` running this process's gateway shards; it restores, times and commits only the tables
    of their guilds (``data.shards``)."""


def create_bot(config: Config | None = None, table_options: TableOptions | None = None,
               **game_kwargs: Any) -> TractorBot:
    """A ready-to-start bot (sharded when the configuration says so). ``table_options`` are the base options of
    new tables; ``game_kwargs`` go to ``cogs.hub.attach_game`` (``db``, ``limits``) and the game service
    (``clock``, ``rng_seed``, …)."""
    config = config or Config.from_env()
    cls = ShardedTractorBot if config.sharded else TractorBot
    return cls(config, table_options, **game_kwargs)
