"""Messages of undo (悔牌): its refusals and replies."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- undo ------------------------------------------------------------------------------------------------
    "undo.off": {"en": "This table does not allow undo (the host can open one with /tractor new undo:True).",
                 "zh-CN": "本桌不允许悔牌（桌主可用 /tractor new 悔牌:True 开桌）。"},
    "undo.not_possible": {"en": "Only the latest play of the trick in progress can be taken back, by the player who "
                                "made it (not a failed throw).",
                          "zh-CN": "只能撤回本轮最后一手，且须由出牌者本人提出（甩牌失败不可撤回）。"},
    "undo.reply.requested": {"en": "Asked. Waiting for: {names}.", "zh-CN": "已请求，等待：{names}。"},
    "undo.reply.agreed": {"en": "You agreed to {name}'s undo. Still waiting for: {names}.",
                          "zh-CN": "你已同意 {name} 悔牌，仍在等待：{names}。"},
    "undo.reply.done": {"en": "{name}'s last play is taken back.", "zh-CN": "{name} 的上一手已撤回。"},
}
