"""``/tractor undo``: take back one's latest play with the other players' consent (悔牌, ``GameService.undo``), at a
casual table that offers it (``/tractor new undo:``). The first use asks (a post in the thread); each other
player agrees with the same command; the reply to each is private."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

import i18n
from cogs.gamebot import GameBot
from cogs.hub import caller_of
from cogs.replies import answering, reply, user_locale
from cogs.safetext import escape_text
from cogs.subgroup import TractorSubgroup
from cogs.translator import ls

log = logging.getLogger(__name__)


class Aids(TractorSubgroup):
    """Adds ``/tractor undo`` to the ``/tractor`` group of ``cogs.tables``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(bot, app_commands.Command(
            name=ls("undo", "command.undo"), description=ls("Take back your last play (the others must agree)",
                                                        "command.undo.desc"), callback=self._undo))

    async def _undo(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            step = await self.bot.game.undo(caller_of(interaction))
            locale = user_locale(interaction)
            rec = self.bot.game.record(self.bot.game.find(caller_of(interaction)).table_id)
            names = i18n.t("table.list_sep", locale).join(escape_text(rec.names[s]) for s in step.waiting)
            await reply(interaction, i18n.t(f"undo.reply.{step.step}", locale, names=names,
                                            name=escape_text(rec.names[step.seat])))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Aids(bot))
