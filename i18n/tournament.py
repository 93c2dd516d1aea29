"""Messages of tournaments (比赛): errors, stages, draws, how a match was decided, announcements, the bot's
replies and the pictures' labels."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- errors ------------------------------------------------------------------------------------------
    "tournament.four_seats_only": {
        "en": "Tournaments are played at four seats in fixed partnerships with two decks, not {players} players "
              "with {decks} decks or 找朋友: open a /tractor new table for those.",
        "zh-CN": "比赛只用四人固定对家、两副牌，不能是 {players} 人 {decks} 副牌或找朋友：这些请用 /tractor new 开桌。"},
    "tournament.bad_rounds": {"en": "Rounds must be between 0 and {max} (you gave {rounds}).",
                              "zh-CN": "轮数须在 0 到 {max} 之间（你填的是 {rounds}）。"},
    "tournament.bad_option": {"en": "Tournament option {option}: {value} is not valid (from {low} to {high}).",
                              "zh-CN": "比赛选项 {option}：{value} 无效（应为 {low} 到 {high}）。"},
    "tournament.not_for_format": {"en": "Tournament option {option} does not apply to the {format} format.",
                                  "zh-CN": "比赛选项 {option} 不适用于 {format} 赛制。"},
    "tournament.not_in_match": {"en": "That team does not play in this match.", "zh-CN": "该队不在这场比赛中。"},
    "tournament.no_team": {"en": "There is no team #{team} in this tournament.", "zh-CN": "本次比赛没有 {team} 号队伍。"},
    "tournament.no_match": {"en": "There is no match {match}.", "zh-CN": "没有比赛场次 {match}。"},
    "tournament.already_in_team": {"en": "A player is already in a team of this tournament.",
                                   "zh-CN": "有队员已经在本次比赛的另一支队伍中。"},
    "tournament.same_player": {"en": "A team needs two different players.", "zh-CN": "一支队伍需要两名不同的队员。"},
    "tournament.name_taken": {"en": "A team is already called “{name}”.", "zh-CN": "已经有队伍叫“{name}”了。"},
    "tournament.full": {"en": "The tournament is full ({max} teams).", "zh-CN": "报名已满（{max} 支队伍）。"},
    "tournament.not_in_team": {"en": "You are not in a team of this tournament.", "zh-CN": "你不在本次比赛的任何队伍中。"},
    "tournament.not_signup": {"en": "Sign-up is closed: the tournament has started or ended.",
                              "zh-CN": "报名已截止：比赛已经开始或结束。"},
    "tournament.not_running": {"en": "The tournament is not in progress.", "zh-CN": "比赛没有在进行。"},
    "tournament.too_many_rounds": {
        "en": "{rounds} Swiss rounds are too many for {teams} teams: at most {max} (one more and the bye or a repeat"
              " pairing falls to whoever is left, the leader too). Choose fewer rounds (0: the default), or the groups"
              " format for everyone to meet everyone.",
        "zh-CN": "{teams} 支队伍打 {rounds} 轮积分编排太多：最多 {max} 轮（再多则轮空或重复对阵会落到剩下的队伍，包括领先者）。"
                 "请减少轮数（0：默认），或用分组循环赛让每队相遇。"},
    "tournament.too_few_teams": {"en": "At least {min} teams are needed to start.", "zh-CN": "至少需要 {min} 支队伍才能开始。"},
    "tournament.round_open": {"en": "The current round still has matches to play.", "zh-CN": "本轮还有比赛没有结束。"},
    "tournament.match_decided": {"en": "Match {match} is already decided.", "zh-CN": "比赛 {match} 已经有结果了。"},
    "tournament.no_open_match": {"en": "That team has no match in progress.", "zh-CN": "该队目前没有进行中的比赛。"},
    "tournament.not_found": {"en": "There is no tournament #{tournament_id} on this server.",
                             "zh-CN": "本服务器没有 {tournament_id} 号比赛。"},
    "tournament.limit": {"en": "This server already has {limit} open tournaments; finish or cancel one first.",
                         "zh-CN": "本服务器已有 {limit} 场未结束的比赛；请先结束或取消一场。"},
    "tournament.bad_name": {"en": "Give the tournament a name.", "zh-CN": "请给比赛起个名字。"},
    "tournament.partner_needed": {"en": "Join with a partner: this tournament seats no AI partners.",
                                  "zh-CN": "请和搭档一起报名：本次比赛不允许电脑搭档。"},
    "tournament.not_organiser": {"en": "Only the organiser or a server manager can do that.",
                                 "zh-CN": "只有组织者或服务器管理员可以这样做。"},
    # -- announcements ----------------------------------------------------------------------------------
    "tournament.created": {"en": "Tournament “{name}” is open for sign-up.", "zh-CN": "比赛“{name}”开始报名。"},
    "tournament.joined": {"en": "{team} signed up.", "zh-CN": "{team} 已报名。"},
    "tournament.left": {"en": "{team} left the tournament.", "zh-CN": "{team} 退出了比赛。"},
    "tournament.started": {"en": "“{name}” starts: {teams} teams, {format}.", "zh-CN": "“{name}”开始：{teams} 支队伍，{format}。"},
    "tournament.round": {"en": "Round {round} is drawn (matches to play: {matches}).", "zh-CN": "第 {round} 轮抽签完成：{matches} 场比赛。"},
    "tournament.bye": {"en": "{team} has a bye this round.", "zh-CN": "{team} 本轮轮空，直接晋级。"},
    "tournament.game_won": {"en": "{a} {wins_a}–{wins_b} {b} (best of three continues).",
                            "zh-CN": "{a} {wins_a}–{wins_b} {b}（三局两胜，比赛继续）。"},
    "tournament.match_won": {"en": "{winner} wins: {a} against {b} (level difference {diff}).",
                             "zh-CN": "{winner} 获胜：{a} 对 {b}（级差 {diff}）。"},
    "tournament.match_drawn": {"en": "{a} and {b} draw.", "zh-CN": "{a} 与 {b} 战平。"},
    "tournament.forfeit": {"en": "{team} forfeits its match (弃权判负).", "zh-CN": "{team} 弃权判负。"},
    "tournament.replaced": {"en": "{name} now plays for {team}.", "zh-CN": "{name} 替补加入 {team}。"},
    "tournament.advanced": {"en": "The organiser closed round {round}; open matches were judged.",
                            "zh-CN": "组织者结束了第 {round} 轮；未完成的比赛已判定。"},
    "tournament.deadline_passed": {"en": "Round {round}'s deadline passed; open matches were judged.",
                                   "zh-CN": "第 {round} 轮截止时间已到；未完成的比赛已判定。"},
    "tournament.finished": {"en": "“{name}” is over. Champion: {team}!", "zh-CN": "“{name}”结束。冠军：{team}！"},
    "tournament.champion_by_lot": {
        "en": "The champion was decided by lot (抽签): {teams} are level on points, head-to-head and level difference"
              " (places {first}–{last} in this order).",
        "zh-CN": "冠军由抽签决定：{teams} 积分、相互间级差和总级差都相同（按此顺序列第 {first}–{last} 名）。"},
    "tournament.places_by_lot": {
        "en": "Places {first}–{last} were decided by lot (抽签): {teams} are level on points, head-to-head and level"
              " difference.",
        "zh-CN": "第 {first}–{last} 名由抽签决定：{teams} 积分、相互间级差和总级差都相同。"},
    "tournament.cancelled": {"en": "“{name}” was cancelled.", "zh-CN": "“{name}”已取消。"},
    # -- formats ------------------------------------------------------------------------------------------
    "tournament.format.knockout": {"en": "knock-out", "zh-CN": "单淘汰"},
    "tournament.format.swiss": {"en": "Swiss", "zh-CN": "积分编排制"},
    "tournament.format.groups": {"en": "groups, then knock-out", "zh-CN": "分组循环＋淘汰"},
    "tournament.format.duplicate": {"en": "duplicate", "zh-CN": "复式计分"},
    # -- pictures -----------------------------------------------------------------------------------------
    "tournament.pic.bye": {"en": "bye", "zh-CN": "轮空"},
    "tournament.pic.bye_slot": {"en": "— bye —", "zh-CN": "— 轮空 —"},
    "tournament.pic.forfeit": {"en": "w/o", "zh-CN": "弃权"},
    "tournament.pic.playing": {"en": "…", "zh-CN": "进行中"},
    "tournament.pic.group": {"en": "group {group}", "zh-CN": "{group} 组"},
    "tournament.pic.withdrawn": {"en": "withdrawn", "zh-CN": "已退出"},
    "tournament.pic.no_rounds": {"en": "No round drawn yet.", "zh-CN": "还没有抽签。"},
    "tournament.pic.no_teams": {"en": "No team yet.", "zh-CN": "还没有队伍。"},
    "tournament.pic.team": {"en": "Team", "zh-CN": "队伍"},
    "tournament.pic.points": {"en": "Points", "zh-CN": "积分"},
    "tournament.pic.big_points": {"en": "Big points", "zh-CN": "大分"},
    "tournament.pic.record": {"en": "W–D–L", "zh-CN": "胜–平–负"},
    "tournament.pic.level_diff": {"en": "Levels", "zh-CN": "级差"},
    "tournament.pic.points_diff": {"en": "Diff", "zh-CN": "分差"},
    # -- offline ------------------------------------------------------------------------------------------
    "tournament.offline_teams": {"en": "--teams must be between 2 and {max}.", "zh-CN": "--teams 须在 2 到 {max} 之间。"},
    "tournament.offline_done": {"en": "Tournament finished in {seconds} s; pictures in {out}.",
                                "zh-CN": "比赛在 {seconds} 秒内结束；图片在 {out}。"},
    # -- Discord ------------------------------------------------------------------------------------------
    "tournament.none_yet": {"en": "This server has had no tournament yet.", "zh-CN": "本服务器还没有举办过比赛。"},
    "tournament.none_here": {"en": "There is no open tournament on this server.", "zh-CN": "本服务器没有进行中的比赛。"},
    "tournament.bot.title": {"en": "🏆 Tournament #{id} “{name}”", "zh-CN": "🏆 {id} 号比赛“{name}”"},
    "tournament.bot.table_notice": {"en": "Round {round}: {a} against {b} — table #{table}.",
                                    "zh-CN": "第 {round} 轮：{a} 对 {b} —— {table} 号牌桌。"},
    "tournament.bot.thread": {"en": "R{round} {a} v {b}", "zh-CN": "第{round}轮 {a} 对 {b}"},
    "tournament.bot.created": {"en": "Tournament #{id} “{name}” is open: players sign up with /tractor tournament join.",
                               "zh-CN": "{id} 号比赛“{name}”开始报名：用 /双升 比赛 报名 参加。"},
    "tournament.bot.joined": {"en": "{team} is signed up for “{name}”.", "zh-CN": "{team} 已报名“{name}”。"},
    "tournament.bot.invited": {
        "en": "{partner}: {user} asks you to be their partner in “{name}”. To accept, run "
              "`/tractor tournament join partner:` naming {mention}; until then the team is not entered.",
        "zh-CN": "{partner}：{user} 邀请你作为“{name}”的搭档。若同意，请运行 `/tractor tournament join partner:` 并选择 "
                 "{mention}；在此之前队伍不会报名。"},
    "tournament.bot.left": {"en": "Your team left “{name}”.", "zh-CN": "你的队伍已退出“{name}”。"},
    "tournament.bot.started": {"en": "“{name}” has started.", "zh-CN": "“{name}”已开始。"},
    "tournament.bot.forfeited": {"en": "{team} forfeits.", "zh-CN": "{team} 弃权判负。"},
    "tournament.bot.replaced": {"en": "{name} takes the place.", "zh-CN": "{name} 已替补上场。"},
    "tournament.bot.advanced": {"en": "The round of “{name}” is closed.", "zh-CN": "“{name}”本轮已结束。"},
    "tournament.bot.cancelled": {"en": "“{name}” is cancelled.", "zh-CN": "“{name}”已取消。"},
    "tournament.bot.partner_is_bot": {"en": "A bot cannot be a partner.", "zh-CN": "机器人不能做搭档。"},
    "tournament.bot.placing": {"en": "#{rank} of {teams} ({team})", "zh-CN": "{teams} 队中第 {rank}（{team}）"},
    "tournament.bot.placings": {"en": "🏆 Tournaments: {count} played, {wins} won — {list}",
                                "zh-CN": "🏆 比赛：参加 {count} 次，夺冠 {wins} 次 —— {list}"},
    "tournament.bot.sharded": {"en": "Tournaments need the bot to run as one process (not sharded).",
                               "zh-CN": "比赛功能需要机器人以单进程运行（不分片）。"},
    "tournament.bot.no_picture": {"en": "Nothing to show yet.", "zh-CN": "暂时没有可显示的内容。"},
    "tournament.limit_tables": {
        "en": "The first round needs {needed} tables, and this server has {open} open of at most {limit}. "
              "End some tables before starting the tournament.",
        "zh-CN": "第一轮需要 {needed} 张牌桌，而本服务器已有 {open} 张进行中的牌桌（上限 {limit}）。请先结束一些牌桌再开始比赛。"},
    # -- round labels -------------------------------------------------------------------------------------
    "tournament.stage.round": {"en": "Round {round}", "zh-CN": "第 {round} 轮"},
    "tournament.stage.group": {"en": "Groups · round {round}", "zh-CN": "小组赛第 {round} 轮"},
    "tournament.stage.group_named": {"en": "Group {group} · round {round}", "zh-CN": "{group} 组第 {round} 轮"},
    "tournament.stage.quarter": {"en": "Quarter-final", "zh-CN": "四分之一决赛"},
    "tournament.stage.semi": {"en": "Semi-final", "zh-CN": "半决赛"},
    "tournament.stage.final": {"en": "Final", "zh-CN": "决赛"},
    "tournament.stage.third_place": {"en": "Third-place match", "zh-CN": "三四名决赛"},
    # -- how a match was decided ----------------------------------------------------------------------------
    "tournament.how.passed": {"en": "{team} passed {level}", "zh-CN": "{team} 打过 {level}"},
    "tournament.how.time": {"en": "time up: {team} higher", "zh-CN": "到时：{team} 级高"},
    "tournament.how.on_stage": {"en": "time up, level tie: {team} on stage", "zh-CN": "到时同级：{team} 台上"},
    "tournament.how.first": {"en": "time up, level tie: {team} reached it first",
                             "zh-CN": "到时同级：{team} 先升上"},
    "tournament.how.big_points": {"en": "big points", "zh-CN": "大分"},
    "tournament.how.forfeit": {"en": "forfeit (弃权)", "zh-CN": "弃权判负"},
    "tournament.how.judged": {"en": "judged at the levels reached", "zh-CN": "按当前级数判定"},
    "tournament.how.lot": {"en": "decided by lot", "zh-CN": "抽签决定"},
    "tournament.how.bye": {"en": "bye: no game this round", "zh-CN": "轮空：本轮不赛"},
    "tournament.how.games": {"en": "best of three", "zh-CN": "三局两胜"},
    "tournament.how.draw": {"en": "draw", "zh-CN": "平局"},
    "tournament.how.playing": {"en": "playing at table #{table}", "zh-CN": "{table} 号牌桌进行中"},
    "tournament.how.game_of": {"en": "game {game} of 3", "zh-CN": "三局两胜第 {game} 局"},
    "tournament.how.waiting": {"en": "to play", "zh-CN": "待赛"},
    # -- announcements ------------------------------------------------------------------------------------
    "tournament.table_opened": {"en": "{stage}: {a} against {b} at table #{table}.",
                                "zh-CN": "{stage}：{a} 对 {b}，{table} 号牌桌。"},
    "tournament.stage_game": {"en": "{stage}, game {game} of {best_of}", "zh-CN": "{stage}（{best_of} 局第 {game} 局）"},
    "tournament.table_ping": {"en": "{players}: your match ({stage}: {a} against {b}) is ready here. Open your hand with the table's buttons.",
                              "zh-CN": "{players}：你们的比赛（{stage}：{a} 对 {b}）在这里开始。请用牌桌的按钮查看手牌。"},
    "tournament.line.third_place": {"en": "Third-place match: the semi-final losers play for 3rd and 4th place.",
                                    "zh-CN": "三四名决赛：半决赛负者争夺第三、四名。"},
    "tournament.line.rank_levels": {"en": "Ranking by level: teams level on points go by the highest level they "
                                          "won a game at (获胜时级数最大者列前).",
                                    "zh-CN": "按级别排名：积分相同时，获胜时级数最大者列前。"},
    # -- the draw (抽签) ------------------------------------------------------------------------------------
    "tournament.draw": {"en": "Draw by lot (抽签, seed {seed}): {order}", "zh-CN": "抽签结果（种子 {seed}）：{order}"},
    "tournament.draw.group": {"en": "Group {group}: {teams}", "zh-CN": "{group} 组：{teams}"},
    "tournament.draw.pair": {"en": "{n}. {a} – {b}", "zh-CN": "{n}. {a} 对 {b}"},
    "tournament.draw.bye": {"en": "{team} (bye)", "zh-CN": "{team}（轮空）"},
    "tournament.seats": {"en": "Seats at table #{table}, drawn by lot: {seats}",
                         "zh-CN": "{table} 号牌桌座位（抽签）：{seats}"},
    "tournament.seat": {"en": "{seat} {name}", "zh-CN": "{seat}：{name}"},
    # -- pictures -----------------------------------------------------------------------------------------
    "tournament.pic.byes": {"en": "Byes", "zh-CN": "轮空"},
    "tournament.pic.champion": {"en": "champion", "zh-CN": "冠军"},
    "tournament.pic.out_in": {"en": "out: {stage}", "zh-CN": "止步{stage}"},
    "tournament.pic.place3": {"en": "third place", "zh-CN": "季军"},
    "tournament.pic.place4": {"en": "fourth place", "zh-CN": "第四名"},
    "tournament.pic.more_rounds": {"en": "{count} earlier rounds: /tractor tournament standings",
                                   "zh-CN": "另有 {count} 轮较早的对阵未显示"},
    "tournament.sanction_warning": {"en": "🟨 Referee: a warning to {team}.", "zh-CN": "🟨 裁判：{team} 警告一次。"},
    "tournament.sanction_penalty": {"en": "🟥 Referee: {team} lose {points} points to the other side.",
                                    "zh-CN": "🟥 裁判：{team} 罚 {points} 分给对方。"},
    "tournament.sanction_award": {"en": "🟥 Referee: {team} lose a hand (判负一副).",
                                  "zh-CN": "🟥 裁判：{team} 一副牌判负。"},
    "tournament.sanction_disqualify": {"en": "🟥 Referee: {team} are disqualified and withdrawn (取消比赛资格).",
                                       "zh-CN": "🟥 裁判：{team} 被取消比赛资格，退出比赛。"},
    # -- forfeits ----------------------------------------------------------------------------------------------
    "tournament.no_show": {"en": "🚫 {team} did not come within {minutes} min of the start: forfeit (迟到弃权).",
                           "zh-CN": "🚫 {team} 比赛开始 {minutes} 分钟后仍未到场，按弃权处理。"},
    # -- entry by unit -------------------------------------------------------------------------------------
    "tournament.unit_needed": {
        "en": "This tournament takes teams by unit (at most {limit} per unit): name your unit's role with `unit:`.",
        "zh-CN": "本赛以单位报名（每单位最多 {limit} 队）：请用 `unit:` 选择你所在单位的身份组。"},
    "tournament.unit_full": {
        "en": "{unit} already has {limit} teams: at most {limit} teams per unit (限报).",
        "zh-CN": "{unit} 已报 {limit} 队：每单位最多限报 {limit} 队。"},
    "tournament.unit_everyone": {"en": "@everyone is not a unit: name your club's or school's own role.",
                                 "zh-CN": "@everyone 不是单位：请选择你所在俱乐部或学校的身份组。"},
    "tournament.not_in_unit": {
        "en": "You and your partner must both hold the role {unit} to enter for it.",
        "zh-CN": "你和搭档都须拥有身份组 {unit} 才能代表该单位报名。"},
    "tournament.line.unit_limit": {"en": "Entry by unit: at most {limit} teams per unit (限报).",
                                   "zh-CN": "以单位报名：每单位最多限报 {limit} 队。"},
    "tournament.line.units_apart": {
        "en": "Units kept apart: a unit's teams go to different groups and do not meet in round 1 where the draw "
              "allows it.",
        "zh-CN": "同单位回避：同单位的队伍分在不同小组，且在抽签允许时首轮不相遇。"},
    # -- the declaring window's clock per seat (亮主/反主) ----------------------------------------------------------
    "tournament.line.declare_clock_none": {"en": "⏱️ Declaring: {seconds} s per seat, then the seat passes.",
                                           "zh-CN": "⏱️ 亮主/反主：每人 {seconds} 秒，超时视为不叫。"},
    "tournament.line.declare_clock_points": {
        "en": "⏱️ Declaring: {seconds} s per seat, then the seat passes; once the hand has a dealer also {points} "
              "points to the other side (超时罚分).",
        "zh-CN": "⏱️ 亮主/反主：每人 {seconds} 秒，超时视为不叫；有庄家后另罚 {points} 分给对方。"},
    "tournament.declare_passed_none": {"en": "⏱️ {name} did not declare in time: pass.",
                                       "zh-CN": "⏱️ {name} 叫主超时：视为不叫。"},
    "tournament.declare_passed_points": {
        "en": "⏱️ {name} did not declare in time: pass, and {points} points to the other side (超时罚分).",
        "zh-CN": "⏱️ {name} 叫主超时：视为不叫，并罚 {points} 分给对方。"},
    # -- duplicate across tables ------------------------------------------------------------------------------
    "tournament.line.cross_tables": {
        "en": "Duplicate across tables (复式): each team is compared, deal by deal, with the teams that held the same "
              "cards at the other tables (big points from the sheet's table).",
        "zh-CN": "复式比较：每副牌与其他牌桌持相同牌的队伍比较（小分按规程换算大分）。"},
    "tournament.how.cross": {"en": "across tables (复式)", "zh-CN": "复式比较"},
    "tournament.cross_round": {"en": "Round {round} across tables (复式): {lines}",
                               "zh-CN": "第 {round} 轮复式比较：{lines}"},
    "tournament.cross_line": {"en": "{team} {score:+d} ({points} big points at its table)",
                              "zh-CN": "{team} {score:+d}（本桌大分 {points}）"},
}
