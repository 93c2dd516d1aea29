"""Messages of the referee (裁判): rulings, their commands and their refusals."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- referee commands -------------------------------------------------------------------------------------
    "referee.interested": {"en": "You play in this match, so you may not referee it: ask the host, an organiser "
                                 "or a referee who does not play here.",
                           "zh-CN": "你参加这场比赛，不能担任裁判：请由不参赛的桌主、组织者或裁判来判罚。"},
    "referee.not_seated": {"en": "That player has no seat at this table.", "zh-CN": "该玩家不在这张桌上。"},
    "referee.points_needed": {"en": "Give the penalty's points (5 to 400).", "zh-CN": "请填写罚分（5 到 400）。"},
    "referee.bad_kind": {"en": "Unknown ruling.", "zh-CN": "未知的判罚。"},
    "referee.done": {"en": "Ruling recorded: {ruling} on {a} & {b}.", "zh-CN": "判罚已记录：{a} 和 {b}，{ruling}。"},
    "referee.kind.warning": {"en": "a warning", "zh-CN": "警告"},
    "referee.kind.penalty": {"en": "{points} points to the other side", "zh-CN": "罚 {points} 分给对方"},
    "referee.kind.award": {"en": "the hand awarded to the other team", "zh-CN": "本副判负"},
    "referee.kind.disqualify": {"en": "disqualified", "zh-CN": "取消比赛资格"},
    "referee.cmd.group": {"en": "referee", "zh-CN": "裁判"},
    "referee.cmd.group.desc": {"en": "Referee rulings at this table (host, organiser or manager)",
                               "zh-CN": "本桌裁判判罚（桌主、组织者或管理员）"},
    "referee.cmd.warn": {"en": "warn", "zh-CN": "警告"},
    "referee.cmd.warn.desc": {"en": "A warning to a player's team (警告)", "zh-CN": "给玩家所在队警告"},
    "referee.cmd.penalty": {"en": "penalty", "zh-CN": "罚分"},
    "referee.cmd.penalty.desc": {"en": "Points to the other side in the hand in progress (罚分)",
                                 "zh-CN": "本副牌罚分给对方"},
    "referee.cmd.award": {"en": "award", "zh-CN": "判负"},
    "referee.cmd.award.desc": {"en": "The hand in progress goes to the other team (判负一副)",
                               "zh-CN": "本副牌判该玩家所在队负"},
    "referee.cmd.disqualify": {"en": "disqualify", "zh-CN": "取消资格"},
    "referee.cmd.disqualify.desc": {"en": "Disqualify a player's team: the match is lost (取消比赛资格)",
                                    "zh-CN": "取消玩家所在队的比赛资格，本场判负"},
    "referee.opt.player": {"en": "player", "zh-CN": "玩家"},
    "referee.opt.player.desc": {"en": "A player of the team", "zh-CN": "该队的一名玩家"},
    "referee.opt.points": {"en": "points", "zh-CN": "分数"},
    "referee.opt.points.desc": {"en": "Points to the other side (5–400)", "zh-CN": "罚给对方的分数（5–400）"},
    "referee.opt.table": {"en": "table", "zh-CN": "桌号"},
    "referee.opt.table.desc": {"en": "Table number (default: this thread's)", "zh-CN": "桌号（默认：本帖子的桌）"},
}
