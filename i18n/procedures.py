"""Messages of the competition procedures (#26): time controls and 超时 penalties, referee sanctions, timed
rounds, forfeits, table discipline and the casual aids (记牌器, undo)."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- engine refusals -------------------------------------------------------------------------------------
    "sanction.bad_team": {"en": "There is no team {team} at a table (0: seats 1 & 3, 1: seats 2 & 4).",
                          "zh-CN": "没有第 {team} 队（0：1、3 号座位，1：2、4 号座位）。"},
    "sanction.bad_points": {"en": "A penalty is 0 to 400 points in steps of 5 (you gave {points}).",
                            "zh-CN": "罚分须为 0 到 400 之间 5 的倍数（你填的是 {points}）。"},
    "sanction.no_hand": {"en": "There is no hand in play to take that from (wait for the kitty to be taken).",
                         "zh-CN": "现在没有可以处罚的牌局（请等庄家拿底牌之后）。"},
    # -- time controls -----------------------------------------------------------------------------------------
    "procedures.bad_time_control": {"en": "Unknown time control “{name}” (known: {known}).",
                                    "zh-CN": "没有“{name}”这种计时规则（可选：{known}）。"},
    "procedures.bad_option": {"en": "The procedure option {name} is out of range.",
                              "zh-CN": "规程选项 {name} 超出范围。"},
    "announce.reminder_warning": {
        "en": "{name}, {seconds} s left: at time your team gets a warning (超时警告) and the AI plays for you.",
        "zh-CN": "{name}，还有 {seconds} 秒：超时将给予警告，并由 AI 托管。"},
    "announce.reminder_points": {
        "en": "{name}, {seconds} s left: at time your team loses {points} points to the other side (超时罚分) "
              "and the AI plays for you.",
        "zh-CN": "{name}，还有 {seconds} 秒：超时将罚 {points} 分给对方，并由 AI 托管。"},
    "announce.reminder_hand": {
        "en": "{name}, {seconds} s left: at time your team loses this hand (超时判负) and the AI plays for you.",
        "zh-CN": "{name}，还有 {seconds} 秒：超时本副牌判负，并由 AI 托管。"},
    "announce.warning_timeout": {"en": "⏱️ Time: {a} & {b} get a warning (超时警告).",
                                 "zh-CN": "⏱️ 超时：{a} 和 {b} 警告一次。"},
    "announce.penalty_timeout": {
        "en": "⏱️ Time: {a} & {b} lose {points} points to the other side (超时罚分); defenders' points now {total}.",
        "zh-CN": "⏱️ 超时：{a} 和 {b} 罚 {points} 分给对方；闲家现有 {total} 分。"},
    "announce.hand_awarded_timeout": {"en": "⏱️ Time: hand {hand} goes to {a} & {b} (超时判负).",
                                      "zh-CN": "⏱️ 超时：第 {hand} 副牌判 {a} 和 {b} 胜。"},
    # -- referee ----------------------------------------------------------------------------------------------
    "announce.warning_referee": {"en": "🟨 Referee: a warning to {a} & {b} (警告).",
                                 "zh-CN": "🟨 裁判：{a} 和 {b} 警告一次。"},
    "announce.penalty_referee": {
        "en": "🟥 Referee: {a} & {b} lose {points} points to the other side (罚分); defenders' points now {total}.",
        "zh-CN": "🟥 裁判：{a} 和 {b} 罚 {points} 分给对方；闲家现有 {total} 分。"},
    "announce.hand_awarded_referee": {"en": "🟥 Referee: hand {hand} is awarded to {a} & {b} (判负一副).",
                                      "zh-CN": "🟥 裁判：第 {hand} 副牌判 {a} 和 {b} 胜。"},
    "announce.disqualified": {"en": "🟥 Referee: {a} & {b} are disqualified (取消比赛资格).",
                              "zh-CN": "🟥 裁判：{a} 和 {b} 被取消比赛资格。"},
    # -- the match log ----------------------------------------------------------------------------------------
    "ux.log.warning": {"en": "  ⚠ {team}: warning ({why})", "zh-CN": "  ⚠ {team}：警告（{why}）"},
    "ux.log.penalty": {"en": "  ⚠ {team}: {points} points to the other side ({why})",
                       "zh-CN": "  ⚠ {team}：罚 {points} 分给对方（{why}）"},
    "ux.log.hand_awarded": {"en": "  ⚠ Hand {hand} awarded to {team} ({why})",
                            "zh-CN": "  ⚠ 第 {hand} 副牌判 {team} 胜（{why}）"},
    "ux.log.disqualified": {"en": "  ⚠ {team} disqualified", "zh-CN": "  ⚠ {team} 被取消比赛资格"},
    "ux.log.why.timeout": {"en": "time, 超时", "zh-CN": "超时"},
    "ux.log.why.referee": {"en": "referee, 裁判", "zh-CN": "裁判"},
    "announce.hand_sanctions": {"en": "Penalties in hand {hand} — points lost (warnings/hands lost): {totals}",
                                "zh-CN": "第 {hand} 副牌罚则——罚分（警告/判负副数）：{totals}"},
    "announce.match_sanctions": {"en": "Penalties in this match — points lost (warnings/hands lost): {totals}",
                                 "zh-CN": "本场罚则——罚分（警告/判负副数）：{totals}"},
    # -- commands and choices ---------------------------------------------------------------------------------
    "cmd.opt.clock": {"en": "clock", "zh-CN": "计时"},
    "cmd.opt.clock.desc": {"en": "Time control per phase and its 超时 penalty (the seed sheets' presets)",
                           "zh-CN": "各阶段限时及超时罚则（规程预设）"},
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
    "tournament.opt.clock": {"en": "clock", "zh-CN": "计时"},
    "tournament.opt.clock.desc": {"en": "Time control per phase and its 超时 penalty", "zh-CN": "各阶段限时及超时罚则"},
}
