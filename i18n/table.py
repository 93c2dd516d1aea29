"""Messages of a table in its channel: its thread and live message, status, teams and phases, turn pings, its
pictures, the server's defaults and the limits on open tables."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- errors ------------------------------------------------------------------------------------------
    "table.not_found": {"en": "There is no open table #{table_id}.", "zh-CN": "没有进行中的 {table_id} 号牌桌。"},
    # -- status, teams, thread, phases and the live message
    "table.status.lobby": {"en": "waiting for players", "zh-CN": "等待玩家"},
    "table.status.playing": {"en": "playing", "zh-CN": "进行中"},
    "table.status.finished": {"en": "finished", "zh-CN": "已结束"},
    "table.status.ended": {"en": "closed", "zh-CN": "已关闭"},
    "table.team.0": {"en": "Team A (seats 1 + 3)", "zh-CN": "甲方（1、3 号位）"},
    "table.team.1": {"en": "Team B (seats 2 + 4)", "zh-CN": "乙方（2、4 号位）"},
    "table.thread.name": {"en": "Tractor table {id}", "zh-CN": "双升 第 {id} 桌"},
    "table.thread.welcome": {"en": "Table opened by {host}. Take a seat on the message above; the game is played here.",
                             "zh-CN": "{host} 开了一桌。请在上面的消息中入座，牌局在此帖中进行。"},
    "table.phase.dealing": {"en": "dealing", "zh-CN": "发牌中"},
    "table.phase.declaring": {"en": "declaring", "zh-CN": "亮主中"},
    "table.phase.burying": {"en": "burying", "zh-CN": "扣底中"},
    "table.phase.kitty_overcall": {"en": "kitty overcall", "zh-CN": "炒地皮"},
    "table.phase.playing": {"en": "playing", "zh-CN": "出牌中"},
    "table.phase.hand_over": {"en": "hand over", "zh-CN": "本局结束"},
    "table.phase.match_over": {"en": "match over", "zh-CN": "比赛结束"},
    "table.live.header": {"en": "Table #{id} · hand {hand} · {phase}", "zh-CN": "第 {id} 桌 · 第 {hand} 局 · {phase}"},
    "table.live.friends": {"en": "dealer's team: {team} · to find: {calls}", "zh-CN": "庄家方：{team} · 待找：{calls}"},
    "table.live.team": {"en": "dealer's team: {team}", "zh-CN": "庄家方：{team}"},
    "table.live.turn": {"en": "to act: {names}", "zh-CN": "等待：{names}"},
    "table.list_sep": {"en": ", ", "zh-CN": "、"},  # between names in a list (Chinese takes the enumeration comma)
    "table.live.trick": {"en": "trick {n} · defenders {points}", "zh-CN": "第 {n} 墩 · 闲家 {points} 分"},
    "table.trick.done": {"en": "Trick complete.", "zh-CN": "本墩结束。"},
    "table.trick.won": {"en": "Trick {n} won by {name} (+{points}; defenders {total}).",
                        "zh-CN": "第 {n} 墩由 {name} 赢得（+{points}；闲家共 {total} 分）。"},
    # -- command replies ------------------------------------------------------------------------------
    "table.rules_changed": {"en": "Rules changed: {summary}", "zh-CN": "规则已修改：{summary}"},
    "table.kicked": {"en": "Seat {n} is free again.", "zh-CN": "{n} 号位已清空。"},
    "table.ended": {"en": "Table #{id} is closed.", "zh-CN": "第 {id} 桌已关闭。"},
    "table.notify.on": {"en": "I will DM you when it is your turn on this server (if your DMs are open).",
                        "zh-CN": "轮到你时我会私信提醒（需开启私信）。"},
    "table.notify.off": {"en": "Turn DMs are off.", "zh-CN": "已关闭私信提醒。"},
    "table.config.title": {"en": "Server defaults for new tables:", "zh-CN": "本服务器新牌桌的默认设置："},
    "table.config.anywhere": {"en": "any channel", "zh-CN": "任意频道"},
    "table.config.no_referee_role": {"en": "none (host, organiser or Manage Server)",
                                     "zh-CN": "无（桌主、组织者或管理服务器者）"},
    "table.config.referee_everyone": {"en": "@everyone cannot be the referee role: pick a role of its own.",
                                      "zh-CN": "不能把 @everyone 设为裁判身份组：请选择一个专门的身份组。"},
    "table.image.hand_summary": {"en": "Hand summary", "zh-CN": "本局小结"},
    "table.image.match_summary": {"en": "Match summary", "zh-CN": "比赛总结"},
    "table.image.ladder": {"en": "Ladder", "zh-CN": "排行榜"},
    "table.ping_turn": {"en": "{mentions} your turn", "zh-CN": "{mentions} 轮到你了"},
    "table.limit.guild_tables": {
        "en": "This server already has {limit} open tables. End one before opening another.",
        "zh-CN": "本服务器已有 {limit} 张进行中的牌桌。请先结束一张再开新桌。"},
    "table.limit.hosted": {
        "en": "You already host {limit} open tables. End one before opening another.",
        "zh-CN": "你已经是 {limit} 张进行中牌桌的房主。请先结束一张再开新桌。"},
}
