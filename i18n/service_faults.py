"""Messages of the service's fault handling (issue #23): duplicate slash-command moves, option values outside
what a command offers, superseded live-message notices."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "service_faults.move.duplicate": {
        "en": "Your seat already moved since this command was sent (was it sent twice?): nothing was done. "
              "Open /hand to see the table now.",
        "zh-CN": "这条指令发出后你的座位已经行动过了（是否重复发送？）：本次没有执行任何操作。用 /hand 查看当前牌桌。"},
    "service_faults.limit.tournament_tables": {
        "en": "The first round needs {needed} tables, and this server has {open} open of at most {limit}. "
              "End some tables before starting the tournament.",
        "zh-CN": "第一轮需要 {needed} 张牌桌，而本服务器已有 {open} 张进行中的牌桌（上限 {limit}）。请先结束一些牌桌再开始比赛。"},
    "service_faults.option.bad_choice": {
        "en": "`{option}` cannot be “{value}”: choose one of {allowed}. Nothing was changed.",
        "zh-CN": "`{option}` 不能是“{value}”：请从 {allowed} 中选择。没有做任何更改。"},
    "service_faults.option.bad_range": {
        "en": "`{option}` must be a whole number from {low} to {high} (not “{value}”). Nothing was changed.",
        "zh-CN": "`{option}` 必须是 {low} 到 {high} 之间的整数（不能是“{value}”）。没有做任何更改。"},
    "service_faults.option.bad_flag": {
        "en": "`{option}` must be true or false (not “{value}”). Nothing was changed.",
        "zh-CN": "`{option}` 只能是 true 或 false（不能是“{value}”）。没有做任何更改。"},
    "service_faults.option.too_long": {
        "en": "`{option}` is too long: at most {longest} characters. Nothing was changed.",
        "zh-CN": "`{option}` 太长了：最多 {longest} 个字符。没有做任何更改。"},
}
