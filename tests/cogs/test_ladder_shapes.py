"""Ladders per table shape on Discord: ``/ladder shape:`` and ``/stats shape:`` read that shape's ladder (offered by
autocomplete with the shape's label; a key that names no shape is refused), and ``/history`` names every shape's
players: fixed partners of six seats as three against three with the winning team, a 找朋友 match as its players and
the ones who won (teams changed every hand), four seats as before."""

from __future__ import annotations

from typing import Any

import i18n
from data.records import Seat
from engine.rules import Rules
from runtime.pictures import imaging
from tests.helpers.botflow import bounded, last_reply, use_locales


@bounded(120)
async def test_history_names_the_sides_of_every_shape(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    guild = env.create_guild("G")
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat", "dan", "eve", "fay")]
    use_locales(monkeypatch, {members[1].id: "zh-CN"})
    for m in members:
        await m.slash(channel, "stats")  # each name is seen here once
    seats = [Seat(name=m.name, user_id=m.id) for m in members]
    db = env.bot.game.db
    await db.record_match(guild.id, None, seats[:4], 1)
    await db.record_match(guild.id, None, seats, 0, shape=Rules.from_preset("standard", players=6).shape)
    await db.record_match(guild.id, None, seats, 4, shape=Rules.from_preset("standard", players=6,
                                                                            mode="friends").shape)
    lines = (await members[0].slash(channel, "history")).response.content.splitlines()
    assert "ann, cat & eve vs ben, dan & fay — won by ann, cat & eve" in lines[2]  # newest first
    assert "(找朋友, Find Friends): ann, ben, cat, dan, eve & fay — won by eve" in lines[1]
    assert "ann & cat vs ben & dan — won by ben & dan" in lines[3]
    zh = (await members[1].slash(channel, "history")).response.content.splitlines()
    assert "（找朋友）：ann、ben、cat、dan、eve、fay —— eve 获胜" in zh[1]


@bounded(120)
async def test_ladder_and_stats_of_a_shape(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    guild = env.create_guild("G")
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat", "dan", "eve", "fay")]
    use_locales(monkeypatch, {members[1].id: "zh-CN"})
    seats = [Seat(name=m.name, user_id=m.id) for m in members]
    friends = Rules.from_preset("standard", players=6, mode="friends").shape
    await env.bot.game.db.record_match(guild.id, None, seats[:4], 0)
    await env.bot.game.db.record_match(guild.id, None, seats, 4, shape=friends)
    drawn: list[tuple[list[str], str]] = []
    original = imaging.render_ladder

    def spy(rows: Any, **kwargs: Any) -> bytes:
        drawn.append(([r.name for r in rows], kwargs["title"]))
        return original(rows, **kwargs)

    monkeypatch.setattr(imaging, "render_ladder", spy)
    ann, ben = members[0], members[1]
    offered = await ann.autocomplete(channel, "ladder", "shape", "")
    assert [(c["name"], c["value"]) for c in offered] == [("4 players · 2 decks", "tractor"),
                                                         ("找朋友 · 6 players · 3 decks", "friends-3d6p")]
    assert [c["value"] for c in await ben.autocomplete(channel, "stats", "shape", "找朋友")] == ["friends-3d6p"]

    reply = last_reply(await ann.slash(channel, "ladder", shape="friends-3d6p"))
    assert [a.filename for a in reply.attachments] == ["ladder.png"]
    assert len(drawn[-1][0]) == 6 and drawn[-1][1] == "找朋友 · 6 players · 3 decks · by rating"
    await ann.slash(channel, "ladder")  # the two-deck four-seat ladder, titled as before
    assert len(drawn[-1][0]) == 4 and drawn[-1][1] == i18n.t("records.ladder.title.rating", "en")
    reply = last_reply(await ann.slash(channel, "ladder", shape="friends-9d9p"))
    refusal = i18n.t("data.bad_shape", "en", shape="friends-9d9p")  # the key is shown escaped (friends\\-9d9p)
    assert reply.ephemeral and reply.content.endswith(refusal.split("”", 1)[1]) and "9d9p" in reply.content

    reply = last_reply(await members[5].slash(channel, "stats", shape="friends-3d6p"))
    assert [a.filename for a in reply.attachments] == ["stats.png"]
    reply = last_reply(await members[5].slash(channel, "stats"))  # fay played no two-deck four-seat match
    assert reply.content == i18n.t("records.stats.none", "en", name="fay")
