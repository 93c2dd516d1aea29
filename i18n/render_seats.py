"""Messages of the pictures for every table shape (RULES §12–§13): seats, per-player levels, 找朋友 calls and sides."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # a seat's name box
    "render.seat_level": {"en": "Lv {level}", "zh-CN": "打{level}"},
    "render.friend_tag": {"en": "Friend", "zh-CN": "朋友"},
    "render.list_sep": {"en": ", ", "zh-CN": "、"},
    # friend calls (朋友牌), "the 2nd K♣"
    "render.calls": {"en": "Friends:", "zh-CN": "朋友牌："},
    "render.calls_pending": {"en": "Friends: called after the bury", "zh-CN": "朋友牌：庄家扣底后叫"},
    "render.ordinal.1": {"en": "1st", "zh-CN": "第一张"},
    "render.ordinal.2": {"en": "2nd", "zh-CN": "第二张"},
    "render.ordinal.3": {"en": "3rd", "zh-CN": "第三张"},
    "render.ordinal.4": {"en": "4th", "zh-CN": "第四张"},
    "render.call_skip": {"en": "{n} to skip", "zh-CN": "还需跳过 {n} 张"},
    "render.call_next": {"en": "next one", "zh-CN": "下一张即是"},
    "render.call_friend": {"en": "→ {name}", "zh-CN": "→ {name}"},
    "render.call_missed": {"en": "no friend", "zh-CN": "落空"},
    # dealing any number of cards
    "render.dealing_of": {"en": "Dealing {n}/{total}", "zh-CN": "发牌 {n}/{total}"},
    # hand and match summaries in 找朋友 (per-player levels, §13.6–§13.7)
    "render.side.dealer": {"en": "Dealer's team", "zh-CN": "庄家方"},
    "render.side.defenders": {"en": "Defenders", "zh-CN": "闲家"},
    "render.role.dealer": {"en": "dealer", "zh-CN": "庄家"},
    "render.role.friend": {"en": "friend", "zh-CN": "朋友"},
    "render.summary.player_winner": {"en": "{name} wins the match!", "zh-CN": "{name}赢得比赛！"},
    "render.summary.small_team": {"en": "small team +1", "zh-CN": "人少多升一级"},
    "render.summary.grand_slam": {"en": "大光: the defenders took no points", "zh-CN": "大光：闲家一分未得"},
    "render.summary.small_slam": {"en": "小光: the defenders stayed under {points}", "zh-CN": "小光：闲家不到 {points} 分"},
    "render.summary.take_over_term": {"en": "上台: the defenders take over the deal", "zh-CN": "闲家上台"},
    "settle.small_team_bonus": {"en": "The dealer's team was short of friends and won: each member gains one more "
                                      "level (small_team_bonus).",
                                "zh-CN": "庄家一方人数不足且获胜：每人多升一级（small_team_bonus）。"},
    "render.match.players": {"en": "Players' levels", "zh-CN": "各玩家级别"},
}
