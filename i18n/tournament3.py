"""Messages of tournaments, third part: entry by unit (单位, 限报, kept apart) and duplicate across tables (复式)."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- entry by unit -------------------------------------------------------------------------------------
    "tournament3.unit_needed": {
        "en": "This tournament takes teams by unit (at most {limit} per unit): name your unit's role with `unit:`.",
        "zh-CN": "本赛以单位报名（每单位最多 {limit} 队）：请用 `unit:` 选择你所在单位的身份组。"},
    "tournament3.unit_full": {
        "en": "{unit} already has {limit} teams: at most {limit} teams per unit (限报).",
        "zh-CN": "{unit} 已报 {limit} 队：每单位最多限报 {limit} 队。"},
    "tournament3.unit_everyone": {"en": "@everyone is not a unit: name your club's or school's own role.",
                                  "zh-CN": "@everyone 不是单位：请选择你所在俱乐部或学校的身份组。"},
    "tournament3.not_in_unit": {
        "en": "You and your partner must both hold the role {unit} to enter for it.",
        "zh-CN": "你和搭档都须拥有身份组 {unit} 才能代表该单位报名。"},
    "tournament3.line.unit_limit": {"en": "Entry by unit: at most {limit} teams per unit (限报).",
                                    "zh-CN": "以单位报名：每单位最多限报 {limit} 队。"},
    "tournament3.line.units_apart": {
        "en": "Units kept apart: a unit's teams go to different groups and do not meet in round 1 where the draw "
              "allows it.",
        "zh-CN": "同单位回避：同单位的队伍分在不同小组，且在抽签允许时首轮不相遇。"},
    "tournament.opt.unit": {"en": "unit", "zh-CN": "单位"},
    "tournament.opt.unit.desc": {"en": "Your unit (a club, a school): its server role",
                                 "zh-CN": "你所在的单位（俱乐部、学校）：其服务器身份组"},
    "tournament.opt.unit_limit": {"en": "unit_limit", "zh-CN": "每单位限报"},
    "tournament.opt.unit_limit.desc": {"en": "At most this many teams per unit (a server role; 0: no units)",
                                       "zh-CN": "每单位（服务器身份组）最多报名队数（0：不按单位）"},
    "tournament.opt.units_apart": {"en": "units_apart", "zh-CN": "同单位回避"},
    "tournament.opt.units_apart.desc": {"en": "Keep a unit's teams apart in the group draw and round 1",
                                        "zh-CN": "分组与首轮中同单位队伍互相回避"},
    # -- the declaring window's clock per seat (亮主/反主) ----------------------------------------------------------
    "tournament3.line.declare_clock_none": {"en": "⏱️ Declaring: {seconds} s per seat, then the seat passes.",
                                            "zh-CN": "⏱️ 亮主/反主：每人 {seconds} 秒，超时视为不叫。"},
    "tournament3.line.declare_clock_points": {
        "en": "⏱️ Declaring: {seconds} s per seat, then the seat passes; once the hand has a dealer also {points} "
              "points to the other side (超时罚分).",
        "zh-CN": "⏱️ 亮主/反主：每人 {seconds} 秒，超时视为不叫；有庄家后另罚 {points} 分给对方。"},
    "announce.reminder_declare_none": {"en": "{name}, {seconds} s left to declare or pass, then you pass.",
                                          "zh-CN": "{name}，还有 {seconds} 秒亮主或不叫，超时视为不叫。"},
    "announce.reminder_declare_points": {
        "en": "{name}, {seconds} s left to declare or pass: at time you pass and your team loses {points} points to "
              "the other side (超时罚分).",
        "zh-CN": "{name}，还有 {seconds} 秒亮主或不叫：超时视为不叫，并罚 {points} 分给对方。"},
    "tournament3.declare_passed_none": {"en": "⏱️ {name} did not declare in time: pass.",
                                        "zh-CN": "⏱️ {name} 叫主超时：视为不叫。"},
    "tournament3.declare_passed_points": {
        "en": "⏱️ {name} did not declare in time: pass, and {points} points to the other side (超时罚分).",
        "zh-CN": "⏱️ {name} 叫主超时：视为不叫，并罚 {points} 分给对方。"},
    # -- duplicate across tables ------------------------------------------------------------------------------
    "tournament3.line.cross_tables": {
        "en": "Duplicate across tables (复式): each team is compared, deal by deal, with the teams that held the same "
              "cards at the other tables (big points from the sheet's table).",
        "zh-CN": "复式比较：每副牌与其他牌桌持相同牌的队伍比较（小分按规程换算大分）。"},
    "tournament2.how.cross": {"en": "across tables (复式)", "zh-CN": "复式比较"},
    "tournament3.cross_round": {"en": "Round {round} across tables (复式): {lines}",
                                "zh-CN": "第 {round} 轮复式比较：{lines}"},
    "tournament3.cross_line": {"en": "{team} {score:+d} ({points} big points at its table)",
                               "zh-CN": "{team} {score:+d}（本桌大分 {points}）"},
    "tournament.opt.cross_tables": {"en": "cross_tables", "zh-CN": "复式比较"},
    "tournament.opt.cross_tables.desc": {
        "en": "Duplicate: compare each team with the teams holding its cards at the other tables (复式)",
        "zh-CN": "复式：与其他牌桌持相同牌的队伍比较"},
}
