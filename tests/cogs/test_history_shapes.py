"""``/history`` names every table shape's players: fixed partners of six seats as three against three with the
winning team, a 找朋友 match as its players and the ones who won (teams changed every hand), four seats as before."""

from __future__ import annotations

from typing import Any

from data.records import Seat
from engine.rules import Rules
from tests.helpers.botflow import bounded, use_locales


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
