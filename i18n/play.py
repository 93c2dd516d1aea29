"""Messages of the engine's refusals of a play (出牌: follow suit, pairs, tractors).
Raised by the engine and printed by the judge (``engine/judge.py``): these keys never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "play.empty": {"en": "Play at least one card.", "zh-CN": "至少要出一张牌。"},
    "play.mixed_suits": {"en": "A lead must be of one suit (all trumps or one plain suit).",
                         "zh-CN": "首家出牌必须是同一门花色（全是主牌或同一门副牌）。"},
    "play.bad_level": {"en": "“{level}” is not a level rank.", "zh-CN": "“{level}” 不是级牌点数。"},
    "play.bad_trump": {"en": "“{trump}” is not a trump (S, H, C, D or NT).",
                       "zh-CN": "“{trump}” 不是主花色（S、H、C、D 或 NT）。"},
    "play.wrong_count": {"en": "Play exactly as many cards as were led.",
                         "zh-CN": "出牌张数必须与首家相同。"},
    "play.not_in_hand": {"en": "You do not hold all of those cards.", "zh-CN": "你手里没有这些牌。"},
    "play.must_follow_suit": {"en": "You must follow the led suit with as many cards of it as you hold.",
                              "zh-CN": "必须跟出首家花色的牌，有多少跟多少。"},
    "play.must_follow_pairs": {"en": "You must follow with pairs while you hold them in the led suit.",
                               "zh-CN": "有对必须跟对。"},
    "play.must_follow_tractor": {"en": "You must follow with a tractor while you hold one in the led suit.",
                                 "zh-CN": "有拖拉机必须跟拖拉机。"},
}
