"""Tables belong to their guild (issue #17, defect 1): a table id from another guild answers exactly like an
unknown id, for every command and button, even for that other guild's owner; nothing changes."""

from __future__ import annotations

from typing import Any

import i18n
from data.records import Status
from tests.conftest import world
from tests.helpers.botflow import bounded, last_reply, start_table, table_state


def outsider(env: Any) -> tuple[Any, Any]:
    """mallory, the owner (all permissions) of her own guild with a #general channel."""
    user = env.create_user("mallory")
    guild = env.create_guild("Mallory's", owner=user)
    channel = guild.create_text_channel("general")
    return guild.add_member(user), channel


@bounded()
async def test_owner_of_another_guild_cannot_end_a_table(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, actors = world(env, 4)
    rec = await start_table(env, channel, actors, mode="async")
    before = table_state(env, rec.table_id)
    mallory, elsewhere = outsider(env)

    result = await mallory.slash(elsewhere, "tractor end", table=rec.table_id)
    reply = last_reply(result)
    assert reply is not None and reply.ephemeral
    assert reply.content == i18n.t("table.not_found", "en", table_id=rec.table_id)  # as an unknown id
    assert env.bot.game.record(rec.table_id).status is Status.PLAYING
    assert (await env.bot.game.db.get_table(rec.table_id)).status == "playing"  # the database too
    assert table_state(env, rec.table_id) == before
    unknown = last_reply(await mallory.slash(elsewhere, "tractor end", table=rec.table_id + 1000))
    assert unknown.content == i18n.t("table.not_found", "en", table_id=rec.table_id + 1000)
