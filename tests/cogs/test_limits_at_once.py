"""Limits reserved atomically (issue #23, item 5): commands sent at the same moment never pass a limit together —
15 ``/tractor new`` by one host (3 per host), 40 members at once (25 per guild), 8 tournament creations (3 per
guild) — and in the database two connections (as two shard processes hold) creating tables at once are held to
the limit too. A tournament's tables count against the guild's limit; a tournament whose first round would not
fit is not started."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import i18n
from data import Database
from data.errors import LimitReached
from data.records import TableRecord
from engine.rules import Rules
from engine.tournament import Status as TStatus
from runtime.access import TableLimits
from tests.helpers.botflow import bounded, close_game, last_reply  # noqa: F401
from tests.helpers.faults import at_once, guild_of, raw_slash


@pytest.fixture
def bot_options() -> dict[str, Any]:
    return {"table_limits": TableLimits(per_guild=25, per_host=3)}


def open_in(env: Any, guild_id: int) -> list[int]:
    return [r.table_id for r in env.bot.game.tables(guild_id)]


@bounded(240)
async def test_tables_opened_at_the_same_moment_never_pass_the_limits(simcord_env: Any) -> None:
    env = simcord_env
    guild, channel, (alice,) = guild_of(env, ["alice"])
    results = await raw_slash(alice, channel, "tractor new", 15)
    assert len(open_in(env, guild.id)) == 3, env.transcript()
    hosted = i18n.t("table.limit.hosted", "en", limit=3)
    refused = [last_reply(r) for r in results if last_reply(r).content == hosted]
    assert len(refused) == 12 and all(m.ephemeral for m in refused)
    assert len(await env.bot.game.db.list_tables(guild_id=guild.id)) == 3  # nothing stored for the refused ones

    crowd, room, members = guild_of(env, [f"m{i}" for i in range(40)], "Crowd")
    results = await at_once([(m, room, "tractor new", {}) for m in members])
    assert len(open_in(env, crowd.id)) == 25, env.transcript()
    full = i18n.t("table.limit.guild_tables", "en", limit=25)
    assert sum(last_reply(r).content == full for r in results) == 15


@bounded(240)
async def test_tournaments_created_at_the_same_moment_never_pass_the_limit(simcord_env: Any,
                                                                           close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    guild, channel, members = guild_of(env, [f"o{i}" for i in range(8)])
    results = await at_once([(m, channel, "tractor tournament create", {"name": f"Cup {i}", "format": "knockout"})
                             for i, m in enumerate(members)])
    assert len(env.bot.tournaments.of_guild(guild.id)) == 3, env.transcript()
    assert len(await env.bot.game.db.list_tournaments(guild.id)) == 3
    limit = i18n.t("tournament.limit", "en", limit=3)
    assert sum(last_reply(r).content == limit for r in results) == 5


@bounded(240)
async def test_a_tournament_whose_first_round_does_not_fit_the_guild_is_not_started(simcord_env: Any,
                                                                                     close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    env.bot.game.table_limits = TableLimits(per_guild=2, per_host=3)
    guild, channel, actors = guild_of(env, list("abcdefghi"))
    organiser = actors[0]
    await organiser.slash(channel, "tractor tournament create", name="Cup", format="knockout", end_level="3")
    t = env.bot.tournaments.of_guild(guild.id)[-1]
    for i in range(4):
        await actors[2 * i].slash(channel, "tractor tournament join", partner=actors[2 * i + 1])
        await actors[2 * i + 1].slash(channel, "tractor tournament join", partner=actors[2 * i])  # confirmed
    await actors[8].slash(channel, "tractor new")  # one casual table: the round's two tables would make three
    reply = last_reply(await organiser.slash(channel, "tractor tournament start"))
    assert reply.ephemeral and reply.content == i18n.t("tournament.limit_tables", "en", needed=2,
                                                       open=1, limit=2), env.transcript()
    assert t.status is TStatus.SIGNUP and len(open_in(env, guild.id)) == 1
    await actors[8].slash(channel, "tractor end")  # room again: it starts, and its tables count for the guild
    await organiser.slash(channel, "tractor tournament start")
    assert t.status is TStatus.RUNNING and len(open_in(env, guild.id)) == 2
    refused = last_reply(await actors[8].slash(channel, "tractor new"))
    assert refused.content == i18n.t("table.limit.guild_tables", "en", limit=2)


async def test_two_connections_creating_tables_at_once_are_held_to_the_limit(db_target: str) -> None:
    """Two ``Database`` objects on one database (two shard processes' connections): 2 x 10 tables of one host
    created at once with a limit of 3 per host and 5 per guild — exactly 3 are stored."""
    first, second = await Database.open(db_target), await Database.open(db_target)
    try:
        async def create(db: Database, host: int) -> TableRecord | LimitReached:
            try:
                return await db.create_table(TableRecord(0, 1, 2, host, Rules()), per_guild=5, per_host=3)
            except LimitReached as exc:
                return exc

        results = await asyncio.gather(*(create(db, 7) for db in (first, second) for _ in range(10)))
        assert sum(isinstance(r, TableRecord) for r in results) == 3
        assert {r.key for r in results if isinstance(r, LimitReached)} == {"table.limit.hosted"}
        results = await asyncio.gather(*(create(db, host) for db in (first, second) for host in range(10, 20)))
        assert sum(isinstance(r, TableRecord) for r in results) == 2  # the guild had 3 of its 5
        assert len(await first.list_tables(guild_id=1)) == 5
    finally:
        await first.close()
        await second.close()
