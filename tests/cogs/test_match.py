"""End-to-end matches through buttons and selects (SimCord drives discord.py's real code)."""

from __future__ import annotations

import i18n
from data.records import Status
from tests.conftest import act_by_panel, humans_to_act, one_human_and_three_ai, thread_of


async def play_out(env, channel, rec, actors, limit: int = 600) -> int:
    """Let the humans act through their panels until the match is over; the number of human moves."""
    game = env.bot.game
    steps = 0
    while game.sessions.get(rec.table_id) and game.record(rec.table_id).status is Status.PLAYING:
        movers = humans_to_act(env, rec.table_id, actors)
        assert movers, f"stuck in {game.sessions[rec.table_id].table.phase}"
        await act_by_panel(env, movers[0], channel, rec.table_id)
        steps += 1
        assert steps < limit
    return steps


async def test_one_human_three_ai(simcord_env):
    env = simcord_env
    channel, alice, rec, _lobby = await one_human_and_three_ai(env, "zh-CN")
    steps = await play_out(env, channel, rec, [alice])
    assert steps >= 10
    thread = thread_of(env, channel, rec)
    history = thread.history()
    texts = [m.content for m in history]
    # quiet by default: no picture per trick; one trick log message per hand, one line per trick
    assert not any(a.filename.startswith("hand01_trick") for m in history for a in m.attachments)
    logs = [m.content.splitlines() for m in history if m.content.startswith(i18n.t("tricklog.title", "zh-CN", hand=1))]
    numbers = [line.split(".")[0] for line in logs[0][1:]] if len(logs) == 1 else []
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)] and len(numbers) >= 8, logs
    assert any(a.filename == "match_summary.png" for m in history for a in m.attachments)
    assert history[-1].content.endswith(i18n.t("table.phase.match_over", "zh-CN"))  # the live message is last
    assert any(f"<@{alice.id}>" in t for t in texts)  # turns mention the player
    assert env.bot.game.record(rec.table_id).status is Status.FINISHED if rec.table_id in env.bot.game.sessions \
        else True
    # the ladder after the match: alice is ranked
    result = await alice.slash(channel, "ladder")
    files = [a.filename for m in [result.response, *result.followups] if m for a in m.attachments]
    assert "ladder.png" in files
    stats = await alice.slash(channel, "stats")
    assert any(a.filename == "stats.png" for m in [stats.response, *stats.followups] if m for a in m.attachments)

