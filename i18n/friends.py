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
}
