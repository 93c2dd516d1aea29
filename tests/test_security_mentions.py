"""Names never ping (issue #17, defect 2): players whose nicknames are ``@everyone``, a role mention, a user
mention or a markdown link play a table; no message the bot sends (lobby, live message, turn prompts, DMs,
trick and hand results, errors) can ping anyone but the player whose turn it is, and every name shows as its
literal text."""

from __future__ import annotations

from typing import Any

from cogs.safetext import escape_text, literal
from tests.botflow_helpers import bounded, declare_and_bury, start_table
from tests.conftest import act_by_panel, humans_to_act
from tests.security_helpers import displayed, hostile_world, ping_problems, raw_name_problems


@bounded(120)
async def test_hostile_nicknames_never_ping_and_show_literally(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, actors, bystander, names = hostile_world(env, 4)
    for actor in actors:
        await actor.slash(channel, "tractor notify", on=True)  # turn prompts by DM too
    rec = await start_table(env, channel, actors, mode="async")
    await declare_and_bury(env, rec, channel, actors)
    for _ in range(6):
        await act_by_panel(env, humans_to_act(env, rec.table_id, actors)[0], channel, rec.table_id)
    # an option string echoed back in an error
    await actors[0].slash(channel, "tractor new", options="@everyone=<@&1> [x](https://x)=1")

    assert not ping_problems(env, {a.id for a in actors}), ping_problems(env, {a.id for a in actors})
    assert not raw_name_problems(env, names), raw_name_problems(env, names)
    lobby = env.bot.game.record(rec.table_id).lobby_message_id
    stored = env.backend.get_message(channel.id, lobby)
    fields = "\n".join(f["value"] for f in stored.embeds[0]["fields"])
    for name in names:
        assert f"**{escape_text(name)}**" in fields
        assert literal(escape_text(name)) == displayed(name)
    assert bystander.id not in {u for m in env.backend.messages.values() for x in m.values() for u in x.ping_user_ids}
