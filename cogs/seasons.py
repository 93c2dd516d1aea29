"""``/tractor season start|end|list|setup`` and ``/tractor ladder page``: a server's seasons (赛季) and its public
ladder page.

Starting and ending need Manage Server or the role the server named (``setup role:``); ``setup`` (the season
channel, that role, the champion role) and the page need Manage Server. A champion role the bot cannot give
(no Manage Roles, or the role is not below the bot's) is refused when it is set. The page is off by default;
``on`` makes a new unguessable link (an old link stops working), ``off`` removes the page.
"""

from __future__ import annotations

import logging
import secrets
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands

import i18n
from cogs.gamebot import GameBot
from cogs.replies import BotError, answering, defer, guild_locale, reply, user_locale
from cogs.safetext import escape_text
from cogs.season_presenter import role_problem
from cogs.subgroup import TractorSubgroup
from cogs.translator import ls
from data.seasons import Season
from runtime import may_run_seasons, season_label

log = logging.getLogger(__name__)

PAGE_CHOICES = [app_commands.Choice(name=ls("on", "season.choice.on"), value="on"),
                app_commands.Choice(name=ls("off", "season.choice.off"), value="off")]
NameText = app_commands.Range[str, 1, 40]
DateText = app_commands.Range[str, 1, 20]


def _cmd(name: str, text: str) -> dict[str, Any]:
    return {"name": ls(name, f"season.cmd.{name}"), "description": ls(text, f"season.cmd.{name}.desc")}


def _opts(**texts: str) -> Any:
    """Localized names and descriptions of options (``season.opt.<name>`` keys)."""
    def decorate(func: Any) -> Any:
        func = app_commands.describe(**{p: ls(d, f"season.opt.{p}.desc") for p, d in texts.items()})(func)
        return app_commands.rename(**{p: ls(p, f"season.opt.{p}") for p in texts})(func)
    return decorate


