"""Messages of the competition procedures: time controls and 超时 penalties, timed rounds, forfeits, table
discipline and the casual aids (记牌器, undo)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- time controls -----------------------------------------------------------------------------------------
    "procedures.bad_time_control": {"en": "Unknown time control “{name}” (known: {known}).",
                                    "zh-CN": "没有“{name}”这种计时规则（可选：{known}）。"},
    "procedures.bad_option": {"en": "The procedure option {name} is out of range.",
                              "zh-CN": "规程选项 {name} 超出范围。"},
    "procedures.clock.none": {"en": "none: turn timeout, then 托管", "zh-CN": "无：超时后托管"},
    "procedures.clock.online": {"en": "online: bury 60 s, play 30 s, then 托管", "zh-CN": "线上：扣底60秒、出牌30秒，超时托管"},
    "procedures.clock.sheet90": {"en": "sheet: bury 90 s, play 30 s, 20 points per timeout",
                                 "zh-CN": "规程：扣底90秒、出牌30秒，超时罚20分"},
    "procedures.clock.sheet60": {"en": "sheet: bury 60 s, lead 20 s, follow 10 s, a warning then 10 points",
                                 "zh-CN": "规程：扣底60秒、领出20秒、跟牌10秒，先警告后罚10分"},
    "procedures.clock.strict15": {"en": "strict: play 15 s, a timeout loses the hand",
                                  "zh-CN": "严格：出牌15秒，超时本副判负"},
    "procedures.clock_line": {"en": "⏱️ Clock: bury {bury} s · lead {lead} s · follow {follow} s · at time: {cost}",
                              "zh-CN": "⏱️ 限时：扣底 {bury} 秒 · 领出 {lead} 秒 · 跟牌 {follow} 秒 · 超时：{cost}"},
    "procedures.cost.none": {"en": "托管 (the AI plays)", "zh-CN": "托管"},
    "procedures.cost.points": {"en": "{points} points to the other side, then 托管",
                               "zh-CN": "罚 {points} 分给对方并托管"},
    "procedures.cost.hand": {"en": "the hand is lost, then 托管", "zh-CN": "本副判负并托管"},
    "procedures.cost.points_warned": {"en": "{warnings} warning(s) per team, then {points} points to the other side",
                                      "zh-CN": "每队先警告 {warnings} 次，之后罚 {points} 分给对方"},
    "procedures.cost.hand_warned": {"en": "{warnings} warning(s) per team, then the hand is lost",
                                    "zh-CN": "每队先警告 {warnings} 次，之后本副判负"},
    "procedures.line.notice": {"en": "⏰ A notice {minutes} min before time (the 55-minute notice)",
                               "zh-CN": "⏰ 时间到前 {minutes} 分钟提醒"},
    "procedures.line.one_more": {"en": "⏰ At time: finish the hand in progress, then one more (再打1副牌)",
                                 "zh-CN": "⏰ 时间到：打完手中的牌，再打1副牌"},
    "procedures.line.sheet_tie": {"en": "⚖️ Level at time: a draw in group play / Swiss, an extra hand (加赛) in "
                                        "the knock-out",
                                  "zh-CN": "⚖️ 时间到同级：循环赛/积分赛记平局，淘汰赛加赛"},
    "procedures.line.locked_roster": {"en": "🔒 Rosters locked: no substitutes (不得换人)",
                                      "zh-CN": "🔒 不得换人"},
    "procedures.line.discipline": {"en": "🤐 Competition discipline: no table talk, no earlier tricks, no kitty "
                                         "once play starts",
                                   "zh-CN": "🤐 比赛纪律：禁止说话，不看前轮牌，开始出牌后不得再看底牌"},
    "procedures.line.no_show": {"en": "🚫 A team absent {minutes} min after the start forfeits (迟到弃权)",
                                "zh-CN": "🚫 比赛开始后 {minutes} 分钟未到场按弃权处理"},
    "procedures.sanction_line": {"en": "🟥 {team}: −{points} points · {warnings} warning(s) · {hands} hand(s) lost {out}",
                                 "zh-CN": "🟥 {team}：罚 {points} 分 · 警告 {warnings} 次 · 判负 {hands} 副 {out}"},
    "procedures.out": {"en": "· disqualified", "zh-CN": "· 取消资格"},
    "procedures.roster_locked": {"en": "Rosters are locked in this tournament: no substitutes (不得换人).",
                                 "zh-CN": "本次比赛不得换人。"},
    # -- discipline and the casual aids -------------------------------------------------------------------
    "procedures.talk_removed": {"en": "Table talk is off during a hand at table #{table} (比赛纪律): your message "
                                      "was removed.",
                                "zh-CN": "第 {table} 桌牌局进行中禁止说话（比赛纪律）：你的消息已被删除。"},
    "procedures.talk_off": {"en": "🤐 Table talk is off during a hand (比赛纪律): a message was removed.",
                            "zh-CN": "🤐 牌局进行中禁止说话（比赛纪律）：已删除一条消息。"},
    "procedures.line.card_counter": {"en": "🧮 Card counter (记牌器): what each suit has left, in the panel",
                                     "zh-CN": "🧮 记牌器：面板中显示各花色剩余牌"},
    "procedures.line.undo": {"en": "↩️ Undo of one's last play, with the other players' consent",
                             "zh-CN": "↩️ 经其他玩家同意可悔牌（撤回上一手）"},
    "procedures.counter": {"en": "🧮 Still out (记牌器): {suits}", "zh-CN": "🧮 记牌器（未出且不在你手中）：{suits}"},
    "procedures.counter_suit": {"en": "{suit} {n} ({top})", "zh-CN": "{suit} {n} 张（{top}）"},
    "procedures.trumps": {"en": "trumps", "zh-CN": "主牌"},
}
