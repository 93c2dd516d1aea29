"""Messages of settling a hand (结算): the settlement's notes and refusals.
Raised by the engine and printed by the judge (``engine/judge.py``): these keys never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- settlement notes and errors (engine.settlement) --------------------------------------------
    "settle.jack_bottom": {
        "en": "Jack bottom: the defenders won the last trick with a J; the dealer team drops back to 2.",
        "zh-CN": "钩J：防家用 J 抠底，庄家方降回 2。",
    },
    "settle.ace_bottom_single": {
        "en": "Ace bottom: the defenders won the last trick with an A; the dealer team drops back to J.",
        "zh-CN": "防家用单 A 抠底，庄家方降回 J。",
    },
    "settle.ace_bottom_pair": {
        "en": "Ace bottom: the defenders won the last trick with a pair of As; the dealer team drops back to 2.",
        "zh-CN": "防家用对 A 抠底，庄家方降回 2。",
    },
    "settle.max_gain": {
        "en": "The gain was capped by the table's maximum gain.",
        "zh-CN": "升级数已达封顶。",
    },
    "settle.must_play_stop": {
        "en": "The gain stopped on a level that must be won as dealers (must-play or end level).",
        "zh-CN": "升级停在必打级（须坐庄打过）。",
    },
    "settle.match_won": {
        "en": "The dealer team won a hand as dealers at the end level and wins the match.",
        "zh-CN": "庄家方坐庄打过终点级，赢得比赛。",
    },
    "settle.bad_deal_number": {
        "en": "There is no hand {number} in the 16-hand format.",
        "zh-CN": "16 局赛制中没有第 {number} 局。",
    },
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
}
