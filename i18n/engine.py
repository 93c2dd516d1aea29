"""Messages of the engine's errors: key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
    "card.invalid": {"en": "“{card}” is not a card.", "zh-CN": "“{card}” 不是一张牌。"},
    "card.not_in_hand": {"en": "You do not hold {card}.", "zh-CN": "你手里没有 {card}。"},
    "action.invalid": {"en": "That action is malformed.", "zh-CN": "操作格式不正确。"},
    "rules.unknown_preset": {"en": "Unknown preset “{preset}”.", "zh-CN": "未知的规则预设“{preset}”。"},
    "rules.unknown_option": {"en": "Unknown option “{option}”.", "zh-CN": "未知的选项“{option}”。"},
    "rules.bad_value": {"en": "Option “{option}” cannot be {value}.", "zh-CN": "选项“{option}”不能取值 {value}。"},
    "rules.invalid": {"en": "Rules must be a preset name or an object.", "zh-CN": "规则必须是预设名或对象。"},
}
