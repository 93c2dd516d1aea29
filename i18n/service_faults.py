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
}
