"""Messages of the security rules (issue #17): replays of a hand in progress and the abuse limits."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "security.replay.in_progress": {
        "en": "This hand is still being played: only the completed tricks are shown.",
        "zh-CN": "这一局还在进行：只显示已经打完的轮次。"},
    "security.limit.guild_tables": {
        "en": "This server already has {limit} open tables. End one before opening another.",
        "zh-CN": "本服务器已有 {limit} 张进行中的牌桌。请先结束一张再开新桌。"},
    "security.limit.hosted": {
        "en": "You already host {limit} open tables. End one before opening another.",
        "zh-CN": "你已经是 {limit} 张进行中牌桌的房主。请先结束一张再开新桌。"},
}
