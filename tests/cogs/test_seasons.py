"""Seasons on Discord (SimCord): a manager starts a season, matches are played, the season is ended by command
(archive, final standings with a picture in the season channel, the champion role given) and the next by its date
(the clock moved on past it with a restart in between: the stored timer ends it, the champion role moves); the
archive is seen with /ladder season:, /stats season: and the hall of fame; a member without the right is refused
and nothing changes; a champion role above the bot's is refused at setup."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

import i18n
from data.records import Status
from tests.conftest import on_both_backends
from tests.helpers.botflow import advance, bounded, close_game, last_reply, start_table
from tests.helpers.restart import restart

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]

DAY = 86_400.0


def server(env: Any) -> tuple[Any, Any, Any, list[Any], dict[str, Any]]:
    """A guild with #cards and #seasons, a Mods role (Manage Server) held by alice, a Champion role the bot may
    give and a Legend role above the bot's; alice, bob, carol, dave."""
    guild = env.create_guild()
    cards = guild.create_text_channel("cards")
    news = guild.create_text_channel("seasons")
    roles = {"mods": guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True)),
             "champion": guild.create_role("Champion"), "legend": guild.create_role("Legend", position=90)}
    actors = [guild.add_member(env.create_user("alice"), roles=[roles["mods"]])]
    actors += [guild.add_member(env.create_user(name)) for name in ("bob", "carol", "dave")]
    return guild, cards, news, actors, roles


async def play_match(env: Any, clock: Any, channel: Any, humans: list[Any]) -> int:
    """A short match of two humans (seats 0 and 1: opponents) and two AI, both humans under 托管; the winner."""
    rec = await start_table(env, channel, humans, n_ai=2, mode="async", options="start_level=A end_level=A")
    game = env.bot.game
    timeout = game.record(rec.table_id).options.turn_timeout
    for _ in range(40):
        if game.record(rec.table_id).status is not Status.PLAYING:
            break
        await advance(env, clock, timeout + 1)
    assert game.record(rec.table_id).status is Status.FINISHED, env.transcript()
    rows = await game.db.leaderboard(rec.guild_id)
    winner = max(rows, key=lambda r: (r.rating, -r.user_id))
    return int(winner.user_id)


def roles_of(env: Any, guild: Any, user: Any) -> set[int]:
    return set(env.backend.get_member(guild.id, user.id).role_ids)


def said(channel: Any) -> list[Any]:
    return list(channel.history())


@bounded(200)
async def test_a_season_by_command_then_one_by_date_across_a_restart(simcord_env: Any, clock: Any) -> None:
    env = simcord_env
    guild, cards, news, (alice, bob, carol, dave), roles = server(env)
    db = env.bot.game.db

    # a member without the right is refused, and nothing changes
    for command, options in (("tractor season start", {"name": "Spring"}), ("tractor season end", {})):
        reply = last_reply(await bob.slash(cards, command, **options))
        assert reply.ephemeral and reply.content == i18n.t("season.not_allowed", "en"), env.transcript()
    reply = last_reply(await bob.slash(cards, "tractor season setup", champion=roles["champion"]))
    assert reply.ephemeral and reply.content == i18n.t("error.manage_guild", "en")
    assert [(s.number, s.name, s.ended_at) for s in await db.season_list(guild.id)] in ([], [(1, None, None)])
    assert (await db.guild_settings(guild.id))["champion_role"] == 0

    # a champion role the bot may not give is refused clearly at setup
    reply = last_reply(await alice.slash(cards, "tractor season setup", champion=roles["legend"]))
    assert reply.ephemeral and reply.content == i18n.t("season.role_too_high", "en")
    assert (await db.guild_settings(guild.id))["champion_role"] == 0
    reply = last_reply(await alice.slash(cards, "tractor season setup", channel=news, champion=roles["champion"]))
    settings = await db.guild_settings(guild.id)
    assert (settings["season_channel"], settings["champion_role"]) == (news.id, roles["champion"].id)

    # season "Spring": started by the manager, a match played, ended by command
    reply = last_reply(await alice.slash(cards, "tractor season start", name="Spring"))
    assert not reply.ephemeral and reply.content == i18n.t("season.started", "en", season="Spring")
    first = await play_match(env, clock, cards, [alice, bob])
    reply = last_reply(await alice.slash(cards, "tractor season end"))
    assert reply.content == i18n.t("season.ended", "en", season="Spring"), env.transcript()
    await env.settle()
    announced = said(news)
    assert len(announced) == 1 and [a.filename for a in announced[0].attachments] == ["season.png"]
    assert "Spring" in announced[0].content and i18n.t("season.role_moved", "en") in announced[0].content
    assert roles["champion"].id in roles_of(env, guild, alice if first == alice.id else bob)
    spring = await db.find_season(guild.id, "spring")
    assert not spring.open and spring.podium[0].user_id == first and len(spring.podium) == 2
    assert await db.leaderboard(guild.id) == []  # the next season starts from scratch

    # looking back: the archived season, a player's card in it, the hall of fame
    reply = last_reply(await carol.slash(cards, "ladder", season="Spring"))
    assert [a.filename for a in reply.attachments] == ["ladder.png"]
    reply = last_reply(await alice.slash(cards, "stats", season="Spring"))
    assert [a.filename for a in reply.attachments] == ["stats.png"]
    reply = last_reply(await carol.slash(cards, "ladder", season="Autumn"))
    assert reply.ephemeral and reply.content == i18n.t("data.season_not_found", "en", name="Autumn")
    offered = await carol.autocomplete(cards, "ladder", "season", "spr")
    assert [(c["name"], c["value"]) for c in offered] == [("Spring", str(spring.number))]
    offered = await carol.autocomplete(cards, "stats", "season", "")
    assert [c["name"] for c in offered] == ["Season 2", "Spring"]  # newest first, the open one unnamed
    reply = last_reply(await carol.slash(cards, "ladder", hall=True))
    assert "Spring" in reply.content and ("alice" in reply.content or "bob" in reply.content)

    # season "Summer" ends by its date: a match, a restart, the clock moved past the date
    ends = datetime.fromtimestamp(clock.now + 3 * DAY, UTC).strftime("%Y-%m-%d")
    reply = last_reply(await alice.slash(cards, "tractor season start", name="Summer", ends=ends))
    assert reply.content.startswith(i18n.t("season.started_until", "en", season="Summer", end="")[:20])
    second = await play_match(env, clock, cards, [carol, dave])
    await restart(env, clock)
    await advance(env, clock, 2 * DAY)
    assert (await env.bot.game.db.find_season(guild.id, "Summer")).open  # not yet
    await advance(env, clock, 3 * DAY)
    await env.settle()
    db = env.bot.game.db
    summer = await db.find_season(guild.id, "Summer")
    assert not summer.open and summer.podium[0].user_id == second, env.transcript()
    assert len(said(news)) == 2 and "Summer" in said(news)[-1].content
    winner = carol if second == carol.id else dave
    loser = alice if first == alice.id else bob
    assert roles["champion"].id in roles_of(env, guild, winner)
    assert roles["champion"].id not in roles_of(env, guild, loser)  # the role moved
    # Spring took over the empty season 1, Summer the empty season 2 opened by Spring's end; season 3 is open
    assert [(s.number, s.name, s.open) for s in await db.season_list(guild.id)] == [
        (1, "Spring", False), (2, "Summer", False), (3, None, True)]
    total = await db.all_time(guild.id, first)
    assert total is not None and total.best_season == spring.number
    reply = last_reply(await bob.slash(cards, "ladder", hall=True))
    assert reply.content.index("Summer") < reply.content.index("Spring")  # newest first
    reply = last_reply(await bob.slash(cards, "tractor season list"))
    assert "Spring" in reply.content and "Summer" in reply.content



