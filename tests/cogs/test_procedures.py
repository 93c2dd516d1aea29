"""The seed sheets' procedures on Discord (SimCord): a referee's penalty and disqualification at a tournament
table (never by the organiser who plays in that match, nor by a seated player), a timed round's notice and
"finish this hand, then one more" (再打1副牌), and a level tie at time played on (加赛) in a knock-out."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import i18n
from data.records import TableOptions
from engine.tournament import Status as TStatus
from engine.views import Phase
from runtime.procedures import SANCTIONS, TIME_HAND
from tests.helpers.botflow import advance, bounded, close_game, last_reply  # noqa: F401
from tests.helpers.security import literal

MINUTE = 60.0


@pytest.fixture
def bot_options() -> dict:
    """AI moves 2 s apart, so a test moves a hand along with the clock."""
    return {"table_options": TableOptions(ai_delay=2.0, deal_delay=0.0, next_hand_delay=1.0, ai_declare_wait=0.0)}


async def two_team_cup(env: Any, **create: Any) -> tuple[Any, Any, list[Any], Any]:
    """alice (organiser) and bob each sign up with an AI partner; the knock-out starts; both go 托管 so the AI
    plays; returns (channel, tournament, actors, the table's record)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    actors = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    alice, bob = actors[0], actors[1]
    await alice.slash(channel, "tractor tournament create", name="Cup", format="knockout", end_level="A",
                      ai_partners=True, **create)
    t = env.bot.tournaments.of_guild(guild.id)[-1]
    await alice.slash(channel, "tractor tournament join", team_name="Aces")
    await bob.slash(channel, "tractor tournament join", team_name="Kings")
    await alice.slash(channel, "tractor tournament start")
    assert t.status is TStatus.RUNNING, env.transcript()
    tid = t.current.matches[0].current_table
    for user in (alice, bob):
        await env.bot.game.go_away(tid, user.id)
    return channel, t, actors, env.bot.game.record(tid)


async def until(env: Any, clock: Any, done: Any, step: float = 2.0, limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        await advance(env, clock, step)
    raise AssertionError("condition not met")


def thread_texts(channel: Any, rec: Any) -> str:
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    return literal("\n".join(m.content for m in thread.history()))


@bounded(240)
async def test_a_referee_who_does_not_play_rules_and_an_organiser_who_plays_may_not(
        simcord_env: Any, clock: Any, close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    channel, t, (alice, bob, carol), rec = await two_team_cup(env)
    table = env.bot.game.session(rec.table_id).table
    await until(env, clock, lambda: table.phase is Phase.PLAYING)
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    side = rec.seat_of(bob.id) % 2

    # a player who is not the organiser may not rule: refused privately, nothing changes
    reply = last_reply(await carol.slash(thread, "tractor referee penalty", player=bob, points=20))
    assert reply.ephemeral and table.sanctions == []
    # the organiser hosts the table but plays in this match: an interested party may not rule on it
    for kind, extra in (("penalty", {"points": 400}), ("award", {}), ("disqualify", {})):
        reply = last_reply(await alice.slash(thread, f"tractor referee {kind}", player=bob, **extra))
        assert reply.ephemeral and literal(reply.content) == i18n.t("referee.interested", "en"), reply.content
    assert table.sanctions == [] and table.phase is Phase.PLAYING and SANCTIONS not in t.meta

    # the server names a referee role (Manage Server); @everyone cannot be it; dave holds it and does not play
    guild = channel.guild
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    refs = guild.create_role("refs")
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    reply = last_reply(await mod.slash(channel, "tractor config", referee_role=guild.default_role))
    assert literal(reply.content) == i18n.t("table.config.referee_everyone", "en")
    await mod.slash(channel, "tractor config", referee_role=refs)
    assert await env.bot.game.db.get_guild_setting(guild.id, "referee_roles") == [refs.id]
    dave = guild.add_member(env.create_user("dave"), roles=[refs])

    before = table.hand.defender_points
    reply = last_reply(await dave.slash(thread, "tractor referee penalty", player=bob, points=20))
    assert reply.ephemeral, env.transcript()
    dealers = table.hand.dealer % 2
    assert table.hand.defender_points == before + (20 if side == dealers else -20)
    assert [(s.team, s.points, s.kind) for s in table.sanctions] == [(side, 20, "penalty")]
    lines = thread_texts(channel, rec).splitlines()
    ruling = next(i for i, line in enumerate(lines) if "Referee: " in line)
    assert "bob" in lines[ruling] and "lose 20 points" in lines[ruling]  # the team named in its drawn seat order
    assert any(i18n.t("announce.ruled_by", "en", referee="dave") in line for line in lines[:ruling + 1])
    assert t.meta[SANCTIONS][-1]["kind"] == "penalty" and t.meta[SANCTIONS][-1]["points"] == 20
    assert t.meta[SANCTIONS][-1]["by"] == dave.id

    await dave.slash(thread, "tractor referee warn", player=bob)
    assert table.sanctions[-1].kind == "warning"

    await dave.slash(thread, "tractor referee disqualify", player=bob)
    assert table.phase is Phase.MATCH_OVER and table.match_winner == 1 - side
    assert "disqualified" in thread_texts(channel, rec)
    kings = next(team for team in t.teams if team.name == "Kings")
    assert t.status is TStatus.FINISHED and t.champion != kings.team_id  # the final was lost at the table
    assert t.meta[SANCTIONS][-1] == {"team": kings.team_id, "kind": "disqualify", "points": 0, "match": "r1m1",
                                     "hand": 1, "by": dave.id}
    reply = last_reply(await carol.slash(channel, "tractor tournament standings", tournament=t.tournament_id))
    assert "Kings: −20 points · 1 warning(s)" in literal(reply.content) and "disqualified" in reply.content
    log = [m.content for m in channel.history()]
    assert any(i18n.t("tournament.sanction_disqualify", "en", team="Kings") in literal(c) for c in log)


@bounded(300)
async def test_timed_round_notice_then_one_more_hand(simcord_env: Any, clock: Any, close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    channel, t, _actors, rec = await two_team_cup(env, minutes=10, notice=5, one_more=True)
    reply_lines = literal(last_reply(await _actors[2].slash(channel, "tractor tournament standings")).content)
    assert "one more" in reply_lines and "5 min before time" in reply_lines
    table = env.bot.game.session(rec.table_id).table
    await until(env, clock, lambda: "minute(s) to time" in thread_texts(channel, rec))
    assert "5 minute(s) to time: at time the hand in progress is finished, then one more" \
        in thread_texts(channel, rec)
    assert TIME_HAND not in env.bot.game.record(rec.table_id).meta
    await until(env, clock, lambda: TIME_HAND in env.bot.game.record(rec.table_id).meta)
    called = env.bot.game.record(rec.table_id).meta[TIME_HAND]
    assert f"Time! Hand {called + 1} is the last one" in thread_texts(channel, rec)
    await until(env, clock, lambda: table.phase is Phase.MATCH_OVER)
    assert table.results[-1].hand_number == called + 1 and table.match_over_reason == "time_up"
    match = t.rounds[0].matches[0]
    assert t.match(match.match_id).decided


@bounded(300)
async def test_a_level_tie_at_time_gets_an_extra_hand_in_a_knockout(simcord_env: Any, clock: Any,
                                                                    close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    channel, t, (alice, _bob, _carol), rec = await two_team_cup(env, minutes=1, sheet_tie=True)
    assert env.bot.game.record(rec.table_id).options.time_tie == "extra"  # a knock-out table: 加赛
    table = env.bot.game.session(rec.table_id).table
    await until(env, clock, lambda: table.phase is Phase.PLAYING)
    await advance(env, clock, MINUTE)  # time passes during hand 1
    assert table.hand.number == 1 and table.phase is Phase.PLAYING
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    # the organiser gives hand 1 to the defenders: they take the stage, no level changes (2 – 2 at time)
    dealer_player = next(a for a in (alice, _bob) if rec.seat_of(a.id) % 2 == table.hand.dealer % 2)
    mods = channel.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    referee = channel.guild.add_member(env.create_user("ref"), roles=[mods])  # a manager who does not play
    await referee.slash(thread, "tractor referee award", player=dealer_player)
    assert table.results[-1].levels_after == ("2", "2")
    await until(env, clock, lambda: table.hand.number == 2 or table.phase is Phase.MATCH_OVER)
    assert table.phase is not Phase.MATCH_OVER and "extra hand (加赛)" in thread_texts(channel, rec)
    await until(env, clock, lambda: table.phase is Phase.MATCH_OVER)
    assert table.levels[0] != table.levels[1] and t.match(t.rounds[0].matches[0].match_id).decided


@bounded(240)
async def test_an_absent_team_forfeits_by_itself_and_a_locked_roster_refuses_substitutes(
        simcord_env: Any, clock: Any, close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    await alice.slash(channel, "tractor tournament create", name="Cup", format="knockout", end_level="A",
                      ai_partners=True, no_show=1, locked_roster=True)
    t = env.bot.tournaments.of_guild(guild.id)[-1]
    await alice.slash(channel, "tractor tournament join", team_name="Aces")
    await bob.slash(channel, "tractor tournament join", team_name="Kings")
    await alice.slash(channel, "tractor tournament start")
    # 不得换人: the organiser's substitute is refused once the tournament runs
    reply = last_reply(await alice.slash(channel, "tractor tournament replace", player=bob, substitute=carol))
    assert reply.ephemeral and reply.content == i18n.t("procedures.roster_locked", "en")
    match = t.current.matches[0]
    tid = match.current_table
    await env.bot.game.go_away(tid, bob.id)  # bob never comes (his seat is under 托管); alice is there
    await advance(env, clock, 59)
    assert not t.match(match.match_id).decided
    await advance(env, clock, 2)
    done = t.match(match.match_id)
    kings = next(team for team in t.teams if team.name == "Kings")
    assert done.decided and done.winner != kings.team_id and done.games[-1].forfeit
    texts = literal("\n".join(m.content for m in channel.history()))
    assert "Kings did not come within 1 min of the start: forfeit" in texts
    assert t.status is TStatus.FINISHED


@bounded(240)
async def test_a_discipline_table_hides_the_kitty_and_earlier_tricks_and_removes_table_talk(
        simcord_env: Any, clock: Any, close_game: Any) -> None:  # noqa: F811
    from runtime.views.panel import build_panel

    env = simcord_env
    channel, _t, (_alice, bob, carol), rec = await two_team_cup(env, discipline=True)
    assert env.bot.game.record(rec.table_id).options.discipline
    table = env.bot.game.session(rec.table_id).table
    await until(env, clock, lambda: table.phase is Phase.PLAYING and len(table.hand.tricks) >= 3)
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    # the trick log shows only the last trick (one message, edited), not the hand's earlier ones
    log = next(m.content for m in thread.history() if m.content.startswith(i18n.t("tricklog.title", "en", hand=1)))
    assert len(log.splitlines()) == 2, log
    assert log.splitlines()[1].startswith(f"{len(table.hand.tricks)}. "), log  # the last trick, not trick 1
    # the burier no longer sees the kitty once play started (a casual table keeps it: the engine's seat view)
    holder = table.hand.kitty_holder
    assert table.seat_view(holder).kitty is not None
    assert build_panel(env.bot.game.record(rec.table_id), table, holder).view.kitty is None
    # a seated player's message during the hand is removed, with a private note; a spectator's stays
    talk = await bob.send(thread, "pssst, lead hearts")
    spectator = await carol.send(thread, "good luck all")
    remaining = [m.id for m in thread.history()]
    assert talk.id not in remaining and spectator.id in remaining
    dm = env.backend.dm_channels.get(bob.id)
    notes = [m.content for m in env.backend.messages.get(dm, {}).values()] if dm else []
    assert any("Table talk is off" in n for n in notes), env.transcript()
    assert not any("pssst" in m.content for m in thread.history())


@bounded(240)
async def test_a_casual_table_card_counter_and_a_consented_undo(simcord_env: Any, clock: Any) -> None:
    from tests.conftest import act_by_panel, open_panel
    from tests.helpers.botflow import declare_and_bury, four_humans

    env = simcord_env
    rec, channel, actors = await four_humans(env, card_counter=True, undo=True)
    table = env.bot.game.session(rec.table_id).table
    await declare_and_bury(env, rec, channel, actors)
    # 记牌器: the panel counts what each suit has left outside the player's hand (public tricks + own hand)
    leader = table.to_act()[0]
    await act_by_panel(env, actors[leader], channel, rec.table_id)
    second = table.to_act()[0]
    panel = await open_panel(env, actors[second], channel, rec.table_id)
    assert "Still out (记牌器)" in panel.content, panel.content
    counter = env.bot.game.panel(rec.table_id, actors[second].id).counter
    assert sum(s.count for s in counter) == 108 - len(table.hand.hands[second]) - len(table.hand.trick[0][1])

    # undo: the second player plays, asks to take it back; the other three agree one by one
    await act_by_panel(env, actors[second], channel, rec.table_id)
    played = table.hand.trick[-1][1]
    reply = last_reply(await actors[second].slash(channel, "tractor undo"))
    assert reply.ephemeral and "Waiting for" in reply.content, env.transcript()
    others = [a for i, a in enumerate(actors) if i != second]
    for voter in others[:-1]:
        reply = last_reply(await voter.slash(channel, "tractor undo"))
        assert "Still waiting" in reply.content and len(table.hand.trick) == 2
    reply = last_reply(await others[-1].slash(channel, "tractor undo"))
    assert "taken back" in reply.content
    assert len(table.hand.trick) == 1 and table.to_act() == (second,)
    assert all(c in table.hand.hands[second] for c in played)
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    assert any("took back their last play" in m.content for m in thread.history())
    # only the latest play can be taken back, by whoever made it (now the leader's lead)
    reply = last_reply(await actors[(second + 1) % 4].slash(channel, "tractor undo"))
    assert reply.ephemeral and reply.content == i18n.t("undo.not_possible", "en")
