"""The private panel, round 2, end to end through SimCord: the current trick above the hand, refreshed in place
as others play (the selection kept); the "My panel" button of the live table message; the "Legal plays" menu
and "Play suggestion" play in one tap; card menus keep their labels while cards are chosen; after one's own
declaration the panel shows the standing declaration and a "Done" button."""

from __future__ import annotations

from typing import Any

from simcord.backend.errors import BackendError

import i18n
from cogs.cardtext import cards_text
from engine.views import Phase
from tests.conftest import button_id, open_panel, select_cards, select_ids
from tests.helpers.botflow import bounded, declare_and_bury, four_humans, private_leaks, thread_messages


def _menus(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row.get("components", []) if c.get("type") == 3]


def _stored(env: Any, message: Any) -> Any:
    return env.backend.get_message(message.channel_id, message.id)


@bounded()
async def test_panel_shows_the_trick_and_refreshes_in_place_keeping_the_selection(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    leader_seat = table.to_act()[0]
    waiter_seat = (leader_seat + 2) % 4  # plays third: waits while the leader and the next seat play
    waiter = actors[waiter_seat]
    message = await open_panel(env, waiter, channel, rec.table_id)
    leader_name = rec.names[leader_seat]
    assert i18n.t("panel.trick_lead", "en", n=1, name=leader_name) in message.content.splitlines()
    mine = game.panel(rec.table_id, waiter.id).hand[:1]
    await select_cards(waiter, message, game.panel(rec.table_id, waiter.id), mine)  # chosen ahead of the turn
    leader = actors[leader_seat]
    lead = game.suggest(rec.table_id, leader.id).cards
    lead_panel = await open_panel(env, leader, channel, rec.table_id)
    await leader.click(lead_panel, custom_id=button_id(lead_panel, "auto"))  # Play suggestion: one tap
    await env.settle()
    shown = _stored(env, message)  # the waiter's panel, edited in place (no new message)
    led = i18n.t("panel.led", "en", name=leader_name, cards=cards_text(lead, "en"))
    assert i18n.t("panel.trick", "en", n=1, plays=led) in shown.content.splitlines(), shown.content
    points = table.public_view().trick.points
    assert i18n.t("panel.points", "en", points=points, total=0) in shown.content
    assert i18n.t("panel.selected", "en", n=1, cards=cards_text(mine, "en")) in shown.content  # kept
    assert i18n.t("panel.ok", "en", text=i18n.t("panel.played", "en", cards=cards_text(lead, "en"))) \
        in _stored(env, lead_panel).content  # the leader's confirmation is inside its panel
    assert private_leaks(env) == []


@bounded()
async def test_my_panel_button_and_the_legal_plays_menu(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    await env.settle()
    live = next(m for m in reversed(thread_messages(env, channel, rec))
                if any(c.custom_id == f"tl:{rec.table_id}:hand:" for row in m.components for c in row.children))
    labels = [c.label for row in live.components for c in row.children]
    assert i18n.t("panel.button.my_panel", "en") in labels
    player = actors[table.to_act()[0]]
    result = await player.click(live, custom_id=f"tl:{rec.table_id}:hand:")
    panel_msg = result.followups[-1] if result.followups else result.response
    assert panel_msg is not None and panel_msg.ephemeral
    legal = [m for m in _menus(panel_msg) if m["custom_id"].startswith("tq:")]
    assert len(legal) == 1 and legal[0]["placeholder"].startswith("Legal plays")
    offered = legal[0]["options"]
    panel = game.panel(rec.table_id, player.id)
    assert len(offered) == min(25, sum(len(g) for g in panel.plays.values()))
    assert offered[0]["label"].startswith(("Tractor", "Pair", "Single"))
    version = table.version
    choice = offered[0]
    await player.select(panel_msg, [choice["value"]], custom_id=legal[0]["custom_id"])
    assert table.version > version  # played at once (a forced follow may play by itself after it)
    played = table.actions[version]
    assert played.seat == table.public_view().trick.leader and played.kind == "play"
    assert choice["label"].endswith(cards_text(played.cards, "en"))
    assert private_leaks(env) == []


@bounded()
async def test_card_menus_keep_their_labels_and_toggle(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    player = actors[table.to_act()[0]]
    message = await open_panel(env, player, channel, rec.table_id)
    before = {m["custom_id"]: m["placeholder"] for m in _menus(message) if m["custom_id"].startswith("ts:")}
    custom_id, values = next(iter(select_ids(message).items()))
    await player.select(message, values[:2], custom_id=custom_id)
    shown = _stored(env, message)
    after = {m["custom_id"]: m for m in _menus(shown) if m["custom_id"].startswith("ts:")}
    assert {k: m["placeholder"] for k, m in after.items()} == before  # labels kept
    assert not any(o.get("default") for m in after.values() for o in m["options"])  # no chips replace them
    ticked = [o["value"] for o in after[custom_id]["options"] if o["label"].startswith("✓ ")]
    assert ticked == values[:2]
    await player.select(message, values[:1], custom_id=custom_id)  # picked again: unselected
    shown = _stored(env, message)
    ticked = [o["value"] for m in _menus(shown) if m["custom_id"] == custom_id for o in m["options"]
              if o["label"].startswith("✓ ")]
    assert ticked == values[1:2]
    order = game.panel(rec.table_id, player.id)
    from cogs.panel_view import hand_order

    card = hand_order(order)[int(values[1])]
    assert i18n.t("panel.selected", "en", n=1, cards=cards_text([card], "en")) in shown.content


@bounded()
async def test_after_declaring_the_panel_shows_the_declaration_and_done(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    assert table.phase is Phase.DECLARING
    seat = next(s for s in range(4) if game.panel(rec.table_id, actors[s].id).declarations)
    actor = actors[seat]
    message = await open_panel(env, actor, channel, rec.table_id)
    shown_cards = game.panel(rec.table_id, actor.id).declarations[0]
    await actor.click(message, custom_id=button_id(message, "decl"))
    shown = _stored(env, message)
    declaration = table.public_view().declaration
    assert declaration is not None and declaration.seat == seat
    lines = shown.content.splitlines()
    assert lines[0] == i18n.t("panel.ok", "en", text=i18n.t("panel.declared", "en",
                                                                cards=cards_text(shown_cards, "en")))
    assert lines[1].startswith(i18n.t("panel.standing", "en", name=rec.names[seat], cards="", trump="")[:20])
    assert i18n.t("panel.yours_stands", "en") in lines
    assert i18n.t("panel.declare", "en") not in lines
    done = [c for row in shown.components for c in row.get("components", [])
            if c.get("custom_id", "").split(":")[-2:-1] == ["pass"]]
    assert [c["label"] for c in done] == [i18n.t("panel.button.done", "en")]
    await actor.click(message, custom_id=done[0]["custom_id"])
    assert seat not in table.to_act() and table.public_view().declaration == declaration
    assert _stored(env, message).content.splitlines()[0] == i18n.t("panel.ok", "en",
                                                                    text=i18n.t("panel.done", "en"))


@bounded()
async def test_a_fresh_panel_replaces_the_old_one(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    player = actors[env.bot.game.sessions[rec.table_id].table.to_act()[0]]
    first = await open_panel(env, player, channel, rec.table_id)
    second = await open_panel(env, player, channel, rec.table_id)
    try:
        old = _stored(env, first)  # deleted (or, if Discord refused, a pointer without picture or buttons)
    except BackendError:
        old = None
    assert old is None or (old.content == i18n.t("panel.moved", "en") and not old.components)
    assert _stored(env, second).components  # the new one works
