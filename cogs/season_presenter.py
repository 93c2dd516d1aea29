"""Seasons on Discord: a season's end announced with its final standings in the server's season channel, and the
champion's role moved.

The announcement goes to the ``season_channel`` the server chose, else the channel the command ran in (a season
ended by its date with neither set is recorded and shown by ``/tractor season list`` but announced nowhere). The
champion role, when the server enabled one (``champion_role``), is taken from the last champion and given to the
new one; when Discord refuses (the bot lacks Manage Roles or the role is above the bot's), the announcement says
so. Names are the players' last seen names (``runtime.records.names``), escaped.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

import i18n
from cogs.gamebot import GameBot
from cogs.safetext import escape_text
from runtime import GameService, SeasonOver, SeasonService, season_label

log = logging.getLogger(__name__)

MEDALS = ("🥇", "🥈", "🥉")


def role_problem(guild: discord.Guild, role: discord.Role) -> str | None:
    """Why the bot cannot give ``role`` (a message key), or ``None`` if it can."""
    me = guild.me
    if me is None or not me.guild_permissions.manage_roles:
        return "season.role_no_permission"
    if role.managed or role.is_default() or role >= me.top_role:
        return "season.role_too_high"
    return None


class DiscordSeasonPresenter:
    """Posts a season's end and moves the champion role."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def server_locale(self, guild_id: int) -> str:
        guild = self.bot.get_guild(guild_id)
        return i18n.normalize_locale(guild.preferred_locale if guild is not None else "en")

    async def season_over(self, over: SeasonOver) -> None:
        locale = over.locale
        guild = self.bot.get_guild(over.guild_id)
        lines = [i18n.t("season.over", locale, season=escape_text(season_label(over.ended, locale)),
                        next=escape_text(season_label(over.next, locale)))]
        names = await self.bot.game.player_names(over.guild_id, [p.user_id for p in over.ended.podium], locale)
        lines += [i18n.t("season.podium_line", locale, medal=MEDALS[p.place - 1], name=escape_text(names[p.user_id]),
                         rating=f"{p.rating:.1f}", level=p.level) for p in over.ended.podium]
        if not over.ended.podium:
            lines.append(i18n.t("season.nobody_played", locale))
        role_line = await self._move_role(guild, over)
        if role_line:
            lines.append(i18n.t(role_line, locale))
        channel_id = int(over.settings.get("season_channel") or 0) or over.channel_id
        if not channel_id:
            log.info("season %d of guild %d ended; no channel to announce it in", over.ended.number, over.guild_id)
            return
        channel: Any = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        files = [discord.File(io.BytesIO(over.image.png), filename="season.png")] if over.image else []
        send = channel.send
        await send("\n".join(lines)[:2000], files=files, allowed_mentions=discord.AllowedMentions.none())

    async def _move_role(self, guild: discord.Guild | None, over: SeasonOver) -> str | None:
        """Give the champion role to the new champion (and take it from the last one); a message key if that
        failed, else ``None``."""
        role_id = int(over.settings.get("champion_role") or 0)
        if not role_id or guild is None or over.champion is None:
            return None
        role = guild.get_role(role_id)
        if role is None:
            return "season.role_gone"
        problem = role_problem(guild, role)
        if problem is not None:
            return problem
        try:
            if over.previous_champion is not None and over.previous_champion != over.champion:
                await self._member_roles(guild, over.previous_champion, role, give=False)
            await self._member_roles(guild, over.champion, role, give=True)
        except discord.HTTPException:
            log.warning("could not move the champion role of guild %d", guild.id, exc_info=True)
            return "season.role_no_permission"
        return "season.role_moved"

    @staticmethod
    async def _member_roles(guild: discord.Guild, user_id: int, role: discord.Role, *, give: bool) -> None:
        try:
            member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        except discord.NotFound:
            return  # left the server
        if give:
            await member.add_roles(role, reason="season champion")
        else:
            await member.remove_roles(role, reason="season champion moved")


def attach_seasons(bot: GameBot) -> SeasonService:
    """``bot.seasons``: the season service on ``bot.game`` with the Discord presenter (its end-date timers are
    registered before the tables restore, so a date that passed during a restart ends its season then)."""
    presenter = DiscordSeasonPresenter(bot)
    game = bot.game
    bot.seasons = game.season_service(presenter, presenter.server_locale)
    return bot.seasons


async def hall_text(game: GameService, guild_id: int, locale: str) -> str:
    """The hall of fame (名人堂): every ended season's top three, newest first (names escaped)."""
    seasons = await game.hall_of_fame(guild_id)
    if not seasons:
        return i18n.t("season.hall_empty", locale)
    names = await game.player_names(guild_id, {p.user_id for s in seasons for p in s.podium}, locale)
    lines = [i18n.t("season.hall_title", locale)]
    for season in seasons:
        places = " ".join(f"{MEDALS[p.place - 1]} {escape_text(names[p.user_id])}" for p in season.podium)
        lines.append(i18n.t("season.hall_line", locale, season=escape_text(season_label(season, locale)),
                            places=places))
    return "\n".join(lines)[:2000]


async def season_completions(game: GameService, guild_id: int | None, current: str,
                             locale: str) -> list[tuple[str, str]]:
    """``(label, number)`` of this server's seasons whose label has ``current`` in it, newest first (25 at most):
    the ``season:`` option's autocomplete."""
    if guild_id is None:
        return []
    wanted = current.strip().lower()
    out = []
    for season in reversed(await game.seasons(guild_id)):
        label = season_label(season, locale)
        if not wanted or wanted in label.lower() or wanted == str(season.number):
            out.append((label[:100], str(season.number)))
    return out[:25]
