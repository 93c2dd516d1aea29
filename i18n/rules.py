"""Messages of the v2 rules (RULES.md v2): settlement notes, time calling, laps and negative levels."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- settlement notes (engine.settlement) ------------------------------------------------------------
    "settle.lap": {
        "en": "The dealer team passed the end level: one more lap, and it starts again from 2.",
        "zh-CN": "庄家方打过终点级，记一轮，从 2 重新打起。",
    },
    "settle.blocked_deducted": {
        "en": "Levels of the gain cut off by a must-play or end level were taken off the other team.",
        "zh-CN": "因必打级未能升满的级数，从对方扣除。",
    },
    "settle.bottom_relief": {
        "en": "Relief (落实政策): under 40 points the dealer team keeps its level and the deal.",
        "zh-CN": "落实政策：闲家不足 40 分，庄家方保级并继续坐庄。",
    },
    "settle.kitty_guard": {
        "en": "A defender buried the kitty and the dealers won the last trick: its points count against the "
              "defenders.",
        "zh-CN": "谁扣底谁保底：闲家扣底、庄家抠底，闲家扣分。",
    },
    # -- levels and laps in pictures and messages -------------------------------------------------------------
    "render.level_laps": {"en": "{level} · lap {laps}", "zh-CN": "{level} · {laps} 轮"},
    "render.summary.kitty_guard": {"en": "Kitty guarded by the dealers {points} × {mult}",
                                   "zh-CN": "谁扣底谁保底 {points} × {mult}"},
    "announce.hand_settled_laps": {
        "en": "Hand {hand} over: defenders {points} points. Levels {levels}, laps {laps}; {dealer} deals.",
        "zh-CN": "第 {hand} 局结束：闲家 {points} 分。级数 {levels}，轮数 {laps}，{dealer} 坐庄。",
    },
    # -- time (engine.table) -------------------------------------------------------------------------------
    "announce.time_called": {
        "en": "Time is called: this hand is played to its end, then the match stops.",
        "zh-CN": "时间到：本副牌打完后比赛结束。",
    },
    "action.time_already_called": {
        "en": "Time has already been called; the match ends with this hand.",
        "zh-CN": "已经宣布时间到，本副牌打完即结束比赛。",
    },
}
