"""On Discord: the draw (抽签) posted to everyone at the start — round 1's pairings in the drawn order with the
seed — and each table's seats drawn by lot, posted and taken exactly as posted; the third-place option shown."""

from __future__ import annotations

from typing import Any

from engine.tournament.draw import seats
from tests.helpers.botflow import bounded, last_reply
from tests.helpers.security import literal

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank")


@bounded(120)
async def test_the_draw_and_the_seats_are_announced_and_kept(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    actors = [guild.add_member(env.create_user(n)) for n in NAMES]
    reply = last_reply(await actors[0].slash(channel, "tractor tournament create", name="Draw Cup",
                                             format="knockout", end_level="3", third_place=True,
                                             rank_levels=True))
    assert reply.ephemeral and "Third-place match" in reply.content, env.transcript()
    assert "Ranking by level" in reply.content
    t = env.bot.tournaments.of_guild(guild.id)[-1]
    assert t.config.third_place and t.config.rank_levels
    for i in range(4):
        await actors[2 * i].slash(channel, "tractor tournament join", partner=actors[2 * i + 1],
                                  team_name=f"Team {i + 1}")
        await actors[2 * i + 1].slash(channel, "tractor tournament join", partner=actors[2 * i])  # confirmed
    await actors[0].slash(channel, "tractor tournament start")
    public = literal("\n".join(m.content for m in channel.history()))
    pairs = " · ".join(f"{i + 1}. {t.team(m.a).name} – {t.team(m.b).name}"  # type: ignore[arg-type]
                       for i, m in enumerate(t.current.matches))
    assert f"Draw by lot (抽签, seed {t.seed}): {pairs}" in public, env.transcript()
    names = {a.id: a.name for a in actors}
    for m in t.current.matches:
        rec = env.bot.game.record(m.current_table)
        drawn = seats(t, m, 1)
        assert [rec.seats[s].user_id for s in range(4)] == [t.team(team).players[i] for team, i in drawn]
        line = " · ".join(f"{d} {names[rec.seats[s].user_id]}"  # type: ignore[index]
                          for s, d in enumerate(("South", "East", "North", "West")))
        assert f"Seats at table #{rec.table_id}, drawn by lot: {line}" in public, env.transcript()
    reply = last_reply(await actors[2].slash(channel, "tractor tournament bracket"))
    assert "Third-place match" in reply.content
