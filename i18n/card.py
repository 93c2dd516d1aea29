"""Messages of cards: the engine's refusals of a card and the jokers' names.
``card.invalid`` and ``card.not_in_hand`` are raised by the engine and printed by the judge: they never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "card.invalid": {"en": "“{card}” is not a card.", "zh-CN": "“{card}” 不是一张牌。"},
    "card.not_in_hand": {"en": "You do not hold {card}.", "zh-CN": "你手里没有 {card}。"},
    # -- the jokers' names
    "card.name.SJ": {"en": "Small joker", "zh-CN": "小王"},
    "card.name.BJ": {"en": "Big joker", "zh-CN": "大王"},
}
