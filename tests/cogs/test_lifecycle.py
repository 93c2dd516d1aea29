"""A turn timeout hands the seat to the AI (托管) and the player takes it back; a bot restart mid-hand
continues exactly where it was, without pinging (or DMing) the player whose turn it is a second time
unless that ping was lost; ending a table turns its live and lobby messages into a closed table's."""

from __future__ import annotations

import i18n
from tests.cogs.test_refusals import _to_my_turn
from tests.conftest import act_by_panel, button_id, on_both_backends, open_table, thread_of, world
from tests.helpers.botflow import said
from tests.helpers.restart import restart


async def _start(env):
    _guild, channel, (alice,) = world(env, 1)
    rec, lobby = await open_table(env, alice, channel, mode="async", options="start_level=A end_level=A")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    return channel, alice, rec


async def test_timeout_then_take_back(simcord_env, clock):
    env = simcord_env
    channel, alice, rec = await _start(env)
    await _to_my_turn(env, channel, rec, alice)
    game = env.bot.game
    before = game.sessions[rec.table_id].table.version
    seat = game.record(rec.table_id).seat_of(alice.id)
    for _ in range(3):  # the reminder first, then the timeout
        clock.now += game.record(rec.table_id).options.turn_timeout + 1
        await env.bot.game.scheduler.run_now()
        await env.settle()
        if game.record(rec.table_id).seats[seat].away:
            break
    assert game.record(rec.table_id).seats[seat].away  # 托管
    assert game.sessions[rec.table_id].table.version > before  # the AI moved for her


@on_both_backends
async def test_restart_mid_hand_continues(simcord_env, clock):
    env = simcord_env
    channel, alice, rec = await _start(env)
    await _to_my_turn(env, channel, rec, alice)
    state = env.bot.game.sessions[rec.table_id].table.to_json()
    old_db = env.bot.game.db
    await restart(env, clock)  # the old bot closes its database first, as a stopping bot does
    assert old_db.closed
    restored = env.bot.game.sessions[rec.table_id].table
    assert restored.to_json() == state  # exactly the same game state
    assert await act_by_panel(env, alice, channel, rec.table_id) == "play"  # the old thread still works
    assert env.bot.game.sessions[rec.table_id].table.version > restored.version - 1


# -- a restart pings nobody twice; a closed table says so ---------------------------------------------------
def _pings(env, user_id: int, since: int = 0) -> list[str]:
    """Contents of the messages the bot sent (channels and threads) that notify ``user_id``."""
    out = []
    for entry in env.http_requests[since:]:
        body = entry.json if isinstance(entry.json, dict) else {}
        if entry.method != "POST" or not entry.path.endswith("/messages") or f"<@{user_id}>" not in str(
                body.get("content")):
            continue
        allowed = body.get("allowed_mentions") or {"parse": ["users"]}
        if "users" in allowed.get("parse", []) or str(user_id) in map(str, allowed.get("users", [])):
            out.append(body["content"])
    return out


def _dms(env, user_id: int) -> list[str]:
    channel_id = env.backend.dm_channels.get(user_id)
    return [m.content for m in env.backend.messages.get(channel_id, {}).values()] if channel_id else []


async def _prompted_alice(env):
    """Alice (DMs on) alone with three AIs, her turn to play; (channel, alice, record, her prompt text)."""
    channel, alice, rec = await _start(env)
    await alice.slash(channel, "tractor notify", on=True)
    await _to_my_turn(env, channel, rec, alice)
    await env.settle()
    rec = env.bot.game.record(rec.table_id)
    locale = rec.meta["locale"]
    prompt = said("announce.turn_playing", locale, alice.id, name="alice")
    live = env.backend.get_message(rec.thread_id, rec.table_message_id)
    assert prompt in live.content and _dms(env, alice.id)  # the quiet thread: the live message names her turn,
    assert _pings(env, alice.id)[-1] == _light_ping(alice.id, locale)  # and a light ping below notifies her
    return channel, alice, rec, prompt


def _light_ping(user_id: int, locale: str) -> str:
    return i18n.t("table.ping_turn", locale, mentions=f"<@{user_id}>")


@on_both_backends
async def test_a_restart_does_not_ping_the_player_again(simcord_env, clock):
    env = simcord_env
    channel, alice, rec, prompt = await _prompted_alice(env)
    pings, dms, live_id = len(_pings(env, alice.id)), len(_dms(env, alice.id)), rec.table_message_id
    await restart(env, clock)
    assert len(_pings(env, alice.id)) == pings and len(_dms(env, alice.id)) == dms  # not notified again
    prompts = [m for m in thread_of(env, channel, rec).history() if prompt in m.content]
    assert [m.id for m in prompts] == [live_id]  # the one prompt: the live message, refreshed in place
    assert env.bot.game.record(rec.table_id).table_message_id == live_id
    locale = env.bot.game.record(rec.table_id).meta["locale"]
    assert len([m for m in thread_of(env, channel, rec).history() if m.content == _light_ping(alice.id, locale)]) == 1
    assert await act_by_panel(env, alice, channel, rec.table_id) == "play"  # and the game goes on


@on_both_backends
async def test_a_turn_whose_ping_was_lost_is_pinged_after_a_restart(simcord_env, clock):
    env = simcord_env
    channel, alice, rec, prompt = await _prompted_alice(env)
    await env.bot.game.set_messages(rec.table_id, prompted={})  # as if the bot died before pinging her
    since, dms = len(env.http_requests), len(_dms(env, alice.id))
    await restart(env, clock)
    locale = env.bot.game.record(rec.table_id).meta["locale"]
    assert _pings(env, alice.id, since) == [_light_ping(alice.id, locale)]
    history = thread_of(env, channel, rec).history()
    assert [m.content for m in history].count(_light_ping(alice.id, locale)) == 1  # the old ping was replaced
    assert len(_dms(env, alice.id)) == dms + 1
    prompts = [m for m in thread_of(env, channel, rec).history() if prompt in m.content]
    assert len(prompts) == 1 and prompts[0].id == env.bot.game.record(rec.table_id).table_message_id


async def test_ending_a_table_closes_its_live_and_lobby_messages(simcord_env, clock):
    env = simcord_env
    channel, alice, rec = await _start(env)
    await _to_my_turn(env, channel, rec, alice)
    locale = env.bot.game.record(rec.table_id).meta["locale"]
    result = await alice.slash(channel, "tractor end", table=rec.table_id)
    assert result.response is not None and result.response.ephemeral
    await env.settle()
    live_id = env.bot.presenter.states[rec.table_id].live_id
    live = env.backend.get_message(rec.thread_id, live_id)
    assert live.id == thread_of(env, channel, rec).history()[-1].id  # still the last message of the thread
    assert i18n.t("table.status.ended", locale) in live.content, live.content
    assert i18n.t("table.phase.playing", locale) not in live.content
    assert i18n.t("table.live.turn", locale, names="")[:4] not in live.content
    assert live.components == []
    pings = [m for m in thread_of(env, channel, rec).history() if m.content == _light_ping(alice.id, locale)]
    assert pings == []  # her turn's light ping went with the table
    lobby = env.backend.get_message(channel.id, rec.lobby_message_id)
    assert i18n.t("table.status.ended", locale) in lobby.embeds[0]["title"] and lobby.components == []
    assert i18n.t("lobby.closed_early", locale) in str(lobby.embeds[0])  # the outcome, not only the status
