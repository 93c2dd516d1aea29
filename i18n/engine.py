"""Messages of the engine's errors: key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
    "card.invalid": {"en": "“{card}” is not a card.", "zh-CN": "“{card}” 不是一张牌。"},
    "card.not_in_hand": {"en": "You do not hold {card}.", "zh-CN": "你手里没有 {card}。"},
    "action.invalid": {"en": "That action is malformed.", "zh-CN": "操作格式不正确。"},
    "rules.unknown_preset": {"en": "Unknown preset “{preset}”. Presets: {presets}.",
                             "zh-CN": "未知的规则预设“{preset}”。可用预设：{presets}。"},
    "rules.unknown_option": {"en": "Unknown option “{option}”.", "zh-CN": "未知的选项“{option}”。"},
    "rules.bad_value": {"en": "Option “{option}” cannot be {value}.", "zh-CN": "选项“{option}”不能取值 {value}。"},
    "rules.invalid": {"en": "Rules must be a preset name or an object.", "zh-CN": "规则必须是预设名或对象。"},
    "action.wrong_phase": {"en": "That cannot be done now (phase: {phase}).", "zh-CN": "现在不能这样做（阶段：{phase}）。"},
    "action.not_your_turn": {"en": "It is not your turn.", "zh-CN": "还没轮到你。"},
    "action.match_over": {"en": "The match is over.", "zh-CN": "比赛已经结束。"},
    "action.bad_seat": {"en": "There is no seat {seat}.", "zh-CN": "没有座位 {seat}。"},
    "action.not_timed": {"en": "Only a timed match can be stopped.", "zh-CN": "只有限时比赛可以提前结束。"},
    "declare.not_held": {"en": "You do not hold those cards (yet).", "zh-CN": "你（还）没有这些牌。"},
    "declare.already_passed": {"en": "You have already passed.", "zh-CN": "你已经选择不亮主。"},
    "declare.kitty_overcall_must_overcall": {
        "en": "In 炒地皮 you may only overcall, not reinforce.", "zh-CN": "炒地皮时只能反主，不能加固。"},
    "bury.wrong_count": {"en": "Bury exactly {size} cards (you chose {count}).",
                         "zh-CN": "必须扣 {size} 张底牌（你选了 {count} 张）。"},
    "bury.not_in_hand": {"en": "You can only bury cards you hold.", "zh-CN": "只能扣你手里的牌。"},
}
