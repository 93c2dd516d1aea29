"""Discord's answer to "is this user a member of that server?" for ``runtime.links.membership``: the bot has no
privileged members intent (no member list, no removal events), so each question is one REST lookup
(``GET /guilds/{guild}/members/{user}``), kept a short while by ``runtime.links.membership.Membership``."""

from __future__ import annotations

import logging

import discord

from runtime import Lookup

log = logging.getLogger(__name__)


def member_lookup(client: discord.Client) -> Lookup:
    """The lookup for ``client``: True for a member, False for a user Discord does not know there (or a server the
    bot left); any other failure raises (the last known answer then stands)."""

    async def lookup(guild_id: int, user_id: int) -> bool:
        guild = client.get_guild(guild_id)
        if guild is None:
            return False
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        return True

    return lookup
