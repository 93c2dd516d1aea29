"""The lobby message's embed (no Discord): players by name, AI seats marked, preset and AI level localized,
no raw ``<@id>``/``<#id>`` (an embed never pings, and unresolved mentions show as raw ids)."""

from __future__ import annotations

from cogs.lobby_view import lobby_embed
from data.records import TableRecord
from engine.rules import Rules
from runtime.service import seating as lobby


def record() -> TableRecord:
    rec = TableRecord(table_id=7, guild_id=1, channel_id=2, host_id=11, rules=Rules(), thread_id=3,
                      meta={"ai_level": "strong"})
    rec = lobby.sit(rec, 11, "小明", 0)
    rec = lobby.sit(rec, 12, "a*b", 1)
    return lobby.add_ai(rec, 11, 2, "strong")


def test_lobby_embed_names_players_and_localizes() -> None:
    embed = lobby_embed(record(), "zh-CN")
    text = str(embed.to_dict())
    assert "**小明** 👑" in text and r"**a\\*b**" in text and "🤖 AI 3" in text
    assert "<@" not in text and "<#" not in text
    assert "标准" in text and "电脑 强" in text and "standard" not in text and "strong" not in text
    assert "Rules: Standard" in str(lobby_embed(record(), "en").to_dict())


def _final(winner: int | None, hands: int = 2):
    from dataclasses import replace

    from render.samples import hand_result, public_view

    return replace(public_view(), levels=("A", "9"), match_winner=winner, results=(hand_result(),) * hands)


def test_a_finished_lobby_shows_the_winners_levels_and_hands() -> None:
    from dataclasses import replace

    from data.records import Status

    rec = replace(lobby.add_ai(record(), 11, 3, "strong"), status=Status.FINISHED)
    zh = lobby_embed(rec, "zh-CN", _final(0)).to_dict()
    assert zh["fields"][0]["name"] == "结果"
    assert zh["fields"][0]["value"] == "🏆 **小明** 和 **AI 3** 获胜\n级数：甲方 A · 乙方 9 · 共打 2 局"
    en = lobby_embed(rec, "en", _final(1, 1)).to_dict()
    assert en["fields"][0]["value"] == "🏆 **a\\*b** & **AI 4** win\nLevels: Team A: A · Team B: 9 · hands played: 1"
    assert "A draw" in str(lobby_embed(rec, "en", _final(None)).to_dict())
    assert "Result" not in str(lobby_embed(rec, "en").to_dict())  # no final view known: seats and settings only


def test_a_closed_lobby_says_it_closed_before_the_end() -> None:
    from dataclasses import replace

    from data.records import Status

    rec = replace(record(), status=Status.ENDED)
    value = lobby_embed(rec, "en", _final(None, 0)).to_dict()["fields"][0]["value"]
    assert value == "Closed before the end\nLevels: Team A: A · Team B: 9 · hands played: 0"
    assert "Result" not in str(lobby_embed(replace(rec, status=Status.PLAYING), "en", _final(None)).to_dict())
