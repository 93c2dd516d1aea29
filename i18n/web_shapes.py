"""Messages of the web table at every shape: 4–8 seats, 找朋友's friend calls (朋友牌, 第二张), revealed friends,
the dealer's call step and each player's level. Part of the ``web`` concept (keys ``web.*``)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "web.calls_title": {"en": "Friend calls (找朋友)", "zh-CN": "朋友牌（找朋友）"},
    "web.call": {"en": "the {nth} {card}", "zh-CN": "{nth}{card}"},
    "web.ordinal.1": {"en": "1st", "zh-CN": "第一张"},
    "web.ordinal.2": {"en": "2nd", "zh-CN": "第二张"},
    "web.ordinal.3": {"en": "3rd", "zh-CN": "第三张"},
    "web.ordinal.4": {"en": "4th", "zh-CN": "第四张"},
    "web.call_skip": {"en": "{n} more to go by", "zh-CN": "还要过 {n} 张"},
    "web.call_next": {"en": "the next one played", "zh-CN": "下一张就是"},
    "web.call_found": {"en": "found: {name}", "zh-CN": "已找到：{name}"},
    "web.call_used": {"en": "played by the dealer's side: no friend", "zh-CN": "被庄家方打出：没有新朋友"},
    "web.calls_none": {"en": "The dealer called no friend and plays alone.", "zh-CN": "庄家没有叫朋友，一人坐庄。"},
    "web.friend": {"en": "friend", "zh-CN": "朋友"},
    "web.dealer_side": {"en": "Dealer's side", "zh-CN": "庄家方"},
    "web.seat_level": {"en": "Lv {level}", "zh-CN": "{level} 级"},
    "web.call_step": {"en": "Call {n} friends (找朋友): a card and which copy of it — whoever plays that copy joins "
                            "your side.",
                      "zh-CN": "叫 {n} 个朋友（找朋友）：选一张牌和第几张——谁打出那一张，谁就是你的朋友。"},
    "web.call_card": {"en": "Card", "zh-CN": "朋友牌"},
    "web.call_ordinal": {"en": "Copy", "zh-CN": "第几张"},
    "web.call_self": {"en": "You keep {k} × {card}: {call} may be your own — then you are your own friend.",
                      "zh-CN": "你留着 {k} 张 {card}：{call}可能是你自己打出的——那样你就是自己的朋友。"},
    "web.player_levels": {"en": "Each player's level", "zh-CN": "每人级数"},
    "web.level_change": {"en": "{name}: {before} → {after}", "zh-CN": "{name}：{before} → {after}"},
    "web.match_over_player": {"en": "Match over: {name} wins!", "zh-CN": "比赛结束：{name} 获胜！"},
    "web.demo_ready_seats": {"en": "Demo table (you against {n} AI seats): open {url}",
                             "zh-CN": "演示牌桌（你对 {n} 个 AI）：请打开 {url}"},
    "web.gain": {"en": "+{n}", "zh-CN": "升 {n} 级"},
}
