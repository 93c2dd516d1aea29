"""Messages of declaring (亮主): the engine's refusals of a declaration, an overcall or a face-down declaration.
Raised by the engine and printed by the judge (``engine/judge.py``): these keys never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "declare.not_held": {"en": "You do not hold those cards (yet).", "zh-CN": "你（还）没有这些牌。"},
    "declare.already_passed": {"en": "You have already passed.", "zh-CN": "你已经选择不亮主。"},
    "declare.kitty_overcall_must_overcall": {
        "en": "In 炒地皮 you may only overcall, not reinforce.", "zh-CN": "炒地皮时只能反主，不能加固。"},
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
    # -- refusals (engine.declaring, engine.rounds) --------------------------------------------------
    "declare.no_trump_never": {
        "en": "Joker pairs never declare at this table (no trump cannot be called).",
        "zh-CN": "本桌不能用对王亮主或反主（不能反无主）。",
    },
    "declare.no_trump_first_hand": {
        "en": "In the first hand a joker pair cannot be the first declaration; it may only overcall, and does not take the deal.",
        "zh-CN": "第一局对王不能首先亮主，只能反主，且一对王不能反庄。",
    },
    "declare.swap_team_first": {
        "en": "Only the team due to deal may make the first declaration now; you may overcall once they have declared.",
        "zh-CN": "现在只有该坐庄的一方可以首先亮主；对方亮主后你才可以反主。",
    },
    "declare.concealed_round_over": {
        "en": "A joker pair has been shown: nothing can be declared any more this hand.",
        "zh-CN": "已有人亮出对王，本局不能再亮主或反主。",
    },
    "declare.concealed_after_bury": {
        "en": "After the first hand, overcalls are made only once the kitty is buried.",
        "zh-CN": "第一局之后，只能在庄家扣好底牌后反主。",
    },
    "declare.concealed_needs_pair": {
        "en": "A face-down overcall needs a pair of identical level cards or a joker pair.",
        "zh-CN": "暗反须用一对相同的级牌或一对王。",
    },
    "declare.concealed_repeat": {
        "en": "You have already put these very cards face down this hand.",
        "zh-CN": "这几张牌本局已经暗扣过了。",
    },
    "declare.no_trump_only": {
        "en": "After the bury only a stronger joker pair (no trump) may overcall.",
        "zh-CN": "扣底后只能用更大的对王反无主。",
    },
}
