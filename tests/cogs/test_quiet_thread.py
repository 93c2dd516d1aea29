"""The quiet thread (the default): per hand one trick log message (edited, one line per trick), one picture (the
hand summary) and one live table message, edited as cards are played; no picture per trick. The picture-per-trick
mode stays a per-table option (tests/cogs/test_thread_pictures.py)."""

from __future__ import annotations

from typing import Any

import i18n
from data.records import Status
from engine.views import Phase
from tests.conftest import act_by_panel, button_id, humans_to_act, open_table, thread_of, world
from tests.helpers.botflow import bounded, private_leaks, public_uploads


async def _table(env: Any) -> tuple[Any, Any, Any]:
    _guild, channel, (alice,) = world(env, 1, locale="en-US")
    rec, lobby = await open_table(env, alice, channel, mode="async", options="start_level=2 end_level=A")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    return channel, alice, env.bot.game.record(rec.table_id)


def _live_edits(env: Any, thread_id: int) -> int:
    return sum(1 for e in env.http_requests if e.method == "PATCH" and e.path.startswith(f"/channels/{thread_id}/"))


@bounded(90)
async def test_a_quiet_hand_posts_one_log_one_picture_and_edits_the_live_message(simcord_env: Any) -> None:
    env = simcord_env
    channel, alice, rec = await _table(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    assert not rec.options.trick_pictures
    thread = thread_of(env, channel, rec)
    before = {m.id for m in thread.history()}
    for _ in range(300):  # hand 1, until the second hand is dealt
        if table.public_view().hand_number > 1 or game.record(rec.table_id).status is not Status.PLAYING:
            break
        movers = humans_to_act(env, rec.table_id, [alice])
        assert movers, f"stuck in {table.phase}"
        await act_by_panel(env, alice, channel, rec.table_id)
    assert table.public_view().hand_number == 2 and table.phase is not Phase.HAND_OVER
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    hand1 = table.public_view().results[0]
    history = [m for m in thread.history() if m.id not in before]  # what the thread shows of hand 1 (and below)
    uploads = public_uploads(env)
    assert not [f for f in uploads if "_trick" in f]  # no picture per trick
    pictures = [a.filename for m in history for a in m.attachments if not a.filename.startswith("table_v")]
    assert pictures == ["hand01_summary.png"], pictures  # the end of the hand is one picture
    title = i18n.t("tricklog.title", "en", hand=1)
    logs = [m for m in history if m.content.startswith(title)]
    assert len(logs) == 1, [m.content for m in history]
    lines = logs[0].content.splitlines()[1:]
    assert [line.split(".")[0] for line in lines] == [str(n) for n in range(1, len(lines) + 1)] and len(lines) >= 8
    assert all(line.startswith(f"{n}. ▸") and " → **" in line for n, line in enumerate(lines, start=1))
    summary = next(m for m in history if any(a.filename == "hand01_summary.png" for a in m.attachments))
    assert summary.content.startswith(f"Hand 1 over: defenders {hand1.defender_points} points")
    # the rest are the hand's notices (declarations, trump) and the one live message at the bottom
    live = [m for m in history if m.components]
    assert len(live) == 1 and history[-1].id == live[0].id
    assert len(history) <= 8, [m.content for m in history]
    assert _live_edits(env, thread.id) > len(lines)  # the live message was edited as cards were played
    assert private_leaks(env) == []


@bounded(90)
async def test_a_restart_keeps_editing_the_same_trick_log(simcord_env: Any, clock: Any) -> None:
    from tests.helpers.restart import restart

    env = simcord_env
    channel, alice, rec = await _table(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    for _ in range(300):
        if table.phase is Phase.PLAYING and len(table.public_view().tricks) >= 2:
            break
        await act_by_panel(env, humans_to_act(env, rec.table_id, [alice])[0], channel, rec.table_id)
    await env.settle()
    title = i18n.t("tricklog.title", "en", hand=1)
    before = [m.id for m in thread_of(env, channel, rec).history() if m.content.startswith(title)]
    assert len(before) == 1
    game = (await restart(env, clock)).game
    table = game.sessions[rec.table_id].table
    tricks = len(table.public_view().tricks)
    for _ in range(300):
        if len(table.public_view().tricks) > tricks or table.phase is not Phase.PLAYING:
            break
        await act_by_panel(env, humans_to_act(env, rec.table_id, [alice])[0], channel, rec.table_id)
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    logs = [m for m in thread_of(env, channel, rec).history() if m.content.startswith(title)]
    assert [m.id for m in logs] == before and tricks >= 2
    assert len(logs[0].content.splitlines()) == len(table.public_view().tricks) + 1  # the title, a line a trick


async def test_tractor_new_sets_the_trick_pictures_and_declare_wait_options(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, _lobby = await open_table(env, alice, channel, trick_pictures=True, declare_wait=5)
    assert rec.options.trick_pictures and rec.options.ai_declare_wait == 5.0
    rec, _lobby = await open_table(env, alice, channel)
    assert not rec.options.trick_pictures  # quiet by default


def _thread_posts(env: Any, thread_id: int, since: int) -> list[Any]:
    return [e for e in env.http_requests[since:] if e.method == "POST" and e.path == f"/channels/{thread_id}/messages"
            and isinstance(e.json, dict)]


def _pinged(entry: Any) -> list[str]:
    return [str(u) for u in (entry.json.get("allowed_mentions") or {}).get("users", [])]


@bounded(90)
async def test_a_quiet_turn_edits_the_live_message_and_pings_lightly(simcord_env: Any) -> None:
    """A turn prompt in the quiet thread edits the live message in place (never re-posts it to ping) and posts a
    light ping that mentions only the player to act; the previous ping is deleted, so the thread keeps one."""
    env = simcord_env
    channel, alice, rec = await _table(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    thread = thread_of(env, channel, rec)
    since = len(env.http_requests)
    for _ in range(300):  # hand 1
        if table.public_view().hand_number > 1 or game.record(rec.table_id).status is not Status.PLAYING:
            break
        await act_by_panel(env, humans_to_act(env, rec.table_id, [alice])[0], channel, rec.table_id)
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    posts = _thread_posts(env, thread.id, since)
    live_posts = [e for e in posts if e.json.get("components")]
    pings = [e for e in posts if str(e.json.get("content", "")).endswith(i18n.t("table.ping_turn", "en", mentions=""))]
    assert len(pings) >= 10, [e.json.get("content") for e in posts]  # alice played every trick of the hand
    assert all(_pinged(e) == [str(alice.id)] and e.json["content"].startswith(f"<@{alice.id}>") for e in pings)
    assert all(_pinged(e) == [] for e in live_posts)  # the live message itself pings nobody
    # the live message is sent anew only below a new post (a hand's notices, the trick log), not for a ping
    assert len(live_posts) < len(pings) // 2, (len(live_posts), len(pings))
    left = [m for m in thread.history() if m.content.endswith(i18n.t("table.ping_turn", "en", mentions=""))]
    assert len(left) <= 1  # the older pings were deleted
    stored = game.record(rec.table_id).meta.get("ping") or []
    if left:  # the one ping left is for alice's current turn, and a restart finds it
        assert game.record(rec.table_id).seat_of(alice.id) in table.to_act() and stored[0] == left[0].id
    else:
        assert stored == []


@bounded(90)
async def test_a_restart_adds_no_picture_to_the_quiet_thread(simcord_env: Any, clock: Any) -> None:
    """After a restart in the middle of a hand the live message is refreshed in place: no new message, no second
    picture of the table (nor a ping: alice was pinged for this turn before the restart)."""
    from tests.helpers.restart import restart

    env = simcord_env
    channel, alice, rec = await _table(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    for _ in range(300):
        if table.phase is Phase.PLAYING and len(table.public_view().tricks) >= 3 and humans_to_act(
                env, rec.table_id, [alice]):
            break
        await act_by_panel(env, humans_to_act(env, rec.table_id, [alice])[0], channel, rec.table_id)
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    thread = thread_of(env, channel, rec)

    def shown() -> list[tuple[int, list[str]]]:
        return [(m.id, [a.filename for a in m.attachments]) for m in thread.history()]

    before = shown()
    assert sum(len(files) for _id, files in before) == 1  # the live message's table picture, nothing else
    since = len(env.http_requests)
    await restart(env, clock)
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    after = shown()
    assert [i for i, _ in after] == [i for i, _ in before]  # the same messages: nothing posted, nothing deleted
    assert sum(len(files) for _id, files in after) == 1
    assert _thread_posts(env, thread.id, since) == []
