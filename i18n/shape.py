"""Messages of the table's shape (RULES §12–§13): deck counts, seats, 找朋友 options and friend calls."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- option validation (§12.6) ----------------------------------------------------------------------
    "rules.tractor_odd_players": {
        "en": "Fixed partners need an even number of players ({players} given); use mode=friends (找朋友).",
        "zh-CN": "固定对家需要偶数名玩家（现为 {players} 人）；请用 mode=friends（找朋友）。"},
    "rules.kitty_uneven": {
        "en": "A kitty of {kitty} leaves {cards} − {kitty} cards, which {players} players cannot share evenly.",
        "zh-CN": "底牌 {kitty} 张时剩下的牌（{cards} − {kitty}）不能平分给 {players} 名玩家。"},
    "rules.friends_only": {
        "en": "Option “{option}” belongs to 找朋友: set mode=friends to use it.",
        "zh-CN": "选项“{option}”只用于找朋友：请先设 mode=friends。"},
    "rules.two_decks_only": {
        "en": "Option “{option}={value}” is defined for two decks only, not for {decks}.",
        "zh-CN": "选项“{option}={value}”只适用于两副牌，不能用于 {decks} 副牌。"},
    "rules.shape_unsupported": {
        "en": "Option “{option}={value}” needs two fixed teams of two; it cannot be used with {players} players "
              "in mode {mode}.",
        "zh-CN": "选项“{option}={value}”需要两队固定的两人对家，不能用于 {players} 人的 {mode} 模式。"},
    "rules.seats_not_supported": {
        "en": "Tables here seat {seats} players; {players}-player tables are not offered yet.",
        "zh-CN": "这里的牌桌只有 {seats} 个座位；暂不提供 {players} 人的牌桌。"},
    "rules.friends_not_offered": {
        "en": "找朋友 (mode=friends) is not offered at these tables yet.",
        "zh-CN": "这里的牌桌暂不提供找朋友（mode=friends）。"},
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
    # -- the options themselves ----------------------------------------------------------------------------
    "rules.opt.decks": {"en": "Decks in play (一副 40分, 两副 80分, 三副)", "zh-CN": "用几副牌（一副40分、两副80分、三副）"},
    "rules.opt.players": {"en": "Players at the table (4–8)", "zh-CN": "玩家人数（4–8）"},
    "rules.opt.mode": {"en": "How teams form", "zh-CN": "如何分队"},
    "rules.opt.friends": {"en": "Friends the dealer calls (default: players/2 − 1)",
                          "zh-CN": "庄家叫几个朋友（默认：人数/2 − 1）"},
    "rules.opt.friend_cards": {"en": "Which cards may be called as friends", "zh-CN": "哪些牌可以叫朋友"},
    "rules.opt.double_join": {"en": "A called card played by the dealer's own team", "zh-CN": "庄家一方打出所叫的牌时"},
    "rules.opt.small_team_bonus": {"en": "A dealer's team short of friends gains one more level when it wins",
                                   "zh-CN": "庄家一方人数不足时获胜多升一级"},
    "rules.opt.kitty_size": {"en": "Kitty size (default: by the deck and player count)",
                             "zh-CN": "底牌张数（默认按牌副数和人数）"},
    "rules.val.decks.1": {"en": "one deck (40分, 打百分): singles only", "zh-CN": "一副牌（40分、打百分）：只有单张"},
    "rules.val.decks.2": {"en": "two decks (80分)", "zh-CN": "两副牌（80分）"},
    "rules.val.decks.3": {"en": "three decks: triples, 120 to take over", "zh-CN": "三副牌：有三张，120分上台"},
    "rules.val.decks.4": {"en": "four decks: quadruples, 160 to take over", "zh-CN": "四副牌：有四张，160分上台"},
    **{f"rules.val.players.{n}": {"en": f"{n} players", "zh-CN": f"{n} 人"} for n in range(4, 9)},
    "rules.val.mode.tractor": {"en": "fixed partners (even against odd seats)", "zh-CN": "固定对家（单双座位各一队）"},
    "rules.val.mode.friends": {"en": "找朋友: the dealer calls friends by card", "zh-CN": "找朋友：庄家叫牌找朋友"},
    "rules.val.friend_cards.no_trumps": {"en": "no trumps", "zh-CN": "不能叫主牌"},
    "rules.val.friend_cards.trumps_included": {"en": "any card, trumps too", "zh-CN": "任何牌，主牌也可以"},
    "rules.val.friend_cards.no_highest": {"en": "no trumps and no aces", "zh-CN": "不能叫主牌和A"},
    "rules.val.friend_cards.no_points": {"en": "no trumps and no point cards", "zh-CN": "不能叫主牌和分牌"},
    "rules.val.double_join.consumes": {"en": "fills the call: the team stays smaller",
                                       "zh-CN": "算作已找到：庄家一方少一人"},
    "rules.val.double_join.ignored": {"en": "passes: the next copy played by another player joins",
                                      "zh-CN": "不算：下一张由他人打出的才算"},
}
