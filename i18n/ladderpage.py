"""Messages of the public ladder page on the web (天梯, 名人堂): its titles, columns, paging and footer."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "ladderpage.title": {"en": "Ladder · {season}", "zh-CN": "天梯 · {season}"},
    "ladderpage.not_found": {"en": "There is no ladder page here (it may have been turned off).",
                             "zh-CN": "这里没有天梯页面（可能已被关闭）。"},
    "ladderpage.current": {"en": "Current season since {start}{end} · {players} players",
                           "zh-CN": "当前赛季，自 {start} 起{end} · {players} 名玩家"},
    "ladderpage.current_until": {"en": "Current season, {start} to {end} · {players} players",
                                 "zh-CN": "当前赛季，{start} 至 {end} · {players} 名玩家"},
    "ladderpage.archived": {"en": "Archived season, {start} to {end} · {players} players (final standings)",
                            "zh-CN": "已存档赛季，{start} 至 {end} · {players} 名玩家（最终排名）"},
    "ladderpage.laps": {"en": "{level} ({laps}× past A)", "zh-CN": "{level}（过A {laps} 次）"},
    "ladderpage.laps_short": {"en": "{laps}× past A", "zh-CN": "过A {laps} 次"},
    "ladderpage.podium": {"en": "Podium", "zh-CN": "领奖台"},
    "ladderpage.podium_line": {"en": "rating {rating} · level {level} · {won}–{lost}",
                               "zh-CN": "评分 {rating} · 等级 {level} · {won} 胜 {lost} 负"},
    "ladderpage.empty": {"en": "Nobody has played in this season yet.", "zh-CN": "本赛季还没有人打过比赛。"},
    "ladderpage.col.rank": {"en": "#", "zh-CN": "名次"},
    "ladderpage.col.name": {"en": "Player", "zh-CN": "玩家"},
    "ladderpage.col.level": {"en": "Level", "zh-CN": "等级"},
    "ladderpage.col.rating": {"en": "Rating", "zh-CN": "评分"},
    "ladderpage.col.record": {"en": "W–L", "zh-CN": "胜–负"},
    "ladderpage.col.streak": {"en": "Streak", "zh-CN": "连胜"},
    "ladderpage.prev": {"en": "← Previous", "zh-CN": "← 上一页"},
    "ladderpage.next": {"en": "Next →", "zh-CN": "下一页 →"},
    "ladderpage.page": {"en": "Page {page} of {pages}", "zh-CN": "第 {page} / {pages} 页"},
    "ladderpage.hall": {"en": "Hall of fame", "zh-CN": "名人堂"},
    "ladderpage.hall_empty": {"en": "No season has ended yet.", "zh-CN": "尚无赛季结束。"},
    "ladderpage.footer": {"en": "Ratings are conservative estimates (μ − 3σ); levels climb 2 to A and start again.",
                          "zh-CN": "评分为保守估计（μ − 3σ）；等级从 2 升到 A 后重新开始。"},
}
