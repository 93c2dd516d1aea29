"""Refusals: another user's panel click, a stale panel, an illegal play (with the reason), bad options;
and the Chinese locale for a Chinese client."""

from __future__ import annotations

import i18n
from tests.conftest import act_by_panel, button_id, humans_to_act, open_panel, open_table, select_cards, world
from tests.helpers.security import literal


async def _to_my_turn(env, channel, rec, alice):
    """Play on until alice has to play a card (passing/burying through the panel)."""
    game = env.bot.game
    for _ in range(60):
        table = game.sessions[rec.table_id].table
        if table.phase.value == "playing" and humans_to_act(env, rec.table_id, [alice]):
            return
        await act_by_panel(env, alice, channel, rec.table_id)
    raise AssertionError("never alice's turn")


async def _table_with_ai(env):
    _guild, channel, actors = world(env, 2)
    alice, bob = actors
    rec, lobby = await open_table(env, alice, channel, mode="async", options="start_level=A end_level=A")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    refused = await bob.click(lobby, custom_id=button_id(lobby, "start"))  # a wrong user's click
    answer = refused.followups[-1] if refused.followups else refused.response  # refused before any defer
    assert answer is not None and answer.ephemeral
    assert answer.content == i18n.t("lobby.not_host", "en")
    assert env.bot.game.sessions[rec.table_id].table is None  # not started
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    return channel, alice, bob, rec


async def test_wrong_user_and_stale_panel(simcord_env):
    env = simcord_env
    channel, alice, _bob, rec = await _table_with_ai(env)
    await _to_my_turn(env, channel, rec, alice)
    panel = env.bot.game.panel(rec.table_id, alice.id)
    message = await open_panel(env, alice, channel, rec.table_id)
    env.bot.get_cog("Panel").open.clear()  # a panel the bot no longer refreshes (e.g. opened before a restart)
    # stale: alice plays via /play, then clicks the old panel
    choice = env.bot.game.legal_play_choices(rec.table_id, alice.id, "")[0]
    await alice.slash(channel, "play", cards=choice, table=rec.table_id)
    assert env.bot.game.panel(rec.table_id, alice.id).version != panel.version
    stale = await alice.click(message, custom_id=button_id(message, "clear"))
    texts = [m.content for m in [stale.response, *stale.followups] if m is not None]
    assert any(t.startswith(i18n.t("panel.stale", "en")) for t in texts), texts


async def test_not_seated_user_refused(simcord_env):
    env = simcord_env
    channel, _alice, bob, rec = await _table_with_ai(env)
    result = await bob.slash(channel, "hand", table=rec.table_id)
    msgs = [m for m in [result.response, *result.followups] if m is not None]
    assert msgs and all(m.ephemeral for m in msgs)
    assert i18n.t("act.not_seated", "en") in msgs[-1].content


async def test_illegal_play_refused_with_reason(simcord_env):
    env = simcord_env
    channel, alice, _bob, rec = await _table_with_ai(env)
    await _to_my_turn(env, channel, rec, alice)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    before = table.version
    hand = game.panel(rec.table_id, alice.id).hand
    legal = set(game.legal_play_choices(rec.table_id, alice.id, ""))
    import itertools

    bad = next(" ".join(map(str, p)) for p in itertools.combinations(hand, 2)
               if " ".join(map(str, p)) not in legal and p[0] != p[1])
    message = await open_panel(env, alice, channel, rec.table_id)
    from engine.cards import parse_cards

    await select_cards(alice, message, game.panel(rec.table_id, alice.id), parse_cards(bad))
    play = button_id(message, "play")
    result = await alice.click(message, custom_id=play)
    assert not result.followups  # the refusal is shown inside the panel, not as a new message
    assert game.sessions[rec.table_id].table.version == before  # nothing changed
    shown = env.backend.get_message(message.channel_id, message.id)
    first = shown.content.splitlines()[0]
    assert first.startswith("⚠️ ") and i18n.t("error.internal", "en") not in first, shown.content
    assert first[3:] in {i18n.t(k, "en") for k in i18n.MESSAGES if k.startswith("play.")}, first
    assert button_id(shown, "play") == play  # the selection is kept (its mask is in the Play button)
    assert i18n.t("panel.your_turn", "en") in shown.content  # and the panel still says what to do


async def test_bad_option_is_a_localized_error(simcord_env):
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    result = await alice.slash(channel, "tractor new", options="end_level=Z")
    msgs = [m for m in [result.response, *result.followups] if m is not None]
    assert msgs[-1].ephemeral
    assert "end_level" in literal(msgs[-1].content)  # as the user typed it (escaped: shown literally)
    result = await alice.slash(channel, "tractor new", options="nonsense")
    msgs = [m for m in [result.response, *result.followups] if m is not None]
    assert i18n.t("error.bad_option", "en", text="nonsense") == msgs[-1].content


async def test_command_names_localized(simcord_env):
    from discord import Locale, app_commands

    from cogs.translator import CatalogueTranslator

    translator = CatalogueTranslator()
    name = app_commands.locale_str("tractor", key="command.tractor")
    assert await translator.translate(name, Locale.chinese, None) == "双升"
    assert await translator.translate(name, Locale.american_english, None) is None
