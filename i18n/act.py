"""Messages of a player's act refused by the game service (a move at the wrong time, from the wrong seat, or sent
twice); ``act.*`` keys also travel to the web page in its refusal frames."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "act.not_playing": {"en": "The match is not in progress.", "zh-CN": "比赛没有在进行。"},
    "act.not_seated": {"en": "You do not play at this table.", "zh-CN": "你不是这张牌桌的玩家。"},
    "act.stale": {"en": "That panel is out of date; here is a fresh one.", "zh-CN": "这个面板已过期，请用新的面板。"},
    "act.system_action": {"en": "Players cannot do that ({action}).", "zh-CN": "玩家不能执行该操作（{action}）。"},
    "act.not_your_turn": {"en": "It is not your turn.", "zh-CN": "还没轮到你。"},
    "act.nothing_to_suggest": {"en": "Nothing to suggest right now.", "zh-CN": "现在没有可建议的操作。"},
    "act.empty_play": {"en": "Choose at least one card.", "zh-CN": "请至少选一张牌。"},
    "act.not_in_hand": {"en": "You do not hold those cards.", "zh-CN": "你手里没有这些牌。"},
    "act.not_away": {"en": "You are already in control of your seat.", "zh-CN": "你没有在托管中。"},
    "act.duplicate": {
        "en": "Your seat already moved since this command was sent (was it sent twice?): nothing was done. "
              "Open /hand to see the table now.",
        "zh-CN": "这条指令发出后你的座位已经行动过了（是否重复发送？）：本次没有执行任何操作。用 /hand 查看当前牌桌。"},
}
