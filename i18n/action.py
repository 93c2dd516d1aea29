"""Messages of the engine's refusals of an action (wrong phase, not one's turn, time already called).
Raised by the engine and printed by the judge (``engine/judge.py``): these keys never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "action.invalid": {"en": "That action is malformed.", "zh-CN": "操作格式不正确。"},
    "action.wrong_phase": {"en": "That cannot be done now (phase: {phase}).", "zh-CN": "现在不能这样做（阶段：{phase}）。"},
    "action.not_your_turn": {"en": "It is not your turn.", "zh-CN": "还没轮到你。"},
    "action.match_over": {"en": "The match is over.", "zh-CN": "比赛已经结束。"},
    "action.bad_seat": {"en": "There is no seat {seat}.", "zh-CN": "没有座位 {seat}。"},
    "action.not_timed": {"en": "Only a timed match can be stopped.", "zh-CN": "只有限时比赛可以提前结束。"},
    "action.time_already_called": {
        "en": "Time has already been called; the match ends with this hand.",
        "zh-CN": "已经宣布时间到，本副牌打完即结束比赛。",
    },
}