@on_both_backends
@bounded(60)
async def test_the_ladder_page_is_turned_on_and_off_by_a_manager_only(simcord_env: Any) -> None:
    env = simcord_env
    guild, cards, _news, (alice, bob, _carol, _dave), _roles = server(env)
    db = env.bot.game.db
    reply = last_reply(await bob.slash(cards, "tractor ladder page", switch="on"))
    assert reply.ephemeral and reply.content == i18n.t("error.manage_guild", "en")
    reply = last_reply(await alice.slash(cards, "tractor ladder page", switch="on"))  # no web server here
    assert reply.ephemeral and reply.content == i18n.t("season.page_no_web", "en")
    assert await db.ladder_page_token(guild.id) is None
    env.bot.config = dataclasses.replace(env.bot.config, web_url="https://cards.example/")
    reply = last_reply(await alice.slash(cards, "tractor ladder page", switch="on"))
    token = await db.ladder_page_token(guild.id)
    assert token is not None and reply.ephemeral and f"https://cards.example/ladder/{token}" in reply.content
    assert await db.ladder_page_guild(token) == guild.id
    reply = last_reply(await bob.slash(cards, "tractor ladder page", switch="off"))
    assert await db.ladder_page_token(guild.id) == token  # refused: still on
    reply = last_reply(await alice.slash(cards, "tractor ladder page", switch="off"))
    assert reply.content == i18n.t("season.page_off", "en")
    assert await db.ladder_page_token(guild.id) is None and await db.ladder_page_guild(token) is None


@on_both_backends
@bounded(60)
async def test_a_dated_season_left_without_its_timer_gets_one_at_start_up(simcord_env: Any, clock: Any) -> None:
    """(On both backends; the full flow above runs on SQLite: its two whole matches are what the data tests
    already check on PostgreSQL.) A recorded match makes a champion whose role the date's end gives."""
    env = simcord_env
    guild, _cards, news, (alice, bob, *_others), roles = server(env)
    db = env.bot.game.db
    await db.set_guild_settings(guild.id, season_channel=news.id, champion_role=roles["champion"].id)
    # what a stop between storing the season and storing its timer leaves: the dated season, no timer
    _archived, season = await db.start_season(guild.id, "Winter", clock.now + DAY, alice.id, clock.now)
    await db.record_match(guild.id, None, [alice.id, None, bob.id, None], winner_team=0)
    assert await db.timer_payloads("season_end") == []
    await restart(env, clock)
    db = env.bot.game.db
    assert await db.timer_payloads("season_end") == [{"guild": guild.id, "season": season.number}]
    await advance(env, clock, 2 * DAY)
    await env.settle()
    winter = await db.find_season(guild.id, "Winter")
    assert not winter.open and {p.user_id for p in winter.podium} == {alice.id, bob.id}
    assert "Winter" in said(news)[-1].content
    assert roles["champion"].id in roles_of(env, guild, alice if winter.podium[0].user_id == alice.id else bob)
