"""End-to-end Discord flows (SimCord drives discord.py's real code): refusals of someone else's or an
out-of-date panel, an illegal play refused with its reason, burying 8 of 33 cards through the selects.

Everything is done through slash commands, buttons and selects; the service is only read for
assertions. Every test also checks that no hand left an ephemeral message."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import SetupError
from simcord.actors import _component_interaction

import i18n
from engine.cards import Card, parse_cards
from engine.follow import follow_error
from engine.legal import view_context
from engine.views import Phase
from tests.conftest import button_id, open_panel, open_table, select_cards, select_ids, world
from tests.helpers.botflow import (
    bounded,
    close_game,
    declare_and_bury,
    first_trick_follow_position,
    four_humans,
    last_reply,
    private_leaks,
    said,
    start_table,
    table_state,
    thread_messages,
    thread_texts,
    use_locales,
)

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]


# -- 1. someone else's panel, and a panel of an earlier turn ---------------------------------------------------
@bounded()
async def test_wrong_user_and_stale_panel_clicks_are_refused(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, (alice, bob, carol, dave) = await four_humans(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    assert table.phase is Phase.DECLARING and 0 in table.to_act()

    panel_a = await open_panel(env, alice, channel, rec.table_id)  # alice's first panel (version v)
    pass_id = button_id(panel_a, "pass")
    before = table_state(env, rec.table_id)
    posts = len(thread_messages(env, channel, rec))

    # a real client does not even show alice's ephemeral panel to bob
    with pytest.raises(SetupError):
        await bob.click(panel_a, custom_id=pass_id)
    # a forged click (bob sends alice's button id on her message) is refused privately, nothing changes
    stored = env.backend.get_message(panel_a.channel_id, panel_a.id)
    forged = await _component_interaction(bob, stored, {"custom_id": pass_id, "component_type": 2})
    reply = last_reply(forged)
    assert reply is not None and reply.ephemeral
    assert reply.content == i18n.t("error.not_your_panel", "en")
    assert table_state(env, rec.table_id) == before
    assert len(thread_messages(env, channel, rec)) == posts  # nothing public either

    # alice's panel is no longer refreshed (as after a restart); bob passes — another seat's Pass leaves her panel
    # current (issue #23: players pass at the same moment) — then a declaration is made: her panel is out of date
    env.bot.get_cog("Panel").open.pop((rec.table_id, 0), None)
    panel_b = await open_panel(env, bob, channel, rec.table_id)
    await bob.click(panel_b, custom_id=button_id(panel_b, "pass"))
    assert 1 in table.public_view().passed
    assert game.is_current(rec.table_id, alice.id, int(pass_id.split(":")[3]))
    declarer = next(a for a in (carol, dave) if game.panel(rec.table_id, a.id).declarations)
    panel_d = await open_panel(env, declarer, channel, rec.table_id)
    await declarer.click(panel_d, custom_id=button_id(panel_d, "decl"))
    assert table.public_view().declaration is not None
    assert not game.is_current(rec.table_id, alice.id, int(pass_id.split(":")[3]))
    moved = table_state(env, rec.table_id)
    assert moved != before
    stale = await alice.click(panel_a, custom_id=pass_id)
    fresh = last_reply(stale)
    assert fresh is not None and fresh.ephemeral
    assert fresh.content.startswith(i18n.t("panel.stale", "en"))
    assert f"tp:{rec.table_id}:0:{table.version}:" in str(fresh.components)  # a fresh panel, current version
    assert table_state(env, rec.table_id) == moved and 0 not in table.public_view().passed
    # the fresh panel works
    await alice.click(fresh, custom_id=button_id(fresh, "pass"))
    assert 0 in table.public_view().passed
    assert private_leaks(env) == []


# -- 2. an illegal play is refused with the engine's reason --------------------------------------------------
def _revoke_position(env: Any, rec: Any, actors: list[Any]) -> tuple[Card, int, Card] | None:
    """A single lead of the leader after which the next seat, holding that suit, could try another
    card: (lead card, follower seat, wrong card), or ``None``."""
    found = first_trick_follow_position(env.bot.game.sessions[rec.table_id].table, trump_as_other=True)
    return None if found is None else (found[0], found[1], found[3])


@bounded()
async def test_illegal_play_is_refused_with_the_reason(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    found = _revoke_position(env, rec, actors)
    assert found is not None, "no plain-suit lead the next seat could revoke on"
    lead, follower, wrong = found
    leader = actors[table.to_act()[0]]
    message = await open_panel(env, leader, channel, rec.table_id)
    await select_cards(leader, message, game.panel(rec.table_id, leader.id), [lead])
    await leader.click(message, custom_id=button_id(message, "play"))
    assert table.to_act() == (follower,)

    actor = actors[follower]
    before = table_state(env, rec.table_id)
    posts = len(thread_messages(env, channel, rec))
    hand_before = game.panel(rec.table_id, actor.id).hand
    message = await open_panel(env, actor, channel, rec.table_id)
    await select_cards(actor, message, game.panel(rec.table_id, actor.id), [wrong])
    result = await actor.click(message, custom_id=button_id(message, "play"))
    view = table.seat_view(follower)
    key = follow_error(table.public_view().trick.plays[0][1], view.hand, (wrong,), view_context(view))
    assert key == "play.must_follow_suit"
    reply = last_reply(result)
    assert reply is not None and reply.ephemeral
    assert reply.content.splitlines()[0] == i18n.t("panel.refused", "en",
                                                    reason=i18n.t("play.must_follow_suit", "en"))
    assert table_state(env, rec.table_id) == before
    assert len(thread_messages(env, channel, rec)) == posts  # nothing public either
    assert game.panel(rec.table_id, actor.id).hand == hand_before and table.to_act() == (follower,)
    # the same through /play, for a player whose Discord speaks Chinese
    use_locales(monkeypatch, {actor.id: "zh-CN"})
    reply = last_reply(await actor.slash(channel, "play", cards=str(wrong), table=rec.table_id))
    assert reply is not None and reply.ephemeral and reply.content == i18n.t("play.must_follow_suit", "zh-CN")
    assert table_state(env, rec.table_id) == before and len(thread_messages(env, channel, rec)) == posts
    assert private_leaks(env) == []


# -- 3. burying 8 of 33 through the selects and the Bury button ----------------------------------------------
@bounded()
async def test_dealer_buries_eight_of_33_through_the_selects(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    declarer = next(s for s in range(4) if game.panel(rec.table_id, actors[s].id).declarations)
    for _ in range(12):  # the declarer declares, everybody passes
        if table.phase is not Phase.DECLARING:
            break
        seat = declarer if declarer in table.to_act() else table.to_act()[0]
        message = await open_panel(env, actors[seat], channel, rec.table_id)
        op = "decl" if seat == declarer and table.public_view().declaration is None else "pass"
        await actors[seat].click(message, custom_id=button_id(message, op))
    assert table.phase is Phase.BURYING
    dealer = actors[table.public_view().dealer]
    panel = game.panel(rec.table_id, dealer.id)
    assert panel.bury_count == 8 and len(panel.hand) == 33
    message = await open_panel(env, dealer, channel, rec.table_id)
    menus = select_ids(message)
    assert sum(len(v) for v in menus.values()) == 33 and len(menus) >= 2
    # two cards from every menu (then the rest from the first), so selections of several menus add up
    from cogs.panel_view import hand_order

    order = hand_order(panel)
    picked: list[int] = []
    for values in menus.values():
        picked += [int(v) for v in values[:2]]
    picked += [int(v) for v in next(iter(menus.values())) if int(v) not in picked][: 8 - len(picked)]
    picked = picked[:8]
    chosen = [order[i] for i in picked]
    await select_cards(dealer, message, panel, chosen)
    shown = env.backend.get_message(message.channel_id, message.id)
    assert str(len(chosen)) in shown.content  # "8 selected: …"
    result = await dealer.click(message, custom_id=button_id(message, "bury"))
    assert table.phase is Phase.PLAYING, env.transcript()
    view = table.seat_view(table.public_view().dealer)
    assert sorted(map(str, view.kitty or ())) == sorted(map(str, chosen))
    assert len(view.hand) == 25
    reply = last_reply(result) or env.backend.get_message(message.channel_id, message.id)
    text = reply.content
    assert text.startswith(i18n.t("panel.ok", "en", text=i18n.t("panel.buried", "en", cards="")[:7]))
    assert private_leaks(env) == []


# -- turn prompts: a DM to players who opted in (never with cards), the previous prompt deleted ---------------
@bounded()
async def test_turn_prompts_dm_opted_in_players_and_replace_the_previous_prompt(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, actors = world(env, 4)
    alice = actors[0]
    reply = last_reply(await alice.slash(channel, "tractor notify", on=True))
    assert reply is not None and reply.ephemeral and reply.content == i18n.t("table.notify.on", "en")
    rec = await start_table(env, channel, actors, mode="async")
    await declare_and_bury(env, rec, channel, actors)
    locale = env.bot.game.record(rec.table_id).meta["locale"]
    prompt = i18n.t("announce.turn_declaring", locale, name="alice")
    dm_channel = env.backend.dm_channels.get(alice.id)
    dms = [m.content for m in env.backend.messages.get(dm_channel, {}).values()] if dm_channel else []
    assert any(prompt in text for text in dms), dms
    thread = [m.content for m in thread_messages(env, channel, rec)]
    prompts = [t for t in thread if any(said(f"announce.turn_{p}", locale, s.user_id, name=s.name) in t
                                        for s in rec.seats if s is not None
                                        for p in ("declaring", "burying", "playing"))]
    assert len(prompts) <= 1, prompts
    assert private_leaks(env) == []


# -- locales: private answers follow the user's Discord locale, public messages the server's setting ----------
def _labels(message: Any) -> list[str]:
    return [c.get("label", "") for row in message.components for c in row.get("components", [])]


@bounded()
async def test_private_text_follows_the_user_locale_and_public_text_the_server_locale(simcord_env: Any,
                                                                                       monkeypatch: Any) -> None:
    env = simcord_env
    guild, channel, actors = world(env, 4, locale="zh-CN")
    alice, bob = actors[0], actors[1]
    use_locales(monkeypatch, {bob.id: "zh-CN"})
    rec = await start_table(env, channel, actors, mode="async")
    for actor, loc in ((alice, "en"), (bob, "zh-CN")):
        panel = await open_panel(env, actor, channel, rec.table_id)
        assert panel.content.splitlines() == [i18n.t("panel.no_declaration", loc), i18n.t("panel.declare", loc)]
        assert i18n.t("panel.button.pass", loc) in _labels(panel)
        reply = last_reply(await actor.slash(channel, "declare", cards="ZZ", table=rec.table_id))
        assert reply is not None and reply.ephemeral
        assert reply.content == i18n.t("card.invalid", loc, card="ZZ")
    # public messages: the server's Discord language (zh-CN here), then English after /tractor config locale:en
    texts = thread_texts(env, channel, rec)
    assert texts[0] == i18n.t("table.thread.welcome", "zh-CN", host=alice.mention)
    admin_role = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    erin = guild.add_member(env.create_user("erin"), roles=[admin_role])
    reply = last_reply(await erin.slash(channel, "tractor config", locale="en"))
    assert reply is not None and reply.ephemeral and "`locale` = `en`" in reply.content
    second, _lobby = await open_table(env, erin, channel, mode="async")
    assert thread_texts(env, channel, second)[0] == i18n.t("table.thread.welcome", "en", host=erin.mention)
    # a server whose Discord language is English, with no locale setting, gets English public messages
    _guild2, channel2, (host2,) = world(env, 1, locale="en-US")
    third, _lobby = await open_table(env, host2, channel2, mode="async")
    assert thread_texts(env, channel2, third)[0] == i18n.t("table.thread.welcome", "en", host=host2.mention)
    assert private_leaks(env) == []


@bounded()
async def test_panel_from_an_earlier_trick_is_refused(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    leader = actors[table.to_act()[0]]
    old = await open_panel(env, leader, channel, rec.table_id)  # the leader's panel of the first trick
    old_panel = game.panel(rec.table_id, leader.id)
    env.bot.get_cog("Panel").open.clear()  # no longer refreshed nor retired (as if opened before a restart)
    for _ in range(4):  # the first trick is played through fresh panels
        actor = actors[table.to_act()[0]]
        message = await open_panel(env, actor, channel, rec.table_id)
        choice = game.legal_play_choices(rec.table_id, actor.id, "")[0]
        await select_cards(actor, message, game.panel(rec.table_id, actor.id), parse_cards(choice))
        await actor.click(message, custom_id=button_id(message, "play"))
    assert len(table.public_view().tricks) == 1
    before = table_state(env, rec.table_id)
    posts = len(thread_messages(env, channel, rec))
    still_held = [c for c in old_panel.hand if c in game.panel(rec.table_id, leader.id).hand][:1]
    menus = select_ids(old)
    group, values = next((g, v) for g, v in menus.items() if v)
    result = await leader.select(old, values[:1], custom_id=group)  # selecting on the old panel
    fresh = last_reply(result)
    assert fresh is not None and fresh.ephemeral and fresh.content.startswith(i18n.t("panel.stale", "en"))
    result = await leader.click(old, custom_id=button_id(old, "play"))  # pressing its Play
    fresh = last_reply(result)
    assert fresh is not None and fresh.ephemeral and fresh.content.startswith(i18n.t("panel.stale", "en"))
    assert f":{table.version}:" in str(fresh.components)
    assert table_state(env, rec.table_id) == before and still_held
    assert len(thread_messages(env, channel, rec)) == posts
    assert private_leaks(env) == []
