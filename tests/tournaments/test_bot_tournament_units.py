"""On Discord (SimCord): entry by unit — the options shown at ``create``, a team entering for its server role, the
unit's limit (限报) and a role the players do not hold refused privately in the player's language — and a timed
group round's level tie at time ending as a draw (seed 001 "常规赛中，若双方同为一级则作平局处理")."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import i18n
from data.records import TableOptions
from engine.tournament import Stage
from engine.tournament import Status as TStatus
from engine.views import Phase
from tests.cogs.test_procedures import MINUTE, until
from tests.helpers.botflow import advance, bounded, close_game, last_reply, use_locales  # noqa: F401
from tests.helpers.security import literal


@pytest.fixture
def bot_options() -> dict:
    """AI moves 2 s apart, so a test moves a hand along with the clock."""
    return {"table_options": TableOptions(ai_delay=2.0, deal_delay=0.0, next_hand_delay=1.0, ai_declare_wait=0.0)}


@bounded(120)
async def test_teams_enter_for_their_unit_and_the_limit_is_refused(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    maths, music = guild.create_role("Maths Dept"), guild.create_role("Music Dept")
    names = ("alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank")
    roles = [maths, maths, maths, maths, music, music, music, music]
    actors = [guild.add_member(env.create_user(n), roles=[r]) for n, r in zip(names, roles, strict=True)]
    outsider = guild.add_member(env.create_user("ivy"))
    reply = last_reply(await actors[0].slash(channel, "tractor tournament create", name="Staff Cup",
                                             format="knockout", end_level="3", unit_limit=1, units_apart=True))
    assert "at most 1 teams per unit" in reply.content and "Units kept apart" in reply.content, env.transcript()
    t = env.bot.tournaments.of_guild(guild.id)[-1]
    assert t.config.unit_limit == 1 and t.config.units_apart

    await actors[0].slash(channel, "tractor tournament join", partner=actors[1], team_name="Sines", unit=maths)
    await actors[1].slash(channel, "tractor tournament join", partner=actors[0])  # the partner confirms
    assert t.team_of(actors[0].id) is not None and t.team_of(actors[0].id).unit == maths.id  # type: ignore[union-attr]
    # the unit's second team: refused privately, nothing changes
    reply = last_reply(await actors[2].slash(channel, "tractor tournament join", partner=actors[3],
                                             team_name="Cosines", unit=maths))
    assert reply.ephemeral and reply.content == i18n.t("tournament.unit_full", "en", unit="Maths Dept", limit=1)
    assert len(t.teams) == 1
    # a zh-CN player gets it in Chinese
    use_locales(monkeypatch, {actors[2].id: "zh-CN"})
    reply = last_reply(await actors[2].slash(channel, "tractor tournament join", partner=actors[3], unit=maths))
    assert reply.content == i18n.t("tournament.unit_full", "zh-CN", unit="Maths Dept", limit=1)
    # a role the partner does not hold, and no unit at all, are refused too
    reply = last_reply(await actors[4].slash(channel, "tractor tournament join", partner=outsider, unit=music))
    assert reply.ephemeral and reply.content == i18n.t("tournament.not_in_unit", "en", unit="Music Dept")
    reply = last_reply(await actors[4].slash(channel, "tractor tournament join", partner=actors[5]))
    assert reply.ephemeral and reply.content == i18n.t("tournament.unit_needed", "en", limit=1)
    await actors[4].slash(channel, "tractor tournament join", partner=actors[5], team_name="Chords", unit=music)
    await actors[5].slash(channel, "tractor tournament join", partner=actors[4])
    assert [x.unit_name for x in t.teams] == ["Maths Dept", "Music Dept"]
    reply = last_reply(await actors[6].slash(channel, "tractor tournament standings"))
    assert "at most 1 teams per unit" in reply.content


@bounded(300)
async def test_a_level_tie_at_time_in_group_play_is_a_draw(simcord_env: Any, clock: Any,
                                                            close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    actors = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    alice = actors[0]
    await alice.slash(channel, "tractor tournament create", name="League", format="groups", end_level="A",
                      ai_partners=True, minutes=1, sheet_tie=True)
    t = env.bot.tournaments.of_guild(guild.id)[-1]
    for actor, name in zip(actors, ("Aces", "Kings", "Queens"), strict=True):
        await actor.slash(channel, "tractor tournament join", team_name=name)
    await alice.slash(channel, "tractor tournament start")
    assert t.status is TStatus.RUNNING and t.current.stage is Stage.GROUP, env.transcript()  # type: ignore[union-attr]
    match = next(m for m in t.current.matches if not m.is_bye)  # type: ignore[union-attr]
    rec = env.bot.game.record(match.current_table)
    assert rec.options.time_tie == "draw"  # a group table: a level tie at time is a draw (平局)
    players = [p for x in match.teams for p in t.team(x).players if p is not None]
    for user in players:
        await env.bot.game.go_away(rec.table_id, user)
    table = env.bot.game.session(rec.table_id).table
    await until(env, clock, lambda: table.phase is Phase.PLAYING)
    await advance(env, clock, MINUTE)  # time passes during hand 1
    assert table.hand.number == 1 and table.phase is Phase.PLAYING
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    dealer = next(a for a in actors if a.id in players and rec.seat_of(a.id) % 2 == table.hand.dealer % 2)
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    referee = guild.add_member(env.create_user("ref"), roles=[mods])  # a manager who plays in no match
    await referee.slash(thread, "tractor referee award", player=dealer)  # the stage changes, no level does: 2 – 2
    assert table.results[-1].levels_after == ("2", "2")
    await until(env, clock, lambda: t.match(match.match_id).decided)
    assert table.phase is Phase.MATCH_OVER and table.hand.number == 1  # no extra hand (加赛) in group play
    done = t.match(match.match_id)
    assert done.winner is None and done.decided_by == "draw"
    # half a win each (the sheet's 2/1/0: 1 point each), a bye of round 2 (a win) apart
    points = {s.team_id: (s.points - s.byes, s.draws, s.wins, s.losses) for s in t.standings()}
    assert points[match.a] == points[match.b] == (0.5, 1, 0, 0)
    names = [t.team(x).name for x in match.teams]
    log = literal("\n".join(m.content for m in channel.history()))
    assert i18n.t("tournament.match_drawn", "en", a=names[0], b=names[1]) in log, env.transcript()
    reply = last_reply(await actors[2].slash(channel, "tractor tournament bracket"))
    assert reply is not None


@bounded(60)
async def test_duplicate_across_tables_is_offered_for_duplicate_only(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    reply = last_reply(await alice.slash(channel, "tractor tournament create", name="Pairs", format="duplicate",
                                         cross_tables=True))
    assert reply.ephemeral and "Duplicate across tables (复式)" in reply.content, env.transcript()
    assert env.bot.tournaments.of_guild(guild.id)[-1].config.cross_tables
    reply = last_reply(await alice.slash(channel, "tractor tournament create", name="KO", format="knockout",
                                         cross_tables=True))
    # the refusal names the option and the format (issue #55, item 11: it named neither)
    assert reply.ephemeral and reply.content == i18n.t("tournament.not_for_format", "en", option=r"cross\_tables",
                                                       format="knockout"), env.transcript()
    assert len(env.bot.tournaments.of_guild(guild.id)) == 1  # nothing created
