"""Real Discord, not only the simulator (issue #13): what SimCord does not enforce by itself is injected (an HTTP
error on a route, a channel the bot may not attach files in) and the bot must cope: 429/5xx retried without
losing or doubling anything, an auto-archived thread reopened on the next move, a missing permission named to
the host while the table's messages wait, a deleted thread pausing the table (which can still be ended), an
expired interaction token (a panel older than 15 minutes)."""

from __future__ import annotations

import discord

import i18n
from tests.conftest import act_by_panel, button_id, open_panel, open_table, thread_of, world
from tests.helpers.botflow import thread_messages


async def _start_with_ai(env, channel, alice):
    rec, lobby = await open_table(env, alice, channel, mode="async", options="start_level=A end_level=A")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    return rec, lobby


async def _started(env):
    """alice's async table with three AI, started; (guild, channel, alice, table record)."""
    guild, channel, (alice,) = world(env, 1)
    rec, lobby = await _start_with_ai(env, channel, alice)
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    await _settle(env)
    return guild, channel, alice, rec


async def _settle(env, seconds: float = 20.0) -> None:
    """Let the presenter's worker run its retries (their backoff sleeps run on SimCord's virtual clock)."""
    await env.settle()
    await env.advance_time(seconds)
    await env.settle()


async def test_server_errors_are_retried_and_nothing_is_doubled(simcord_env):
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, lobby = await _start_with_ai(env, channel, alice)
    thread = thread_of(env, channel, rec)
    before = len(thread_messages(env, channel, rec))
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=503, times=2)
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=429, times=1)
    start = len(env.http_requests)
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    await _settle(env)
    posted = thread_messages(env, channel, rec)[before:]
    contents = [m.content for m in posted]
    assert posted, env.transcript()
    assert len(contents) == len(set(contents)), contents  # every post once: none doubled
    first = next(c for c in env.http_requests[start:]
                 if c.method == "POST" and c.path == f"/channels/{thread.id}/messages")
    assert contents.count(first.json["content"]) == 1  # the post that met the errors was not lost
    assert env.bot.game.record(rec.table_id).table_message_id is not None  # the live message got through


async def test_an_archived_thread_is_unarchived_on_the_next_move(simcord_env):
    env = simcord_env
    _guild, channel, alice, rec = await _started(env)
    thread = thread_of(env, channel, rec)
    env.inject_error("*", f"/channels/{thread.id}/messages*", status=400, code=50083,
                     message="Thread is archived", times=1)
    await act_by_panel(env, alice, channel, rec.table_id)  # alice's move updates the thread
    await _settle(env)
    calls = [(c.method, c.path) for c in env.http_requests]
    assert ("PATCH", f"/channels/{thread.id}") in calls  # unarchived
    unarchive = next(c for c in env.http_requests if (c.method, c.path) == ("PATCH", f"/channels/{thread.id}"))
    assert unarchive.json.get("archived") is False


async def test_threads_are_opened_with_the_longest_auto_archive(simcord_env):
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    await open_table(env, alice, channel, mode="async")
    created = [c for c in env.http_requests if c.method == "POST" and c.path.endswith("/threads")]
    assert created and created[-1].json["auto_archive_duration"] == 10080


async def test_a_missing_permission_is_named_to_the_host_and_the_table_waits(simcord_env):
    """The bot may not post in threads here: the host is told (privately at /tractor new, then once in the
    channel) that Send Messages in Threads is missing; the refused messages wait in order; the game is intact."""
    env = simcord_env
    guild, _channel, _actors = world(env, 0)
    alice = guild.add_member(env.create_user("alice"))
    channel = guild.create_text_channel(
        "cards-quiet", overwrites={guild.me: discord.PermissionOverwrite(send_messages_in_threads=False)})
    result = await alice.slash(channel, "tractor new", mode="async", options="start_level=A end_level=A")
    label = i18n.t("ops.perm.send_messages_in_threads", "en")
    private = [m for m in result.followups if m.ephemeral and label in m.content]
    assert private, env.transcript()
    rec = env.bot.game.tables(channel_id=channel.id)[-1]
    lobby = result.response
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    await _settle(env)
    notices = [m.content for m in channel.history() if label in m.content]
    assert len(notices) == 1 and f"<@{alice.id}>" in notices[0]  # told once, not at every move
    state = env.bot.presenter.states[rec.table_id]
    assert state.queue and state.held  # the refused messages wait in order, nothing dropped
    assert env.bot.game.record(rec.table_id).status.value == "playing" and env.errors == []
    # the table waits: no clock runs while nobody can see it, so the AI seats make no move unseen
    assert await env.bot.game.db.table_timers(rec.table_id) == []
    moves = len(env.bot.game.session(rec.table_id).table.actions)
    await _settle(env, 600.0)
    assert len(env.bot.game.session(rec.table_id).table.actions) == moves and state.held
    assert len([m for m in channel.history() if label in m.content]) == 1  # the retries do not tell the host again


