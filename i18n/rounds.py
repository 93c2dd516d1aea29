"""Messages of the v2 declaring rounds (暗扣暗反, 换庄, 反无主, 一对王不能反庄): key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
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
    # -- public announcements (runtime.announce.events) ---------------------------------------------------------
    "announce.declared_concealed": {
        "en": "{name} declared face down.",
        "zh-CN": "{name} 暗扣亮主。",
    },
    "announce.overcall_concealed": {
        "en": "{name} overcalled face down.",
        "zh-CN": "{name} 暗反。",
    },
    "announce.declarations_revealed": {
        "en": "The face-down declarations are turned up: {shown}. Trump: {trump}.",
        "zh-CN": "暗扣的牌翻开：{shown}。主：{trump}。",
    },
    "announce.revealed_one": {"en": "{name} {cards}", "zh-CN": "{name} {cards}"},
    "announce.declaring_closed_concealed": {
        "en": "Declaring is over: {dealer} deals; the trump stays face down until the round after the bury ends.",
        "zh-CN": "亮主结束：{dealer} 坐庄；主牌暗扣，扣底后的反主轮结束时翻开。",
    },
    "announce.swap_window": {
        "en": "Nobody on the team due to deal declared: {a} and {b} may now declare with their own level {level}, in turn (whoever declares deals).",
        "zh-CN": "庄家方无人亮主：换庄，{a}、{b} 依次可用本方级牌 {level} 亮主（谁亮主谁坐庄）。",
    },
    "announce.swap_dealer": {
        "en": "{name} declared and takes the deal at level {level}; overcalls are open.",
        "zh-CN": "{name} 亮主坐庄，打 {level}；可以反主。",
    },
    "announce.kitty_round": {
        "en": "The kitty is buried: {name} may overcall (and re-bury) or pass.",
        "zh-CN": "底牌已扣好：{name} 可以反主（并重新扣底）或不反。",
    },
    "announce.kitty_round_concealed": {
        "en": "The kitty is buried: overcalls are made face down, in turn from {name}.",
        "zh-CN": "底牌已扣好：从 {name} 开始依次表态，暗反。",
    },
    "announce.kitty_round_no_trump": {
        "en": "The kitty is buried: one round from {name} to the dealer, only a stronger joker pair may overcall (no trump).",
        "zh-CN": "底牌已扣好：从 {name} 起到庄家一轮，只能用更大的对王反无主。",
    },
    "announce.turn_swap": {
        "en": "{name}, your team may now declare with its own level {level} (whoever declares deals), or pass.",
        "zh-CN": "{name}，换庄：你方可用本方级牌 {level} 亮主（谁亮主谁坐庄），或不亮。",
    },
    "announce.turn_concealed": {
        "en": "{name}, overcall face down from your panel (only you see your cards), or pass.",
        "zh-CN": "{name}，请在你的私人面板暗反（只有你能看到所扣的牌），或不反。",
    },
    "render.face_down": {"en": "Face down", "zh-CN": "暗扣"},
    # -- the private panel (cogs.panel_view) -------------------------------------------------------------
    "bot.panel.concealed_mine": {
        "en": "Face down by you: {cards} (only you can see them).",
        "zh-CN": "你暗扣的牌：{cards}（只有你能看到）。",
    },
    "bot.panel.declared_concealed": {
        "en": "Declared face down: {cards}. The others only see that you declared.",
        "zh-CN": "已暗扣：{cards}。其他人只知道你亮了主。",
    },
    "bot.panel.swap_window": {
        "en": "Second window (换庄): your team may declare with its own level {level}; whoever declares deals.",
        "zh-CN": "换庄：你方可用本方级牌 {level} 亮主，谁亮主谁坐庄。",
    },
    "bot.panel.concealed_standing": {
        "en": "{name} declared face down (hidden until the round after the bury ends).",
        "zh-CN": "{name} 已暗扣亮主（扣底后的反主轮结束时翻开）。",
    },
    "bot.panel.no_trump_round": {
        "en": "One round after the bury: only a stronger joker pair (no trump) may overcall, or pass.",
        "zh-CN": "扣底后一轮：只能用更大的对王反无主，或不反。",
    },
    "bot.panel.concealed_round": {
        "en": "Overcall face down with a pair of level cards or a joker pair (no size order), or pass.",
        "zh-CN": "可用一对级牌或一对王暗反（无大小顺序），或不反。",
    },
}
