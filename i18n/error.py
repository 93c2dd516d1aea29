"""Messages of the interfaces' general refusals: rate limits, someone else's panel, no table, missing permission,
bad command input, an internal error."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- errors and refusals ---------------------------------------------------------------------
    "error.internal": {"en": "Something went wrong; the table is unchanged. Please try again.",
                       "zh-CN": "出错了，牌桌未改变。请重试。"},
    "error.rate_limited": {"en": "Slow down: try again in {seconds} s.", "zh-CN": "操作太快，请 {seconds} 秒后再试。"},
    "error.not_your_panel": {"en": "This panel belongs to another player.", "zh-CN": "这是其他玩家的面板。"},
    "error.no_table": {"en": "You have no table here. Open one with /tractor new.",
                       "zh-CN": "你在这里没有牌桌。用 /双升 开桌 开一桌。"},
    "error.not_seated": {"en": "You are not seated at this table.", "zh-CN": "你不在这张牌桌上。"},
    "error.no_selection": {"en": "Select cards first.", "zh-CN": "请先选牌。"},
    "error.bad_option": {"en": "“{text}” is not key=value.", "zh-CN": "“{text}” 不是 key=value 格式。"},
    "error.bad_timeout": {"en": "The timeout must be between {low} and {high} seconds.",
                          "zh-CN": "超时须在 {low} 到 {high} 秒之间。"},
    "error.channel_not_allowed": {"en": "Tables are not allowed in this channel.", "zh-CN": "本频道不允许开桌。"},
    "error.guild_only": {"en": "Use this command in a server.", "zh-CN": "请在服务器中使用此命令。"},
    "error.manage_guild": {"en": "You need the Manage Server permission.", "zh-CN": "需要“管理服务器”权限。"},
    "error.no_cards": {"en": "Type some cards.", "zh-CN": "请输入牌。"},
    "error.refused": {"en": "Refused: {reason}", "zh-CN": "不允许：{reason}"},
}
