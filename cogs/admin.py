"""Server defaults (``/tractor config``, Manage Server) and DM turn notifications (``/tractor notify``).

Settings are stored by ``data/`` (``Database.set_guild_settings``); the rules in them are validated through
``engine.rules.Rules`` with localized errors. The public locale of a guild is its ``locale``
setting, ``auto`` (the default) following the server's Discord language.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

import i18n
from cogs.gamebot import GameBot
from cogs.replies import BotError, reply_key, user_locale
from runtime import build_rules, check_timeout, inputs

log = logging.getLogger(__name__)


async def set_notify(bot: GameBot, interaction: discord.Interaction, on: bool) -> None:
    """Opt in or out of turn DMs on this server."""
    assert interaction.guild_id is not None
    await bot.game.set_dm_notify(interaction.guild_id, interaction.user.id, inputs.flag("on", on))
    await reply_key(interaction, "table.notify.on" if on else "table.notify.off")


async def configure(bot: GameBot, interaction: discord.Interaction, *, preset: str | None, options: str | None,
                    mode: str | None, timeout: int | None, ai: str | None, locale: str | None,
                    channel: discord.TextChannel | None, allow: bool | None,
                    referee_role: discord.Role | None = None) -> None:
    """Change the given server defaults (all validated first), then show every setting. ``referee_role``: its
    members may referee (``runtime.service.referee``; with ``allow: false`` the role no longer may); ``@everyone`` is
    refused (every member would be a referee)."""
    assert interaction.guild_id is not None
    game = bot.game
    current = await game.guild_settings(interaction.guild_id)
    changes: dict[str, Any] = {}
    if preset is not None or options is not None:
        rules = build_rules(preset or current["preset"], options)
        changes["preset"] = rules.preset
        changes["options"] = rules.overrides()
    # every value checked by the service's rules (runtime.inputs) before anything is stored, whatever the client sent
    if mode is not None:
        changes["mode"] = inputs.mode(mode).value
    if timeout is not None:
        check_timeout(timeout)
        changes["turn_timeout"] = timeout
    if ai is not None:
        changes["ai_level"] = inputs.ai_level(ai)
    if locale is not None:
        changes["locale"] = inputs.locale(locale)
    if allow is not None:
        inputs.flag("allow", allow)
    if channel is not None:
        allowed = [c for c in current["allowed_channels"] if c != channel.id]
        if allow is None or allow:
            allowed.append(channel.id)
        changes["allowed_channels"] = allowed
    if referee_role is not None:
        if referee_role.is_default():
            raise BotError("table.config.referee_everyone")
        roles = [r for r in current["referee_roles"] if r != referee_role.id]
        changes["referee_roles"] = [*roles, referee_role.id] if allow is None or allow else roles
    settings = await game.set_guild_settings(interaction.guild_id, **changes) if changes else current
    loc = user_locale(interaction)
    lines = [i18n.t("table.config.title", loc)]
    for key in ("preset", "options", "mode", "turn_timeout", "ai_level", "locale", "auto_play_forced"):
        lines.append(f"• `{key}` = `{settings[key]}`")
    channels = " ".join(f"<#{c}>" for c in settings["allowed_channels"]) or i18n.t("table.config.anywhere", loc)
    lines.append(f"• `allowed_channels` = {channels}")
    referees = " ".join(f"<@&{r}>" for r in settings["referee_roles"]) or i18n.t("table.config.no_referee_role", loc)
    lines.append(f"• `referee_roles` = {referees}")
    await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: GameBot) -> None:
    """No cog of its own: the commands are declared in ``cogs.tables`` under ``/tractor``."""
