"""Who may referee (裁判) a table on Discord (SimCord): a seated host — even a Manage Server one — may not rule on
their own match (refused privately, nothing changes: no points, no result, no ladder); a member who does not play
there may (a manager, or a holder of the server's referee role), and the ruling is posted in the thread with the
referee's name."""

from __future__ import annotations

from typing import Any

import discord

import i18n
from engine.views import Phase
from tests.conftest import world
from tests.helpers.botflow import bounded, last_reply, start_table
from tests.helpers.security import literal


def _thread(channel: Any, rec: Any) -> Any:
    return next(th for th in channel.threads if th.id == rec.thread_id)


@bounded(120)
async def test_a_seated_host_may_not_referee_their_own_match(simcord_env: Any) -> None:
    env = simcord_env
    guild, channel, (alice, bob) = world(env, 2)
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    host = guild.add_member(env.create_user("hostess"), roles=[admins])  # seated *and* a manager
    rec = await start_table(env, channel, [host, alice, bob], n_ai=1, mode="async")
    game = env.bot.game
    table = game.session(rec.table_id).table
    assert table.phase is not Phase.MATCH_OVER
    thread = _thread(channel, rec)
    points = table.hand.defender_points
    for kind, extra in (("penalty", {"points": 400}), ("award", {}), ("disqualify", {}), ("warn", {})):
        for who in (host, alice):  # the host, and any other seated player
            reply = last_reply(await who.slash(thread, f"tractor referee {kind}", player=bob, **extra))
            assert reply.ephemeral and literal(reply.content) == i18n.t("referee.interested", "en"), reply.content
    assert table.sanctions == [] and table.hand.defender_points == points and table.phase is not Phase.MATCH_OVER

    # a manager who does not play rules; the thread says who
    mod = guild.add_member(env.create_user("moderator"), roles=[admins])
    reply = last_reply(await mod.slash(thread, "tractor referee warn", player=bob))
    assert reply.ephemeral and [s.kind for s in table.sanctions] == ["warning"], env.transcript()
    texts = literal("\n".join(m.content for m in thread.history()))
    assert i18n.t("announce.ruled_by", "en", referee="moderator") in texts
    # a member with the server's referee role (and no other power) rules too
    refs = guild.create_role("refs")
    await mod.slash(channel, "tractor config", referee_role=refs)
    ref = guild.add_member(env.create_user("umpire"), roles=[refs])
    plain = guild.add_member(env.create_user("someone"))
    reply = last_reply(await plain.slash(thread, "tractor referee warn", player=bob))
    assert reply.ephemeral and len(table.sanctions) == 1
    await ref.slash(thread, "tractor referee warn", player=bob)
    assert len(table.sanctions) == 2
    texts = literal("\n".join(m.content for m in thread.history()))
    assert i18n.t("announce.ruled_by", "en", referee="umpire") in texts
    # the role withdrawn (allow: false): no longer a referee
    await mod.slash(channel, "tractor config", referee_role=refs, allow=False)
    await ref.slash(thread, "tractor referee warn", player=bob)
    assert len(table.sanctions) == 2
