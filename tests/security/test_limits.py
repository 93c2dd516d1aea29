"""Abuse limits (issue #17): open tables per guild and per host, and the per-user rate limit on every entry
point (slash commands, autocompletes, buttons, selects); each refusal is private, localized, changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from runtime.access import TableLimits
from runtime.ratelimit import RateLimiter
from tests.conftest import button_id, open_table, world
from tests.helpers.botflow import bounded, last_reply, use_locales


@pytest.fixture
def bot_options() -> dict[str, Any]:
    return {"table_limits": TableLimits(per_guild=2, per_host=1)}


def open_ids(env: Any) -> list[int]:
    return [r.table_id for r in env.bot.game.tables()]


@bounded()
async def test_open_table_limits_per_host_and_per_guild(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    _guild, channel, (alice, bob, carol, _dave) = world(env, 4)
    use_locales(monkeypatch, {carol.id: "zh-CN"})
    first, _lobby = await open_table(env, alice, channel)
    again = last_reply(await alice.slash(channel, "tractor new"))
    assert again.ephemeral and again.content == i18n.t("table.limit.hosted", "en", limit=1)
    await open_table(env, bob, channel)
    before = open_ids(env)
    full = last_reply(await carol.slash(channel, "tractor new"))
    assert full.ephemeral and full.content == i18n.t("table.limit.guild_tables", "zh-CN", limit=2)
    assert open_ids(env) == before and len(before) == 2
    other = env.create_guild("Other")  # another guild has its own count
    eve = other.add_member(env.create_user("eve"))
    await eve.slash(other.create_text_channel("cards"), "tractor new")
    assert len(open_ids(env)) == 3
    await alice.slash(channel, "tractor end", table=first.table_id)  # a freed place can be taken again
    await open_table(env, carol, channel)
    assert len(open_ids(env)) == 3


@bounded()
async def test_rate_limit_covers_commands_autocomplete_and_buttons(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, (alice, bob) = world(env, 2)
    rec, lobby = await open_table(env, alice, channel)
    # a stopped clock: no use leaves the 60 s window during the test, so the wait it names is exactly 60 s
    env.bot.limiter = RateLimiter({"command": (2, 60.0), "action": (2, 60.0), "autocomplete": (3, 60.0)},
                                  clock=lambda: 1000.0)
    limited = i18n.t("error.rate_limited", "en", seconds=60)

    await bob.slash(channel, "ladder")
    await bob.slash(channel, "history")
    third = last_reply(await bob.slash(channel, "stats"))
    assert third.ephemeral and third.content == limited
    hand = last_reply(await bob.slash(channel, "hand", table=rec.table_id))  # every command, not a list of them
    assert hand.ephemeral and hand.content == limited

    offered = [await alice.autocomplete(channel, "tractor new", "preset", "") for _ in range(4)]
    assert all(offered[:3]) and not offered[3]

    await bob.click(lobby, custom_id=f"tl:{rec.table_id}:sit:1")
    await bob.click(lobby, custom_id=button_id(lobby, "leave"))
    seats = env.bot.game.record(rec.table_id).seats
    assert seats[1] is None
    refused = last_reply(await bob.click(lobby, custom_id=f"tl:{rec.table_id}:sit:1"))
    assert refused.ephemeral and refused.content == limited
    assert env.bot.game.record(rec.table_id).seats == seats  # nothing changed


@bounded()
async def test_an_autocomplete_burst_gets_exactly_the_limit(simcord_env: Any) -> None:
    """60 keystrokes in 3 s against 40 per 10 s: exactly 40 answered (a refilling bucket let 52 through), and
    once the first ones leave the window, answers come again."""
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    now = [1000.0]
    env.bot.limiter = RateLimiter({"autocomplete": (40, 10.0)}, clock=lambda: now[0])
    answered = 0
    for _ in range(60):
        answered += bool(await alice.autocomplete(channel, "tractor new", "preset", ""))
        now[0] += 0.05
    assert answered == 40
    now[0] = 1000.0 + 10.0  # the first request leaves the window: one more is answered, the next not yet
    assert await alice.autocomplete(channel, "tractor new", "preset", "")
    now[0] += 0.01
    assert not await alice.autocomplete(channel, "tractor new", "preset", "")  # the second (at 1000.05) is still in
    assert env.bot.limiter.retry_after(alice.id, "autocomplete") == pytest.approx(0.04)


def test_limits_come_from_the_environment() -> None:
    from cli.config import Config

    config = Config.from_env({"TRACTOR_MAX_TABLES": "5", "TRACTOR_MAX_HOSTED": "many"})
    assert (config.max_tables_per_guild, config.max_hosted_per_user) == (5, 3)  # a bad value keeps the default
    assert Config.from_env({"TRACTOR_MAX_HOSTED": "0"}).max_hosted_per_user == 0  # 0 lifts the limit


async def test_the_bot_takes_its_limits_from_the_config(tmp_path: Any) -> None:
    from cli.bot import create_bot
    from cli.config import Config
    from cogs.hub import attach_game, detach_game

    bot = create_bot(Config(db_path=tmp_path / "b.sqlite3", render_processes=0, max_tables_per_guild=7,
                            max_hosted_per_user=2,
                            ai_processes=0))
    await attach_game(bot)
    try:
        assert bot.game.table_limits == TableLimits(per_guild=7, per_host=2)
    finally:
        bot.restore_task.cancel()
        await detach_game(bot)
