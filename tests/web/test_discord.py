"""One table, two players in browsers and two on Discord (SimCord): the web table is a second presenter of the
bot's own service. Alice and Bob get their links from the panel's "Open table" button (private, one use), play
their turns in Chromium; Carol and Dave play through their Discord panels; a whole hand is played and the thread
and both pages follow every move. Without the web table the button is not shown, and one still on screen says
the web table is off."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from typing import Any

import pytest

from cli.bot import create_bot
from cli.config import Config
from data.records import TableOptions
from engine.views import Phase
from i18n import t
from tests.conftest import act_by_panel, button_id, open_panel, world
from tests.helpers.botflow import bounded, ephemeral, last_reply, start_table
from tests.helpers.web import browser, leaks, open_page, record_frames, take_turn, wait_version

__all__ = ["browser"]


@pytest.fixture
def simcord_bot(tmp_path: Any, clock: Any) -> Any:
    config = Config(db_path=tmp_path / "bot.sqlite3", render_processes=0, web_secret="test-secret")
    options = TableOptions(ai_delay=0.0, deal_delay=0.0, next_hand_delay=600.0, ai_declare_wait=0.0,
                           forced_autoplay=False)
    return create_bot(config, clock=clock, rng_seed=7, limits={}, table_options=options)


async def _serve_web(env: Any) -> None:
    """The bot's web table (``TRACTOR_WEB_PORT=0``), started from the test: SimCord waits for every task the bot
    owns after each interaction, and the server's connections are the browser's, not the bot's."""
    await env.bot.restored.wait()
    env.bot.config = replace(env.bot.config, web_port=0)
    await env.bot.serve_web()


class BotWorld:
    """``take_turn``'s view of the bot's service."""

    def __init__(self, env: Any) -> None:
        self.game = env.bot.game
        self.sent: list[Any] = []

    def session(self, table_id: int) -> Any:
        return self.game.session(table_id)


async def _link(env: Any, actor: Any, channel: Any, table_id: int) -> str:
    panel = await open_panel(env, actor, channel, table_id)
    result = await actor.click(panel, custom_id=button_id(panel, "web"))
    reply = last_reply(result)
    assert ephemeral(reply), "the link must be private"
    match = re.search(r"http://\S+/t/\S+", reply.content)
    assert match is not None, reply.content
    return match.group(0)


