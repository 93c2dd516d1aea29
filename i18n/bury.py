"""Messages of the engine's refusals of a bury (扣底).
Raised by the engine and printed by the judge (``engine/judge.py``): these keys never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "bury.wrong_count": {"en": "Bury exactly {size} cards (you chose {count}).",
                         "zh-CN": "必须扣 {size} 张底牌（你选了 {count} 张）。"},
    "bury.not_in_hand": {"en": "You can only bury cards you hold.", "zh-CN": "只能扣你手里的牌。"},
}
