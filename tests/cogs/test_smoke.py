"""First contact: the bot starts under SimCord, syncs its commands and opens a table."""

from __future__ import annotations

import i18n


async def test_commands_synced(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(simcord_env.create_user("alice"))
    names = alice.available_commands(channel)
    assert "tractor new" in names and "play" in names and "hand" in names


async def test_new_table(simcord_env):
    guild = simcord_env.create_guild(preferred_locale="zh-CN")  # public messages follow the server's language
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "tractor new", mode="async")
    msg = result.response
    assert msg is not None
    assert msg.embeds[0].title.startswith(i18n.t("lobby.title", "zh-CN", id=1, status="")[:6])
    assert len(channel.threads) == 1
