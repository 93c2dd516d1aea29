"""A four-team knock-out on Discord with eight users, end to end through slash commands and table buttons:
sign-up, refused organiser commands, round 1 in threads (players pinged), moves by panel buttons, a
restart in the middle of round 1, a forfeit, the organiser closing the rounds (open games judged at their
levels), standings and the ladder's placings."""

from __future__ import annotations

from typing import Any

import i18n
from engine.tournament import Status as TStatus
from tests.helpers.botflow import bounded, close_game, declare_and_bury, last_reply  # noqa: F401
from tests.helpers.restart import restart
from tests.helpers.security import literal

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank")
TEAM_NAMES = ("Aces", "Kings", "Queens", "**Jacks** @everyone")  # the last one must show as typed


def _world(env: Any) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    return guild, channel, [guild.add_member(env.create_user(n)) for n in NAMES]


def _seat_actors(env: Any, table_id: int, actors: list[Any]) -> list[Any]:
    rec = env.bot.game.record(table_id)
    by_id = {a.id: a for a in actors}
    return [by_id[rec.seats[s].user_id] for s in range(4)]


@bounded(240)
async def test_four_team_knockout_with_restart_forfeit_and_refusal(simcord_env: Any, clock: Any,
                                                                   close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    _guild, channel, actors = _world(env)
    alice, bob, carol = actors[0], actors[1], actors[2]
    reply = last_reply(await alice.slash(channel, "tractor tournament create", name="Spring Cup", format="knockout",
                                         end_level="3"))
    assert reply.ephemeral, env.transcript()
    t = env.bot.tournaments.of_guild(channel.guild.id)[-1]
    for i in range(4):
        me, partner = actors[2 * i], actors[2 * i + 1]
        reply = last_reply(await me.slash(channel, "tractor tournament join", partner=partner, team_name=TEAM_NAMES[i]))
        assert not reply.ephemeral and partner.mention in reply.content, env.transcript()  # the partner is asked
        reply = last_reply(await partner.slash(channel, "tractor tournament join", partner=me))  # and confirms
        assert reply.ephemeral and "signed up" in reply.content, env.transcript()
    assert [team.name for team in t.teams] == list(TEAM_NAMES)

    # a player who is not the organiser may not start it: refused privately, nothing changes
    reply = last_reply(await bob.slash(channel, "tractor tournament start"))
    assert reply.ephemeral and reply.content == i18n.t("tournament.not_organiser", "en")
    assert t.status is TStatus.SIGNUP

    await alice.slash(channel, "tractor tournament start")
    assert t.status is TStatus.RUNNING and len(t.current.matches) == 2
    tables = [m.current_table for m in t.current.matches]
    assert all(tables)
    for table_id in tables:
        rec = env.bot.game.record(table_id)
        assert rec.status.value == "playing" and rec.thread_id is not None
        thread = next(th for th in channel.threads if th.id == rec.thread_id)
        ping = thread.history()[0]
        assert sorted(u.id for u in ping.mentions) == sorted(rec.humans.values())  # exactly the four players
    public = "\n".join(m.content for m in channel.history())
    assert "@everyone" not in literal(public).replace(literal(TEAM_NAMES[3]), "")  # the name never pings
    assert "\\*\\*Jacks\\*\\*" in public

    # moves through the table buttons at the first table
    first = t.current.matches[0]
    seated = _seat_actors(env, first.current_table, actors)
    await declare_and_bury(env, env.bot.game.record(first.current_table), channel, seated)
    version = env.bot.game.session(first.current_table).table.version

    # a restart in the middle of round 1
    await restart(env, clock)
    t = env.bot.tournaments.get(t.tournament_id)
    assert t.status is TStatus.RUNNING and [m.current_table for m in t.current.matches] == tables
    assert env.bot.game.session(first.current_table).table.version == version

    # the organiser's forfeit is refused to a player, then the organiser declares it
    second = t.current.matches[1]
    reply = last_reply(await carol.slash(channel, "tractor tournament forfeit", team=second.b))
    assert reply.ephemeral and reply.content == i18n.t("tournament.not_organiser", "en")
    assert not t.match(second.match_id).decided
    await alice.slash(channel, "tractor tournament forfeit", team=second.b)
    done = t.match(second.match_id)
    assert done.decided and done.winner == second.a and done.games[-1].forfeit
    assert (await env.bot.game.db.get_table(done.tables[-1])).status.value == "ended"

    # the organiser closes round 1: the first table is judged at its levels (a tie: the team on stage)
    reply = last_reply(await carol.slash(channel, "tractor tournament advance"))
    assert reply.ephemeral and len(t.rounds) == 1
    await alice.slash(channel, "tractor tournament advance")
    assert t.match(first.match_id).decided and len(t.rounds) == 2
    assert (await env.bot.game.db.get_table(first.current_table or t.match(first.match_id).tables[-1])).status \
        .value == "ended"
    final = t.current.matches[0]
    assert set(final.teams) == {t.match(first.match_id).winner, second.a}
    seated = _seat_actors(env, final.current_table, actors)
    await declare_and_bury(env, env.bot.game.record(final.current_table), channel, seated)
    await alice.slash(channel, "tractor tournament advance")
    assert t.status is TStatus.FINISHED and t.champion in final.teams

    reply = last_reply(await bob.slash(channel, "tractor tournament standings", tournament=t.tournament_id))
    assert not reply.ephemeral and reply.attachments
    reply = last_reply(await carol.slash(channel, "tractor tournament bracket"))
    assert not reply.ephemeral
    assert [a.filename for a in reply.attachments] == [f"tournament{t.tournament_id}_bracket.png"]
    reply = last_reply(await carol.slash(channel, "tractor tournament standings", tournament=t.tournament_id + 99))
    assert reply.ephemeral and reply.content == i18n.t("tournament.not_found", "en", tournament_id=t.tournament_id + 99)
    placings = await env.bot.game.db.placings(channel.guild.id, tournament_id=t.tournament_id)
    assert len(placings) == 8 and {p.placing for p in placings} == {1, 2, 3, 4}
    winner = t.team(t.champion).players[0]
    reply = last_reply(await bob.slash(channel, "stats", user=next(a for a in actors if a.id == winner)))
    assert "🏆" in reply.content and "#1 of 4" in reply.content  # the ladder's record of the tournament
    texts = "\n".join(m.content for m in channel.history())
    assert i18n.t("tournament.forfeit", "en", team=literal(TEAM_NAMES[t.teams.index(t.team(second.b))])) \
        in literal(texts)
    assert "Champion" in texts