@bounded(150)
async def test_two_players_in_browsers_and_two_on_discord_play_a_hand(simcord_env: Any, browser: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    await _serve_web(env)
    _guild, channel, actors = world(env, 4)
    rec = await start_table(env, channel, actors, mode="async", autoplay=False)
    table_id = rec.table_id
    game = env.bot.game
    shim = BotWorld(env)
    server = env.bot.web_server
    record_frames(shim, monkeypatch)  # type: ignore[arg-type]
    pages = {0: await open_page(browser, await _link(env, actors[0], channel, table_id)),
             1: await open_page(browser, await _link(env, actors[1], channel, table_id), 1280, 800)}
    session = game.session(table_id)
    moves = {"web": 0, "discord": 0}
    while session.table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        to_act = [s for s in session.table.to_act() if session.table.phase is not Phase.DEALING]
        if not to_act:
            await asyncio.sleep(0.02)
            continue
        seat = to_act[0]
        if seat in pages:
            op = await take_turn(shim, pages[seat], table_id, seat, declare=False)  # type: ignore[arg-type]
            moves["web"] += op != "none"
        else:
            await act_by_panel(env, actors[seat], channel, table_id, declare=True)
            moves["discord"] += 1
    assert moves["web"] >= 26 and moves["discord"] >= 26, moves
    for page in pages.values():  # both pages follow the Discord players' moves too
        await wait_version(page, session.table.version)
        await page.locator("#overlay:not([hidden])").wait_for()
    assert server.hub.connections == 2
    assert not leaks(shim.sent)  # type: ignore[attr-defined]
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    files = [getattr(a, "filename", "") for m in thread.history() for a in getattr(m, "attachments", [])]
    assert any("summary" in f for f in files), files  # Discord's thread posted the hand's end too


@bounded(60)
async def test_without_the_web_table_the_button_is_absent_and_an_old_one_refused(simcord_env: Any) -> None:
    env = simcord_env
    await env.bot.restored.wait()
    _guild, channel, actors = world(env, 4)
    rec = await start_table(env, channel, actors, mode="async")
    alice = actors[0]
    panel = await open_panel(env, alice, channel, rec.table_id)
    assert not any(":web:" in cid for cid in _custom_ids(panel))  # TRACTOR_WEB_PORT unset: no button
    await _serve_web(env)
    panel = await open_panel(env, alice, channel, rec.table_id)
    assert any(":web:" in cid for cid in _custom_ids(panel))
    env.bot.web_links = None  # the web table stopped: a button still on screen says so
    result = await alice.click(panel, custom_id=button_id(panel, "web"))
    assert t("web.disabled", "en") in last_reply(result).content


def _custom_ids(message: Any) -> list[str]:
    out = []
    for row in message.components:
        parts = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        out += [str(c.get("custom_id", "") if isinstance(c, dict) else getattr(c, "custom_id", "")) for c in parts]
    return out


@bounded(90)
async def test_a_member_not_seated_watches_from_the_live_message(simcord_env: Any, browser: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    await _serve_web(env)
    guild, channel, actors = world(env, 4)
    erin = guild.add_member(env.create_user("erin"))
    rec = await start_table(env, channel, actors, mode="async", autoplay=False)
    shim = BotWorld(env)
    record_frames(shim, monkeypatch)  # type: ignore[arg-type]
    await act_by_panel(env, actors[0], channel, rec.table_id)  # a move, so the live message is current
    thread = next(th for th in channel.threads if th.id == rec.thread_id)
    live = next(m for m in reversed(thread.history()) if any(":web:" in c for c in _custom_ids(m)))
    result = await erin.click(live, custom_id=f"tl:{rec.table_id}:web:")
    reply = last_reply(result)
    assert ephemeral(reply)
    match = re.search(r"http://\S+/t/\S+", reply.content)
    assert match is not None, reply.content
    page = await open_page(browser, match.group(0))
    session = env.bot.game.session(rec.table_id)
    await wait_version(page, session.table.version)
    assert await page.locator("#hand .card").count() == 0
    assert await page.locator("#actions button").count() == 0  # nothing to do but watch
    await act_by_panel(env, actors[1], channel, rec.table_id)  # the watcher's page follows the table
    await wait_version(page, session.table.version)
    assert shim.sent and {s.seat for s in shim.sent} == {-1} and not leaks(shim.sent)


@bounded(60)
async def test_open_table_with_the_activity_set_up(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the Discord Activity set up, "Open table" answers by launching it (``InteractionResponse.launch_activity``)
    and the browser link follows privately; where Discord refuses the launch, the private link says so. SimCord
    answers the launch as Discord does for an app without Activities (HTTP 400: it does not simulate Activities),
    so the launch itself is not seen here: the refusal path is."""
    env = simcord_env
    monkeypatch.setenv("TRACTOR_ACTIVITY_CLIENT_ID", "1234567890123")
    monkeypatch.setenv("TRACTOR_ACTIVITY_CLIENT_SECRET", "secret")
    await _serve_web(env)
    assert env.bot.web_activity
    _guild, channel, actors = world(env, 4)
    rec = await start_table(env, channel, actors, mode="async")
    panel = await open_panel(env, actors[0], channel, rec.table_id)
    result = await actors[0].click(panel, custom_id=button_id(panel, "web"))
    reply = last_reply(result)
    assert ephemeral(reply)
    assert reply.content.startswith(t("activity.launch_failed", "en"))
    assert re.search(r"http://\S+/t/\S+", reply.content)
