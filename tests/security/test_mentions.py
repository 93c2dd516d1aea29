"""Names never ping (issue #17, defect 2): players whose nicknames come from a corpus of hostile names
(``@everyone``, ``@here``, a role mention, a user mention, a markdown link, triple backticks, a spoiler, a
right-to-left override, zero-width joiners, 32 CJK characters, …) play tables; no message the bot sends (lobby,
live message, turn prompts, DMs, trick, hand and match results, ladder text, history, errors) can ping anyone but
the player whose turn it is, and every name shows as its literal text. A full match plays with hostile names in
every seat."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.safetext import escape_text
from data.records import Status
from tests.conftest import act_by_panel, humans_to_act
from tests.helpers.botflow import bounded, close_game, declare_and_bury, private_leaks, start_table
from tests.helpers.security import displayed, hostile_world, literal, ping_problems, raw_name_problems

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]


def lobby_fields(env: Any, channel: Any, table_id: int) -> str:
    rec = env.bot.game.record(table_id)
    stored = env.backend.get_message(channel.id, rec.lobby_message_id)
    return "\n".join(f["value"] for f in stored.embeds[0]["fields"])


@bounded(180)
async def test_hostile_nicknames_never_ping_and_show_literally(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, actors, bystander, names = hostile_world(env, 12)
    for actor in actors:
        await actor.slash(channel, "tractor notify", on=True)  # turn prompts by DM too
    for start in range(0, len(actors), 4):  # three tables, every name of the corpus in a seat
        seated = actors[start:start + 4]
        rec = await start_table(env, channel, seated, mode="async")
        fields = lobby_fields(env, channel, rec.table_id)
        for name in names[start:start + 4]:
            assert f"**{escape_text(name)}**" in fields
            assert literal(escape_text(name)) == displayed(name)
        await declare_and_bury(env, rec, channel, seated)
        for _ in range(6):
            await act_by_panel(env, humans_to_act(env, rec.table_id, seated)[0], channel, rec.table_id)
    await actors[0].slash(channel, "tractor new", options="@everyone=<@&1> [x](https://x)=1")  # echoed back
    await actors[1].slash(channel, "stats", user=actors[2])

    everyone = {a.id for a in actors}
    assert not ping_problems(env, everyone), ping_problems(env, everyone)
    assert not raw_name_problems(env, names), raw_name_problems(env, names)
    assert bystander.id not in {u for m in env.backend.messages.values() for x in m.values() for u in x.ping_user_ids}


@bounded(300)
async def test_a_full_match_with_hostile_names_in_every_seat(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, actors, bystander, names = hostile_world(env, 4)
    await actors[1].slash(channel, "tractor notify", on=True)
    rec = await start_table(env, channel, actors, mode="async",  # one hand: the dealers keep A and pass it
                            options="start_level=A end_level=A points_cap=40")
    game = env.bot.game
    steps = 0
    while rec.table_id in game.sessions and game.record(rec.table_id).status is Status.PLAYING:
        movers = humans_to_act(env, rec.table_id, actors)
        assert movers and steps < 2000, env.transcript()[-2000:]
        await act_by_panel(env, movers[0], channel, rec.table_id, declare=True)  # declare when one can
        steps += 1
    assert steps > 50  # every declaration, pass, burial and play of the hand by its player (forced plays play alone)
    assert rec.table_id not in game.sessions or game.record(rec.table_id).status is Status.FINISHED
    await actors[0].slash(channel, "history")
    await actors[0].slash(channel, "ladder")
    await actors[0].slash(channel, "replay", table=rec.table_id, hand=1)

    assert not ping_problems(env, {a.id for a in actors}), ping_problems(env, {a.id for a in actors})
    assert not raw_name_problems(env, names), raw_name_problems(env, names)
    assert not private_leaks(env), private_leaks(env)
    pinged = {u for m in env.backend.messages.values() for x in m.values() for u in x.ping_user_ids}
    assert bystander.id not in pinged and pinged <= {a.id for a in actors}
    assert not env.errors, env.errors
