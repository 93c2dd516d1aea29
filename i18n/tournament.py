"""Messages of tournaments (比赛): errors, announcements, the bot's replies and the pictures' labels."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- errors ------------------------------------------------------------------------------------------
    "tournament.bad_rounds": {"en": "Rounds must be between 0 and {max} (you gave {rounds}).",
                              "zh-CN": "轮数须在 0 到 {max} 之间（你填的是 {rounds}）。"},
    "tournament.bad_option": {"en": "That tournament option is not valid.", "zh-CN": "比赛选项无效。"},
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
    "tournament.too_few_teams": {"en": "At least {min} teams are needed to start.", "zh-CN": "至少需要 {min} 支队伍才能开始。"},
    "tournament.round_open": {"en": "The current round still has matches to play.", "zh-CN": "本轮还有比赛没有结束。"},
    "tournament.match_decided": {"en": "Match {match} is already decided.", "zh-CN": "比赛 {match} 已经有结果了。"},
    "tournament.no_open_match": {"en": "That team has no match in progress.", "zh-CN": "该队目前没有进行中的比赛。"},
}
