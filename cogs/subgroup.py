"""A cog whose slash-command group or command hangs under ``/tractor`` (the group ``cogs.tables`` defines, loaded
first): ``/tractor tournament …``, ``/tractor referee …``, ``/tractor undo``."""

from __future__ import annotations

import logging
from typing import Any

from discord import app_commands
from discord.ext import commands

from cogs.gamebot import GameBot

log = logging.getLogger(__name__)


class TractorSubgroup(commands.Cog):
    """Adds ``group`` (a group or one command) to ``/tractor`` when loaded and removes it when unloaded."""

    def __init__(self, bot: GameBot, group: app_commands.Group | app_commands.Command[Any, ..., None]) -> None:
        self.bot = bot
        self.group = group

    async def cog_load(self) -> None:
        tractor = self.bot.tree.get_command("tractor")
        if not isinstance(tractor, app_commands.Group):
            raise RuntimeError(f"cogs.tables must be loaded before {type(self).__module__}")
        tractor.add_command(self.group)

    async def cog_unload(self) -> None:
        tractor = self.bot.tree.get_command("tractor")
        if isinstance(tractor, app_commands.Group):
            tractor.remove_command(self.group.name)
