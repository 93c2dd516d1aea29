"""Competition discipline in a table's thread (比赛纪律, seed 001 违纪规则 1 "严格禁止…说话"): while a hand is on at a
table with ``TableOptions.discipline``, a seated player's message in its thread is removed, and the player is told
privately — a direct message, or where their DMs are closed a short notice in the thread that mentions nobody
and deletes itself. Spectators, the host and the organiser may still write; between hands everyone may.

Discord has no per-thread send permission (a thread inherits its channel's), so deletion is what works on
every server; the bot needs Manage Messages in the channel for it (refused: logged, the message stays)."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

import i18n
from cogs.gamebot import GameBot

log = logging.getLogger(__name__)

NOTICE_SECONDS = 10.0


class Discipline(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not isinstance(message.channel, discord.Thread):
            return
        game = getattr(self.bot, "game", None)
        if game is None:
            return
        rec = next((r for r in game.tables(guild_id=message.guild.id) if r.thread_id == message.channel.id), None)
        if rec is None:
            return
        if not game.talk_is_off(rec.table_id, message.author.id):
            return
        locale = str(rec.meta.get("locale") or "en")
        try:
            await message.delete()
        except discord.HTTPException:
            log.warning("table %d: cannot remove a message (Manage Messages missing?)", rec.table_id)
            return
        text = i18n.t("procedures.talk_removed", locale, table=rec.table_id)
        try:
            await message.author.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:  # DMs closed: a self-deleting notice that names and pings nobody
            await message.channel.send(i18n.t("procedures.talk_off", locale), delete_after=NOTICE_SECONDS,
                                       allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Discipline(bot))
