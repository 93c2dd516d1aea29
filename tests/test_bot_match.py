"""End-to-end matches through buttons and selects (SimCord drives discord.py's real code)."""

from __future__ import annotations

from tests.conftest import act_by_panel, button_id, humans_to_act, open_table, thread_of, world

from runtime.records import Status


async def test_one_human_three_ai(simcord_env):
    env = simcord_env
    guild, channel, (alice,) = world(env, 1)
    rec, lobby = await open_table(env, alice, channel, mode="async", options="start_level=A end_level=A")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    game = env.bot.game
    steps = 0
    while game.sessions.get(rec.table_id) and game.record(rec.table_id).status is Status.PLAYING:
        movers = humans_to_act(env, rec.table_id, [alice])
        assert movers, f"stuck: {game.sessions[rec.table_id].table.phase}"
        await act_by_panel(env, alice, channel, rec.table_id)
        steps += 1
        assert steps < 400
    thread = thread_of(env, channel, rec)
    print(steps, len(thread.history()))
    for m in thread.history()[-60:]:
        print(repr(m.content[:150]), [a.filename for a in m.attachments], len(m.components))
