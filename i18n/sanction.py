"""Messages of the engine's refusals of a sanction (处罚).
Raised by the engine and printed by the judge (``engine/judge.py``): these keys never change name."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- engine refusals -------------------------------------------------------------------------------------
    "sanction.bad_team": {"en": "There is no team {team} at a table (0: seats 1 & 3, 1: seats 2 & 4).",
                          "zh-CN": "没有第 {team} 队（0：1、3 号座位，1：2、4 号座位）。"},
    "sanction.bad_points": {"en": "A penalty is 0 to 400 points in steps of 5 (you gave {points}).",
                            "zh-CN": "罚分须为 0 到 400 之间 5 的倍数（你填的是 {points}）。"},
    "sanction.no_hand": {"en": "There is no hand in play to take that from (wait for the kitty to be taken).",
                         "zh-CN": "现在没有可以处罚的牌局（请等庄家拿底牌之后）。"},
}