async def test_a_refused_thread_keeps_the_table_in_the_channel(simcord_env):
    env = simcord_env
    guild, _channel, _actors = world(env, 0)
    alice = guild.add_member(env.create_user("alice"))
    channel = guild.create_text_channel(
        "cards-nothreads", overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)})
    result = await alice.slash(channel, "tractor new", mode="async")
    label = i18n.t("ops.perm.create_public_threads", "en")
    assert [m for m in result.followups if m.ephemeral and label in m.content], env.transcript()
    rec = env.bot.game.tables(channel_id=channel.id)[-1]
    assert rec.thread_id is None and rec.lobby_message_id is not None  # the lobby is there; play goes on here


async def test_a_refused_post_is_sent_once_the_permission_is_back(simcord_env):
    """The first post of the match is refused (403): the host is told, the post waits at the head of the queue
    and goes out, in order and once, with the next change of the table."""
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, lobby = await _start_with_ai(env, channel, alice)
    thread = thread_of(env, channel, rec)
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=403, code=50013,
                     message="Missing Permissions", times=1)
    start = len(env.http_requests)
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    await _settle(env, 60.0)  # the held post is tried again (cogs.delivery.HELD_RETRY) and goes through
    notices = [m.content for m in channel.history() if "missing permission" in m.content]
    assert len(notices) == 1 and f"<@{alice.id}>" in notices[0]
    state = env.bot.presenter.states[rec.table_id]
    assert not state.queue and not state.held  # the waiting post went out, then the moves that followed
    assert not env.bot.game.record(rec.table_id).meta.get("paused")  # the clocks run again
    assert len(env.bot.game.session(rec.table_id).table.actions) > 0
    texts = [m.content for m in thread_messages(env, channel, rec)]
    begins = i18n.t("announce.table_started", "en")
    assert texts.count(begins) == 1, texts
    refused = [c for c in env.http_requests[start:]
               if c.method == "POST" and c.path == f"/channels/{thread.id}/messages"]
    assert refused[0].json["content"] == begins  # the refused call was this one, sent again later


async def test_a_deleted_thread_pauses_the_table_and_it_can_be_ended(simcord_env):
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, lobby = await _start_with_ai(env, channel, alice)
    thread = thread_of(env, channel, rec)
    env.inject_error("*", f"/channels/{thread.id}*", status=404, code=10003, message="Unknown Channel", times=None)
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    await _settle(env)
    assert env.bot.presenter.states[rec.table_id].gone
    assert await env.bot.game.db.table_timers(rec.table_id) == []  # paused: no AI move, no clock
    result = await alice.slash(channel, "tractor end", table=rec.table_id)
    answers = [m for m in (result.response, *result.followups) if m is not None]
    assert any(m.content == i18n.t("table.ended", "en", id=rec.table_id) for m in answers), env.transcript()
    assert env.errors == []


async def test_a_panel_older_than_15_minutes_still_works_through_a_fresh_reply(simcord_env):
    """Interaction tokens expire after 15 minutes: the panel opened before can no longer be edited with its own
    token, but a click on it is a new interaction and is answered through that one (the move is made)."""
    env = simcord_env
    _guild, channel, alice, rec = await _started(env)
    game = env.bot.game
    assert game.panel(rec.table_id, alice.id).can_pass
    message = await open_panel(env, alice, channel, rec.table_id)
    await env.advance_time(16 * 60)  # the panel's own token is dead now
    version = game.sessions[rec.table_id].table.version
    result = await alice.click(message, custom_id=button_id(message, "pass"))
    await _settle(env)
    assert game.sessions[rec.table_id].table.version > version  # the pass was made
    answers = [m for m in (result.response, *result.followups) if m is not None]
    assert result.response is not None or answers, env.transcript()
    assert env.errors == []


async def test_removed_from_the_server_its_tables_are_paused(simcord_env):
    env = simcord_env
    guild, _channel, _alice, rec = await _started(env)
    assert await env.bot.game.db.table_timers(rec.table_id)  # the declaration window is running
    # Discord sends GUILD_DELETE (not unavailable) when the bot is removed; SimCord has no builder for it, so
    # its gateway emits that event as Discord would.
    env.backend.emit("GUILD_DELETE", {"id": str(guild.id)})
    await _settle(env)
    assert env.bot.presenter.states[rec.table_id].gone
    assert await env.bot.game.db.table_timers(rec.table_id) == []
    assert env.bot.game.record(rec.table_id).meta.get("paused") == "gone" and env.errors == []
