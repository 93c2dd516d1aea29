"""Messages of the match outputs: the offline console (``bot.py offline``: seat names, the closing summary) and the
trick log's line for a trick the dealer team kept."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "outputs.offline_summary": {"en": "Offline match: {hands}, {actions} actions, levels {levels}, winners {winners} "
                                        "({seconds} s).",
                                "zh-CN": "离线比赛：{hands}，{actions} 步，级数 {levels}，胜方 {winners}（{seconds} 秒）。"},
    "outputs.seat.0": {"en": "South", "zh-CN": "南"},
    "outputs.seat.1": {"en": "East", "zh-CN": "东"},
    "outputs.seat.2": {"en": "North", "zh-CN": "北"},
    "outputs.seat.3": {"en": "West", "zh-CN": "西"},
    "outputs.seat.n": {"en": "Player {n}", "zh-CN": "{n} 号玩家"},  # tables of 5-8 seats (RULES §13.1)
    "outputs.no_winner": {"en": "none (the match was stopped)", "zh-CN": "无（比赛被中止）"},
    "outputs.describe": {"en": "table {table}: {hands}, {actions} actions, levels {levels}, winners {winners}",
                          "zh-CN": "{table} 号牌桌：{hands}，{actions} 步，级数 {levels}，胜方 {winners}"},
    "outputs.hands": {"en": "{n} hands", "zh-CN": "{n} 局"},
    "outputs.credited": {"en": "credited {a} / {b}", "zh-CN": "累计升级 {a} / {b}"},
    "outputs.hands.one": {"en": "1 hand", "zh-CN": "1 局"},
    "outputs.pictures": {"en": "{count} pictures in {folder} ({seconds} s)",
                          "zh-CN": "{count} 张图片在 {folder}（{seconds} 秒）"},
    "outputs.log_line_kept": {"en": "{n}. {plays} → **{winner}** keeps {points}",
                              "zh-CN": "{n}. {plays} → **{winner}** 保住 {points} 分"},
    "outputs.kept": {"en": "{points} kept", "zh-CN": "保 {points}"},
    # -- the 找朋友 match log (cli.offline.friendslog, RULES §13) ---------------------------------------------
    "outputs.friends.hand": {"en": "Hand {hand} — played at level {level}; dealer {dealer}; levels {levels}",
                             "zh-CN": "第 {hand} 局 — 打 {level}；庄家 {dealer}；级别 {levels}"},
    "outputs.friends.level": {"en": "{name} {level}", "zh-CN": "{name} {level}"},
    "outputs.friends.levels_sep": {"en": ", ", "zh-CN": "，"},
    "outputs.friends.names_sep": {"en": ", ", "zh-CN": "、"},
    "outputs.friends.called": {"en": "  {who} calls friends (找朋友): {calls}", "zh-CN": "  {who} 找朋友：{calls}"},
    "outputs.friends.call": {"en": "copy {ordinal} of {card}", "zh-CN": "第 {ordinal} 张 {card}"},
    "outputs.friends.calls_sep": {"en": "; ", "zh-CN": "；"},
    "outputs.friends.joined": {"en": "  {who} played copy {ordinal} of {card} in trick {trick} and joins the dealer",
                               "zh-CN": "  {who} 在第 {trick} 墩出了第 {ordinal} 张 {card}，成为庄家的朋友"},
    "outputs.friends.team": {"en": "  The dealer's team: {players}", "zh-CN": "  庄家一方：{players}"},
    "outputs.friends.settled": {"en": "  Hand {hand} settled: the defenders ({players}) {points} points ({tricks} from "
                                      "tricks, kitty bonus {bonus})",
                                "zh-CN": "  第 {hand} 局结算：闲家（{players}）共 {points} 分（牌分 {tricks}，抠底 {bonus}）"},
    "outputs.friends.take_over": {"en": "  Why: the defenders reached {points} points and win the hand",
                                  "zh-CN": "  原因：闲家得 {points} 分，赢下这一局"},
    "outputs.friends.hold": {"en": "  Why: the dealer's team held the defenders to {points} points",
                             "zh-CN": "  原因：庄家一方把闲家压在 {points} 分"},
    "outputs.friends.match_over": {"en": "Match over ({why}): {winner} wins; final levels {levels}",
                                   "zh-CN": "比赛结束（{why}）：{winner} 获胜；最终级别 {levels}"},
}
