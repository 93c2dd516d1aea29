"""Every entry point passes the per-user rate limiter (``runtime.ratelimit``, shared with the web table) before
any handler runs.

Slash commands and autocompletes go through the command tree's global check (``GuardedTree``: buckets
``command`` and ``autocomplete``), buttons and selects through each item's ``interaction_check`` (``cogs.items``:
bucket ``action``); opening a hand panel also spends the ``panel`` bucket (a picture drawn). Each bucket is
charged once per interaction, by this guard only (handlers do not charge again). A refused command or click is
answered privately with the localized wait (``error.rate_limited``); a refused autocomplete offers nothing.
An admitted interaction also records the user's display name on the server (``note_name``).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from cogs.replies import BotError, check_rate, reply_error

log = logging.getLogger(__name__)


async def admitted(interaction: discord.Interaction, bucket: str) -> bool:
    """Charge ``bucket``; when the user is over the limit, answer privately (not an autocomplete) and say no."""
    try:
        check_rate(interaction, bucket)
    except BotError as exc:
        log.info("user %d rate limited (%s)", interaction.user.id, bucket)
        if interaction.type is not discord.InteractionType.autocomplete:
            await reply_error(interaction, exc)
        return False
    await note_name(interaction)
    return True


async def note_name(interaction: discord.Interaction) -> None:
    """Remember the display name the user shows on this server now (``runtime.records.names``: the bot has no members
    intent, the ladder and records name players by it)."""
    game = getattr(interaction.client, "game", None)
    if game is not None:
        user = interaction.user
        await game.names.seen(interaction.guild_id, user.id, getattr(user, "display_name", None) or user.name)


class GuardedTree(app_commands.CommandTree):
    """The bot's command tree: the rate limit before every slash command and autocomplete."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        auto = interaction.type is discord.InteractionType.autocomplete
        return await admitted(interaction, "autocomplete" if auto else "command")
