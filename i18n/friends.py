"""Messages of 找朋友 friend calls: the engine's refusals of a call.
Raised by the engine and printed by the judge (``engine/judge.py``): these keys never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- friend calls (§13.3) ----------------------------------------------------------------------------
    "friends.wrong_count": {"en": "Call exactly {count} friends (you called {called}).",
                            "zh-CN": "必须叫 {count} 个朋友（你叫了 {called} 个）。"},
    "friends.bad_ordinal": {"en": "The copy to call must be 1 to {decks}, not {ordinal}.",
                            "zh-CN": "叫第几张须在 1 到 {decks} 之间，不能是 {ordinal}。"},
    "friends.duplicate": {"en": "You called the same copy of {card} twice.", "zh-CN": "你两次叫了同一张 {card}。"},
    "friends.card_not_allowed": {"en": "{card} cannot be called under friend_cards={policy}.",
                                 "zh-CN": "friend_cards={policy} 时不能叫 {card}。"},
    "friends.no_team_sanctions": {"en": "In 找朋友 teams are not fixed: team penalties do not apply.",
                                  "zh-CN": "找朋友没有固定队伍：不能按队处罚。"},
    "friends.not_friends_mode": {"en": "Friends are called only in 找朋友 (mode=friends).",
                                 "zh-CN": "只有找朋友模式（mode=friends）才叫朋友。"},
    # -- the dealer's call dialog on Discord (cogs.friend_calls) ------------------------------------------------
    "friends.bad_call": {"en": "“{text}” is not a call: write which copy of which card, e.g. “2nd K♣”, “第二张K♣” "
                               "or “2 KC”.",
                         "zh-CN": "“{text}”不是有效的朋友牌：请写第几张什么牌，例如“第二张K♣”“2nd K♣”或“2 KC”。"},
    "friends.dialog.title": {"en": "**Call {count} friends (找朋友)** with your bury.",
                             "zh-CN": "**找朋友**：扣底时叫 {count} 个朋友。"},
    "friends.dialog.how": {"en": "A call names a card and which copy of it: “the 2nd K♣” (第二张) — whoever plays "
                                 "that copy joins your team. Earlier copies count, your own too.",
                           "zh-CN": "朋友牌指定一张牌和第几张：如“第二张K♣”——谁打出那一张，谁就加入你这一方。"
                                    "之前打出的同样的牌都算，你自己打的也算。"},
    "friends.dialog.policy": {"en": "Allowed (friend_cards={policy}): {meaning}; copies 1–{decks}.",
                              "zh-CN": "可叫的牌（friend_cards={policy}）：{meaning}；第 1–{decks} 张。"},
    "friends.dialog.trumps": {"en": "Trumps this hand: the jokers, every {level} and the suit {trump}.",
                              "zh-CN": "本局主牌：大小王、所有的 {level}，以及{trump}。"},
    "friends.dialog.trumps_nt": {"en": "Trumps this hand: the jokers and every {level}.",
                                 "zh-CN": "本局主牌：大小王和所有的 {level}。"},
    "friends.dialog.suggested": {"en": "Suggested: {calls}.", "zh-CN": "建议：{calls}。"},
    "friends.dialog.chosen": {"en": "Your calls: {calls}.", "zh-CN": "你叫的朋友牌：{calls}。"},
    "friends.dialog.held": {"en": "⚠️ You hold {cards}: your own copies count, so you may become your own friend "
                                  "(your team then stays smaller).",
                            "zh-CN": "⚠️ 你手里有 {cards}：你自己打出的也算，可能叫到自己（庄家一方就会少一人）。"},
    "friends.dialog.timeout": {"en": "If your time runs out, the AI (托管) buries and calls for you.",
                               "zh-CN": "超时后由托管替你扣底并叫朋友。"},
    "friends.button.call": {"en": "Bury and call {calls}", "zh-CN": "扣底并叫 {calls}"},
    "friends.button.anyway": {"en": "Call {calls} anyway", "zh-CN": "仍然叫 {calls}"},
    "friends.button.pick": {"en": "Other calls…", "zh-CN": "叫别的牌…"},
    "friends.form.title": {"en": "Call {count} friends (找朋友)", "zh-CN": "找朋友：叫 {count} 张朋友牌"},
    "friends.form.label": {"en": "Friend {n}: which copy of which card", "zh-CN": "朋友 {n}：第几张什么牌"},
    "friends.form.placeholder": {"en": "e.g. the 2nd K♣, or 2 KC", "zh-CN": "例如 第二张K♣ 或 2 KC"},
    "friends.stale": {"en": "This dialog is out of date (the table moved on): open your panel again.",
                      "zh-CN": "此对话框已过期（牌局已继续）：请重新打开你的面板。"},
    "friends.panel_hint": {"en": "Then call {count} friends (找朋友).", "zh-CN": "然后叫 {count} 个朋友（找朋友）。"},
}
