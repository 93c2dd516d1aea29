"""With the per-table option ``trick_pictures`` on, the thread reads as a history without near-duplicate pictures:
a completed trick is posted with its picture,
and the live message below it is text and buttons only while the next trick is still empty (it gets the table
picture back with the next card, and always has it for a hand's first lead); at the match end the final trick
shows once, the results carry their pictures, and the lobby message shows the outcome."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import i18n
from cogs.presenter import announcement_text
from data.records import Status, TableOptions
from engine.views import Phase
from runtime.presenter import Announcement
from tests.conftest import act_by_panel, button_id, humans_to_act, on_both_backends, open_table, thread_of, world
from tests.helpers.restart import restart


@pytest.fixture
def bot_options() -> dict[str, Any]:
    return {"table_options": replace(TableOptions.instant(), trick_pictures=True)}


def files(message: Any) -> list[str]:
    return [a.filename for a in message.attachments]


async def _one_human(env: Any, locale: str = "zh-CN") -> tuple[Any, Any, Any]:
    _guild, channel, (alice,) = world(env, 1, locale=locale)
    rec, lobby = await open_table(env, alice, channel, mode="async", options="start_level=A end_level=A")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    return channel, alice, rec


async def _check_live(env: Any, channel: Any, rec: Any) -> str:
    """The live message (the thread's last) against the table as it stands; which case it was."""
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    session = env.bot.game.sessions.get(rec.table_id)
    if session is None or session.table is None:
        return "gone"
    view = session.table.public_view()
    history = thread_of(env, channel, rec).history()
    live, above = history[-1], history[-2]
    if view.phase is not Phase.PLAYING:
        return "other"
    if view.tricks and (view.trick is None or not view.trick.plays):  # the previous trick's picture is above
        assert files(live) == [], (live.content, files(live))
        assert files(above) == [f"hand{view.hand_number:02d}_trick{len(view.tricks):02d}.png"], files(above)
        assert i18n.t("table.live.trick", rec.meta.get("locale", "zh-CN"), n=len(view.tricks) + 1,
                      points=view.defender_points) in live.content
        return "bare"
    assert len(files(live)) == 1 and files(live)[0].startswith("table_v"), files(live)
    return "first lead" if not view.tricks else "pictured"


async def test_the_live_message_has_no_picture_while_the_trick_above_shows_the_table(simcord_env: Any) -> None:
    env = simcord_env
    channel, alice, rec = await _one_human(env)
    game = env.bot.game
    seen: set[str] = set()
    for _ in range(400):
        if game.record(rec.table_id).status is not Status.PLAYING:
            break
        seen.add(await _check_live(env, channel, rec))
        movers = humans_to_act(env, rec.table_id, [alice])
        assert movers, "stuck"
        await act_by_panel(env, movers[0], channel, rec.table_id)
    assert game.record(rec.table_id).status is Status.FINISHED
    assert {"bare", "first lead", "pictured"} <= seen, seen

    # the match end: the last trick once, the results with their pictures, a live message without a picture
    history = thread_of(env, channel, rec).history()
    posted = [f for m in history for f in files(m)]
    tricks = [f for f in posted if "_trick" in f]
    assert len(tricks) == len(set(tricks)) and posted.count("match_summary.png") == 1
    last = max(int(f[4:6]) for f in tricks)  # the match's last hand (how many it takes depends on the AIs' play)
    assert files(history[-1]) == [] and history[-1].content.endswith(i18n.t("table.phase.match_over", "zh-CN"))
    by_file = {f: m.content for m in history for f in files(m)}
    names = game.record(rec.table_id).names
    winner = game.sessions[rec.table_id].table.match_winner if rec.table_id in game.sessions else None
    if winner is not None:
        over = announcement_text(Announcement("announce.match_over", {"a": names[winner], "b": names[winner + 2]}),
                                 "zh-CN")
        lines = by_file["match_summary.png"].splitlines()  # one message: the last hand, the match, the ladder
        assert over in lines and " 和 " in over and "&" not in over, lines
        assert not any(f in ("ladder.png", f"hand{last:02d}_summary.png") for f in posted)
    ending = by_file["match_summary.png"].splitlines()
    assert ending[0].startswith(f"第 {last} 局结束") and "坐庄" not in ending[0]  # no next dealer after the match
    assert ending[-1].startswith(i18n.t("announce.ladder_updated", "zh-CN", changes="")) and "alice" in ending[-1]

    # the lobby shows the outcome
    lobby = env.backend.get_message(channel.id, rec.lobby_message_id)
    embed = str(lobby.embeds[0])
    assert i18n.t("lobby.result", "zh-CN") in embed and f"共打 {last} 局" in embed
    if winner is not None:
        assert i18n.t("lobby.winners", "zh-CN", a=names[winner], b=names[winner + 2]) in embed


@on_both_backends
async def test_after_a_restart_no_near_duplicate_picture(simcord_env: Any, clock: Any) -> None:
    """A restarted bot knows from the table what is above the live message (the last trick's picture while the
    next trick is empty): the live message stays without a picture, and gets it back with the next card."""
    env = simcord_env
    channel, alice, rec = await _one_human(env, "en")
    game = env.bot.game
    for _ in range(400):
        if await _check_live(env, channel, rec) == "bare" and humans_to_act(env, rec.table_id, [alice]):
            break
        await act_by_panel(env, humans_to_act(env, rec.table_id, [alice])[0], channel, rec.table_id)
    else:
        raise AssertionError("alice never led a later trick")
    before = len(game.sessions[rec.table_id].table.public_view().tricks)
    await restart(env, clock)
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    history = thread_of(env, channel, rec).history()
    assert files(history[-1]) == [], files(history[-1])
    assert files(history[-2]) == [f"hand01_trick{before:02d}.png"], files(history[-2])
    assert await act_by_panel(env, alice, channel, rec.table_id) == "play"
    await env.settle()
    await env.bot.presenter.flush(rec.table_id)
    assert await _check_live(env, channel, rec) in ("pictured", "first lead", "bare", "gone")
    after = env.bot.game.sessions[rec.table_id].table.public_view()  # the restarted bot's game
    assert after.trick is not None and (after.trick.plays or len(after.tricks) > before)  # her lead was played
