"""Messages of tournaments, second part: round labels (Semi-final, Final…), how a match was decided, the
phone-sized bracket and standings, the console lines of offline runs."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- round labels -------------------------------------------------------------------------------------
    "tournament2.stage.round": {"en": "Round {round}", "zh-CN": "第 {round} 轮"},
    "tournament2.stage.group": {"en": "Groups · round {round}", "zh-CN": "小组赛第 {round} 轮"},
    "tournament2.stage.group_named": {"en": "Group {group} · round {round}", "zh-CN": "{group} 组第 {round} 轮"},
    "tournament2.stage.quarter": {"en": "Quarter-final", "zh-CN": "四分之一决赛"},
    "tournament2.stage.semi": {"en": "Semi-final", "zh-CN": "半决赛"},
    "tournament2.stage.final": {"en": "Final", "zh-CN": "决赛"},
    "tournament2.stage.third_place": {"en": "Third-place match", "zh-CN": "三四名决赛"},
    # -- how a match was decided ----------------------------------------------------------------------------
    "tournament2.how.passed": {"en": "{team} passed {level}", "zh-CN": "{team} 打过 {level}"},
    "tournament2.how.time": {"en": "time up: {team} higher", "zh-CN": "到时：{team} 级高"},
    "tournament2.how.on_stage": {"en": "time up, level tie: {team} on stage", "zh-CN": "到时同级：{team} 台上"},
    "tournament2.how.first": {"en": "time up, level tie: {team} reached it first",
                              "zh-CN": "到时同级：{team} 先升上"},
    "tournament2.how.big_points": {"en": "big points", "zh-CN": "大分"},
    "tournament2.how.forfeit": {"en": "forfeit (弃权)", "zh-CN": "弃权判负"},
    "tournament2.how.judged": {"en": "judged at the levels reached", "zh-CN": "按当前级数判定"},
    "tournament2.how.lot": {"en": "decided by lot", "zh-CN": "抽签决定"},
    "tournament2.how.bye": {"en": "bye: no game this round", "zh-CN": "轮空：本轮不赛"},
    "tournament2.how.games": {"en": "best of three", "zh-CN": "三局两胜"},
    "tournament2.how.draw": {"en": "draw", "zh-CN": "平局"},
    "tournament2.how.playing": {"en": "playing at table #{table}", "zh-CN": "{table} 号牌桌进行中"},
    "tournament2.how.game_of": {"en": "game {game} of 3", "zh-CN": "三局两胜第 {game} 局"},
    "tournament2.how.waiting": {"en": "to play", "zh-CN": "待赛"},
    # -- announcements ------------------------------------------------------------------------------------
    "tournament2.table_opened": {"en": "{stage}: {a} against {b} at table #{table}.",
                                 "zh-CN": "{stage}：{a} 对 {b}，{table} 号牌桌。"},
    "tournament2.stage_game": {"en": "{stage}, game {game} of {best_of}", "zh-CN": "{stage}（{best_of} 局第 {game} 局）"},
    "tournament2.table_ping": {"en": "{players}: your match ({stage}: {a} against {b}) is ready here. Open your hand with the table's buttons.",
                               "zh-CN": "{players}：你们的比赛（{stage}：{a} 对 {b}）在这里开始。请用牌桌的按钮查看手牌。"},
    # -- placings (排位) -----------------------------------------------------------------------------------
    "tournament.opt.third_place": {"en": "third_place", "zh-CN": "三四名决赛"},
    "tournament.opt.third_place.desc": {"en": "The semi-final losers play a third-place match (三四名决赛)",
                                        "zh-CN": "半决赛负者进行三四名决赛"},
    "tournament2.line.third_place": {"en": "Third-place match: the semi-final losers play for 3rd and 4th place.",
                                     "zh-CN": "三四名决赛：半决赛负者争夺第三、四名。"},
    "tournament.opt.rank_levels": {"en": "rank_levels", "zh-CN": "按级别排名"},
    "tournament.opt.rank_levels.desc": {"en": "Teams level on points: the higher level won at ranks first (按级别)",
                                        "zh-CN": "积分相同时，获胜时级数高者名次在前"},
    "tournament2.line.rank_levels": {"en": "Ranking by level: teams level on points go by the highest level they "
                                           "won a game at (获胜时级数最大者列前).",
                                     "zh-CN": "按级别排名：积分相同时，获胜时级数最大者列前。"},
    # -- the draw (抽签) ------------------------------------------------------------------------------------
    "tournament2.draw": {"en": "Draw by lot (抽签, seed {seed}): {order}", "zh-CN": "抽签结果（种子 {seed}）：{order}"},
    "tournament2.draw.group": {"en": "Group {group}: {teams}", "zh-CN": "{group} 组：{teams}"},
    "tournament2.draw.pair": {"en": "{n}. {a} – {b}", "zh-CN": "{n}. {a} 对 {b}"},
    "tournament2.draw.bye": {"en": "{team} (bye)", "zh-CN": "{team}（轮空）"},
    "tournament2.seats": {"en": "Seats at table #{table}, drawn by lot: {seats}",
                          "zh-CN": "{table} 号牌桌座位（抽签）：{seats}"},
    "tournament2.seat": {"en": "{seat} {name}", "zh-CN": "{seat}：{name}"},
    # -- pictures -----------------------------------------------------------------------------------------
    "tournament2.pic.byes": {"en": "Byes", "zh-CN": "轮空"},
    "tournament2.pic.champion": {"en": "champion", "zh-CN": "冠军"},
    "tournament2.pic.out_in": {"en": "out: {stage}", "zh-CN": "止步{stage}"},
    "tournament2.pic.place3": {"en": "third place", "zh-CN": "季军"},
    "tournament2.pic.place4": {"en": "fourth place", "zh-CN": "第四名"},
    "tournament2.pic.more_rounds": {"en": "{count} earlier rounds: /tractor tournament standings",
                                    "zh-CN": "另有 {count} 轮较早的对阵未显示"},
}