def is_manager(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def _guild_id(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise BotError("error.guild_only")
    return interaction.guild_id


def date_text(when: float | None) -> str:
    return "—" if when is None else datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d %H:%M UTC")


def season_line(season: Season, locale: str) -> str:
    """One season of ``/tractor season list``."""
    key = "season.list_open" if season.open else "season.list_ended"
    return i18n.t(key, locale, number=season.number, name=escape_text(season_label(season, locale)),
                  start=date_text(season.started_at), end=date_text(season.ended_at or season.ends_at))


class SeasonCommands(app_commands.Group):
    """The ``season`` subgroup of ``/tractor``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(name=ls("season", "season.cmd.group"),
                         description=ls("Seasons of this server's ladder", "season.cmd.group.desc"))
        self.bot = bot

    async def _allowed(self, interaction: discord.Interaction) -> bool:
        settings = await self.bot.game.guild_settings(_guild_id(interaction))
        roles = {r.id for r in getattr(interaction.user, "roles", ())}
        return may_run_seasons(is_manager(interaction), roles, settings)

    async def _locale(self, interaction: discord.Interaction) -> str:
        settings = await self.bot.game.guild_settings(_guild_id(interaction))
        return guild_locale(interaction, settings["locale"])

    @app_commands.command(**_cmd("start", "Start a season (managers or the season role)"))
    @_opts(name="The season's name", ends="End date, UTC: YYYY-MM-DD or YYYY-MM-DD HH:MM")
    async def start(self, interaction: discord.Interaction, name: NameText | None = None,
                    ends: DateText | None = None) -> None:
        async with answering(interaction):
            guild_id = _guild_id(interaction)
            allowed = await self._allowed(interaction)
            if not allowed:
                raise BotError("season.not_allowed")
            locale = await self._locale(interaction)
            await defer(interaction, ephemeral=False)
            _over, season = await self.bot.seasons.start(guild_id, interaction.user.id, allowed, name, ends, locale,
                                                         interaction.channel_id)
            key = "season.started_until" if season.ends_at is not None else "season.started"
            await reply(interaction, i18n.t(key, locale, season=escape_text(season_label(season, locale)),
                                            end=date_text(season.ends_at)), ephemeral=False)

    @app_commands.command(**_cmd("end", "End the season now: archive it and start the next (managers)"))
    async def end(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            guild_id = _guild_id(interaction)
            allowed = await self._allowed(interaction)
            if not allowed:
                raise BotError("season.not_allowed")
            locale = await self._locale(interaction)
            await defer(interaction, ephemeral=False)
            over = await self.bot.seasons.end(guild_id, allowed, locale, interaction.channel_id)
            await reply(interaction, i18n.t("season.ended", locale,
                                            season=escape_text(season_label(over.ended, locale))), ephemeral=False)

    @app_commands.command(**_cmd("list", "This server's seasons"))
    async def seasons_list(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            locale = user_locale(interaction)
            seasons = await self.bot.game.seasons(_guild_id(interaction))
            lines = [i18n.t("season.list_title", locale)] + [season_line(s, locale) for s in reversed(seasons)]
            await reply(interaction, "\n".join(lines)[:2000], ephemeral=False)

    @app_commands.command(**_cmd("setup", "Season channel, organiser role and champion role (Manage Server)"))
    @_opts(channel="Where a season's end is announced", role="A role that may start and end seasons",
           champion="The role the season's champion gets", no_champion="Give no champion role")
    @app_commands.default_permissions(manage_guild=True)
    async def setup(self, interaction: discord.Interaction, channel: discord.TextChannel | None = None,
                    role: discord.Role | None = None, champion: discord.Role | None = None,
                    no_champion: bool = False) -> None:
        async with answering(interaction):
            guild_id = _guild_id(interaction)
            if not is_manager(interaction):
                raise BotError("error.manage_guild")
            if champion is not None and interaction.guild is not None:
                problem = role_problem(interaction.guild, champion)
                if problem is not None:
                    raise BotError(problem)
            changes: dict[str, Any] = {}
            if channel is not None:
                changes["season_channel"] = channel.id
            if role is not None:
                changes["season_role"] = role.id
            if champion is not None:
                changes["champion_role"] = champion.id
            if no_champion:
                changes["champion_role"] = 0
            settings = await self.bot.game.set_guild_settings(guild_id, **changes)
            locale = user_locale(interaction)
            none = i18n.t("season.none", locale)
            await reply(interaction, i18n.t(
                "season.setup_done", locale,
                channel=f"<#{settings['season_channel']}>" if settings["season_channel"] else none,
                role=f"<@&{settings['season_role']}>" if settings["season_role"] else none,
                champion=f"<@&{settings['champion_role']}>" if settings["champion_role"] else none), ephemeral=True)


class LadderCommands(app_commands.Group):
    """The ``ladder`` subgroup of ``/tractor``: the public page."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(name=ls("ladder", "season.cmd.ladder_group"),
                         description=ls("This server's public ladder page", "season.cmd.ladder_group.desc"))
        self.bot = bot

    def _base(self) -> str | None:
        config = self.bot.config
        url = getattr(config, "web_url", None)
        port = getattr(config, "web_port", None)
        if url:
            return str(url).rstrip("/")
        return None if port is None else f"http://{getattr(config, 'web_host', '127.0.0.1')}:{port}"

    @app_commands.command(**_cmd("page", "Turn the public ladder page on or off (Manage Server)"))
    @_opts(switch="on: a link anybody may open; off: the page is removed")
    @app_commands.choices(switch=PAGE_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    async def page(self, interaction: discord.Interaction, switch: str) -> None:
        async with answering(interaction):
            guild_id = _guild_id(interaction)
            if not is_manager(interaction):
                raise BotError("error.manage_guild")
            if switch not in ("on", "off"):
                raise BotError("season.bad_switch")
            locale = user_locale(interaction)
            if switch == "off":
                await self.bot.game.set_ladder_page(guild_id, None)
                await reply(interaction, i18n.t("season.page_off", locale), ephemeral=True)
                return
            base = self._base()
            if base is None:
                raise BotError("season.page_no_web")
            token = secrets.token_urlsafe(18)
            await self.bot.game.set_ladder_page(guild_id, token)
            await reply(interaction, i18n.t("season.page_on", locale, url=f"{base}/ladder/{token}"), ephemeral=True)


class Seasons(TractorSubgroup):
    """Adds ``/tractor season`` to the ``/tractor`` group of ``cogs.tables``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(bot, SeasonCommands(bot))


class LadderPage(TractorSubgroup):
    """Adds ``/tractor ladder`` to the ``/tractor`` group of ``cogs.tables``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(bot, LadderCommands(bot))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Seasons(bot))
    await bot.add_cog(LadderPage(bot))
