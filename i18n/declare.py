"""Messages of the declare domain (亮主/反主) and of hand settlement: key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- declaring (engine.declaring) ---------------------------------------------------------------
    "declare.empty": {"en": "Show at least one card to declare.", "zh-CN": "亮主至少要亮出一张牌。"},
    "declare.not_level_card": {
        "en": "{card} is not a level card (the level is {level}).",
        "zh-CN": "{card} 不是级牌（本局打 {level}）。",
    },
    "declare.not_identical": {
        "en": "{cards} are not identical cards, so they are not a pair.",
        "zh-CN": "{cards} 不是相同的牌，不成对子。",
    },
    "declare.too_many_cards": {
        "en": "A declaration cannot show {count} such cards.",
        "zh-CN": "亮主不能亮出 {count} 张这样的牌。",
    },
    "declare.single_joker": {"en": "A single joker cannot declare.", "zh-CN": "单张王不能亮主。"},
    "declare.joker_with_level": {
        "en": "Jokers cannot declare together with level cards.",
        "zh-CN": "王不能和级牌一起亮主。",
    },
    "declare.too_weak": {
        "en": "That does not overcall the standing declaration {current}.",
        "zh-CN": "这样亮不能反掉已亮的 {current}。",
    },
    "declare.own_declaration": {
        "en": "You cannot overcall your own declaration; you may only reinforce it with the identical card.",
        "zh-CN": "不能反自己亮的主，只能用相同的牌加固。",
    },
    "declare.no_direct_no_trump": {
        "en": "A joker pair cannot be the first declaration; it may only overcall.",
        "zh-CN": "不能直接用对王亮无主，只能用来反主。",
    },
    "declare.needs_joker": {
        "en": "Declare with one joker and level card(s) (带王亮主).",
        "zh-CN": "须带王亮主：一张王加级牌。",
    },
    "declare.one_joker": {
        "en": "A declaration shows exactly one joker.",
        "zh-CN": "亮主只能带一张王。",
    },
    "declare.wrong_joker": {
        "en": "{joker} cannot go with {suit}: the big joker goes with ♥/♦, the small joker with ♠/♣.",
        "zh-CN": "{joker} 不能配 {suit}：大王配红桃、方块，小王配黑桃、梅花。",
    },
    "declare.no_trump_not_allowed": {
        "en": "No trump cannot be declared at this table.",
        "zh-CN": "本桌不能亮无主。",
    },
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
}
