"""Messages of the strong AI's review of a finished hand in the web table's replay (issue #27)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "web.review": {"en": "AI review", "zh-CN": "AI 点评"},
    "web.review_pending": {"en": "The strong AI is reviewing this hand…", "zh-CN": "强 AI 正在点评本局……"},
    "web.review_count": {"en": "{n} plays where the strong AI would have played otherwise.",
                         "zh-CN": "强 AI 会换一种出法的牌：{n} 手。"},
    "web.review_jump": {"en": "Trick {n}", "zh-CN": "第 {n} 轮"},
    "web.review_mark": {"en": "AI would play {cards}: estimated cost {points} points ({levels} levels)",
                        "zh-CN": "AI 会出 {cards}：估计损失 {points} 分（{levels} 级）"},
    "web.review_no_loss": {"en": "AI would play {cards}: no loss estimated",
                           "zh-CN": "AI 会出 {cards}：估计没有损失"},
    "web.review_in_play": {"en": "The AI review opens once the hand is over.",
                           "zh-CN": "本局结束后才能查看 AI 点评。"},
    "web.review_failed": {"en": "The AI review could not be made; try again later.",
                          "zh-CN": "AI 点评未能完成，请稍后再试。"},
}
