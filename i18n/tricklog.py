"""Messages of the trick log (出牌记录): the quiet thread's log and the offline match log."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # the quiet thread
    "tricklog.title": {"en": "**Tricks · hand {hand}**", "zh-CN": "**第 {hand} 局 · 出牌记录**"},
    "tricklog.line": {"en": "{n}. {plays} → **{winner}** +{points}", "zh-CN": "{n}. {plays} → **{winner}** +{points}"},
    "tricklog.lead": {"en": "▸", "zh-CN": "▸"},  # not ▶ (an emoji on Discord)
    "tricklog.throw_tag": {"en": "throw", "zh-CN": "甩牌"},
    "tricklog.forced": {"en": "failed throw of {cards}; penalty {penalty}", "zh-CN": "甩牌失败：{cards}，罚 {penalty} 分"},
    # the offline match log
    "tricklog.team": {"en": "{team} ({players})", "zh-CN": "{team}（{players}）"},
    "tricklog.seat": {"en": "{name} ({team})", "zh-CN": "{name}（{team}）"},
    "tricklog.hand": {"en": "Hand {hand} — played at level {level}; dealer {dealer}; levels Team A {a}, Team B {b}",
                      "zh-CN": "第 {hand} 局 — 打 {level}；庄家 {dealer}；级别 甲方 {a}，乙方 {b}"},
    "tricklog.declared": {"en": "  {who} {how} {cards} (trump {trump})", "zh-CN": "  {who} {how} {cards}（主 {trump}）"},
    "tricklog.trump": {"en": "  Trump {trump}; dealer {dealer}", "zh-CN": "  主 {trump}；庄家 {dealer}"},
    "tricklog.redeal": {"en": "  Redeal ({reason})", "zh-CN": "  重新发牌（{reason}）"},
    "tricklog.throw_failed": {"en": "  Failed throw by {who}: tried {attempted}, forced to play {forced}; "
                                    "defenders {penalty}",
                              "zh-CN": "  {who} 甩牌失败：想甩 {attempted}，改出 {forced}；闲家 {penalty} 分"},
    "tricklog.trick": {"en": "  Trick {n}: {who} wins {points} points (defenders {total})",
                       "zh-CN": "  第 {n} 墩：{who} 赢 {points} 分（闲家共 {total} 分）"},
    "tricklog.settled": {"en": "  Hand {hand} settled: {team}, the defenders, {points} points "
                               "({tricks} from tricks, kitty bonus {bonus})",
                         "zh-CN": "  第 {hand} 局结算：闲家 {team} 共 {points} 分（牌分 {tricks}，抠底 {bonus}）"},
    "tricklog.kitty": {"en": "  Kitty {cards}: {points} points × {multiplier} (last trick won by {winner})",
                       "zh-CN": "  底牌 {cards}：{points} 分 × {multiplier}（末墩由 {winner} 赢得）"},
    "tricklog.take_over": {"en": "  Why: the defenders {defenders} reached {points} points, so they take over the deal",
                           "zh-CN": "  原因：闲家 {defenders} 得 {points} 分，上台坐庄"},
    "tricklog.hold": {"en": "  Why: the dealers {dealers} held the defenders to {points} points and keep the deal",
                      "zh-CN": "  原因：庄家 {dealers} 把闲家压在 {points} 分，继续坐庄"},
    "tricklog.level_change": {"en": "  {team}: {before} → {after} ({gain:+d})",
                              "zh-CN": "  {team}：{before} → {after}（{gain:+d}）"},
    "tricklog.how.declare": {"en": "declares", "zh-CN": "亮主"},
    "tricklog.how.overcall": {"en": "overcalls", "zh-CN": "反主"},
    "tricklog.how.reinforce": {"en": "reinforces", "zh-CN": "加固"},
    "tricklog.no_dealer": {"en": "decided by the first declaration (抢庄)", "zh-CN": "由亮主决定（抢庄）"},
    "tricklog.throw": {"en": "  {who} throws (甩牌) {cards}", "zh-CN": "  {who} 甩牌 {cards}"},
    "tricklog.kitty_kept": {"en": "  Kitty {cards}: {points} points, not counted (the dealers won the last trick, by "
                                  "{winner})",
                            "zh-CN": "  底牌 {cards}：{points} 分，不计（末墩由庄家 {winner} 赢得）"},
    "tricklog.match_over": {"en": "Match over ({why}): {result}; final levels Team A {a}, Team B {b}",
                            "zh-CN": "比赛结束（{why}）：{result}；最终级别 甲方 {a}，乙方 {b}"},
    "tricklog.match_over_credits": {"en": "Match over ({why}): {result}; levels credited Team A {a}, Team B {b}",
                                    "zh-CN": "比赛结束（{why}）：{result}；累计升级 甲方 {a}，乙方 {b}"},
    "tricklog.wins": {"en": "{team} wins", "zh-CN": "{team} 获胜"},
    "tricklog.drawn": {"en": "a draw", "zh-CN": "平局"},
    "tricklog.why.passed_end_level": {"en": "a team won as dealers at the end level", "zh-CN": "一方在终点级坐庄获胜"},
    "tricklog.why.fixed_deals_done": {"en": "every deal is played", "zh-CN": "所有牌副已打完"},
    "tricklog.why.time_up": {"en": "time was called", "zh-CN": "时间到"},
    "tricklog.why.disqualified": {"en": "a team was disqualified", "zh-CN": "一方被取消比赛资格"},
    "tricklog.hand_deal": {"en": "Deal {hand} — played at level {level}; dealer {dealer} (duplicate: each deal's levels "
                                 "are credited, the teams do not climb)",
                           "zh-CN": "第 {hand} 副 — 打 {level}；庄家 {dealer}（复式：每副只记升级数，双方不爬级）"},
    "tricklog.credited": {"en": "  {team}: {gain:+d} credited (total {total})",
                          "zh-CN": "  {team}：记 {gain:+d} 级（累计 {total}）"},
    "tricklog.hand_limit": {"en": "The hand limit (--hands {hands}) is reached: the match is stopped without a winner.",
                            "zh-CN": "已到局数上限（--hands {hands}）：比赛中止，没有胜方。"},
    "tricklog.hand_limit_timed": {
        "en": "The hand limit (--hands {hands}) is reached: time is called; the hand in progress is finished and the "
              "timed rule names the winner.",
        "zh-CN": "已到局数上限（--hands {hands}）：计时结束；打完当前一局后按限时规则判定胜方。"},
    # -- the match log ----------------------------------------------------------------------------------------
    "tricklog.warning": {"en": "  ⚠ {team}: warning ({why})", "zh-CN": "  ⚠ {team}：警告（{why}）"},
    "tricklog.penalty": {"en": "  ⚠ {team}: {points} points to the other side ({why})",
                         "zh-CN": "  ⚠ {team}：罚 {points} 分给对方（{why}）"},
    "tricklog.hand_awarded": {"en": "  ⚠ Hand {hand} awarded to {team} ({why})",
                              "zh-CN": "  ⚠ 第 {hand} 副牌判 {team} 胜（{why}）"},
    "tricklog.disqualified": {"en": "  ⚠ {team} disqualified", "zh-CN": "  ⚠ {team} 被取消比赛资格"},
    "tricklog.why.timeout": {"en": "time, 超时", "zh-CN": "超时"},
    "tricklog.why.referee": {"en": "referee, 裁判", "zh-CN": "裁判"},
}
