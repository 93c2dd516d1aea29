"""Tables of every shape on Discord (issue 54, RULES §12.6, §13): ``/tractor new`` takes decks (1-4), players (4-8)
and teams (fixed partners or 找朋友), each defaulting as §12.6 says; an impossible shape is refused privately with
the engine's reason and stores nothing; the lobby seats every player, five buttons to a row."""

from __future__ import annotations

from typing import Any

import i18n
from engine.shape import Mode
from tests.conftest import button_id, open_table, world
from tests.helpers.botflow import bounded, close_game, last_reply  # noqa: F401


def _labels(message: Any) -> list[str]:
    return [c.get("label", "") for row in message.components for c in row.get("components", [])]


@bounded()
async def test_a_six_seat_friends_lobby_seats_everyone_and_starts(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, (alice, bob, carol) = world(env, 3)
    rec, lobby = await open_table(env, alice, channel, mode="async", players=6, teams="friends")
    assert (rec.rules.players, rec.rules.decks, rec.rules.mode) == (6, 3, Mode.FRIENDS)  # a deck per two players
    assert len(rec.seats) == 6
    stored = env.backend.get_message(channel.id, rec.lobby_message_id)
    labels = _labels(stored)
    assert [lab for lab in labels if lab.startswith("Sit")] == [f"Sit {n}" for n in range(1, 7)]
    embed = stored.embeds[0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    seats = fields[i18n.t("lobby.friends_seats", "en", friends=2)]
    assert all(f"Seat {n}:" in seats for n in range(1, 7))
    assert "找朋友 · 6 players · 3 decks" in fields[i18n.t("lobby.settings", "en")]
    for seat, actor in ((1, bob), (2, carol)):
        await actor.click(lobby, custom_id=f"tl:{rec.table_id}:sit:{seat}")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    rec = env.bot.game.record(rec.table_id)
    assert rec.status.value == "playing" and sum(s.is_ai for s in rec.seats) == 3, env.transcript()


@bounded()
async def test_three_decks_at_four_seats_keep_fixed_partners(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, lobby = await open_table(env, alice, channel, mode="async", decks=3)
    assert (rec.rules.players, rec.rules.decks, rec.rules.mode) == (4, 3, Mode.TRACTOR)
    stored = env.backend.get_message(channel.id, rec.lobby_message_id)
    fields = {f["name"]: f["value"] for f in stored.embeds[0]["fields"]}
    team_a = i18n.t("lobby.team", "en", team=i18n.t("render.team.0", "en"), seats="1, 3")
    assert "Seat 1:" in fields[team_a] and "Seat 3:" in fields[team_a]
    assert "4 players · 3 decks" in fields[i18n.t("lobby.settings", "en")]
    await alice.click(lobby, custom_id=button_id(stored, "fillai"))  # AI fill: every empty seat at once
    rec = env.bot.game.record(rec.table_id)
    assert rec.full and [s.is_ai for s in rec.seats] == [False, True, True, True]
    stored = env.backend.get_message(channel.id, rec.lobby_message_id)
    assert "Fill with AI" in _labels(stored)
    await alice.click(lobby, custom_id=button_id(stored, "start"))
    assert env.bot.game.record(rec.table_id).status.value == "playing"


@bounded()
async def test_an_impossible_shape_is_refused_with_the_engines_reason(simcord_env: Any) -> None:
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    result = await alice.slash(channel, "tractor new", players=5, teams="tractor")
    reply = last_reply(result)
    assert reply.flags.ephemeral
    assert i18n.t("rules.tractor_odd_players", "en", players=5) in reply.content
    assert env.bot.game.tables(channel_id=channel.id) == []
    result = await alice.slash(channel, "tractor new", players=7)  # teams default to fixed partners (§12.6)
    assert i18n.t("rules.tractor_odd_players", "en", players=7) in last_reply(result).content
    assert env.bot.game.tables(channel_id=channel.id) == []
    result = await alice.slash(channel, "tractor new", players=7, teams="friends")  # 找朋友 seats seven
    assert env.bot.game.tables(channel_id=channel.id)[0].rules.decks == 3


@bounded()
async def test_the_host_reshapes_the_table_before_the_start(simcord_env: Any) -> None:
    """``/tractor rules`` in the lobby takes the shape's options too: the lobby grows to the new seats, and a
    smaller table than the seats taken is refused (``lobby.seats_taken``) with nothing changed."""
    env = simcord_env
    _guild, channel, (alice, bob) = world(env, 2)
    rec, lobby = await open_table(env, alice, channel, mode="async")
    await alice.slash(channel, "tractor rules", options="players=6 mode=friends", table=rec.table_id)
    rec = env.bot.game.record(rec.table_id)
    assert (len(rec.seats), rec.rules.decks, rec.rules.mode) == (6, 3, Mode.FRIENDS)
    stored = env.backend.get_message(channel.id, rec.lobby_message_id)
    assert "Sit 6" in _labels(stored)
    await bob.click(lobby, custom_id=f"tl:{rec.table_id}:sit:5")
    result = await alice.slash(channel, "tractor rules", options="players=4 mode=tractor", table=rec.table_id)
    assert i18n.t("lobby.seats_taken", "en", players=4) in last_reply(result).content
    assert len(env.bot.game.record(rec.table_id).seats) == 6
