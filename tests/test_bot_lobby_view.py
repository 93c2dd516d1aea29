"""The lobby message's embed (no Discord): players by name, AI seats marked, preset and AI level localized,
no raw ``<@id>``/``<#id>`` (an embed never pings, and unresolved mentions show as raw ids)."""

from __future__ import annotations

from cogs.lobby_view import lobby_embed
from engine.rules import Rules
from runtime import lobby
from runtime.records import TableRecord


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
