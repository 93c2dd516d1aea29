"""Messages of the records: the ladder (天梯), a player's statistics, the match history and hand replays."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "records.ladder.picture_title": {"en": "Ladder", "zh-CN": "排行榜"},
    "records.unnamed_player": {"en": "unnamed player", "zh-CN": "未具名玩家"},
    "records.ladder.empty": {"en": "No ranked matches yet.", "zh-CN": "还没有计分的比赛。"},
    "records.ladder.title.rating": {"en": "Ladder by rating", "zh-CN": "排行榜（按积分）"},
    "records.ladder.title.level": {"en": "Ladder by level", "zh-CN": "排行榜（按级别）"},
    "records.stats.none": {"en": "{name} has not played a ranked match yet.", "zh-CN": "{name} 还没有计分的比赛。"},
    "records.history.empty": {"en": "No finished matches yet.", "zh-CN": "还没有结束的比赛。"},
    "records.history.title": {"en": "Recent matches:", "zh-CN": "最近的比赛："},
    "records.history.line": {"en": "• table {table}: {a} vs {b} — won by {winner} in {hands} (<t:{ts}:R>)",
                             "zh-CN": "• 第 {table} 桌：{a} 对 {b} —— {winner} 获胜，共 {hands}（<t:{ts}:R>）"},
    "records.ladder.title_shape.rating": {"en": "{shape} · by rating", "zh-CN": "{shape}（按积分）"},
    "records.ladder.title_shape.level": {"en": "{shape} · by level", "zh-CN": "{shape}（按级别）"},
    "records.shape.standard": {"en": "4 players · 2 decks", "zh-CN": "4人 · 2副牌"},
    "records.history.line_friends": {
        "en": "• table {table} (找朋友, Find Friends): {players} — won by {winner} in {hands} (<t:{ts}:R>)",
        "zh-CN": "• 第 {table} 桌（找朋友）：{players} —— {winner} 获胜，共 {hands}（<t:{ts}:R>）"},
    "records.replay.title": {"en": "Replay of table {table}, hand {hand}", "zh-CN": "第 {table} 桌第 {hand} 局回放"},
    "records.replay.trick": {"en": "Trick {n}: {plays} → {winner} (+{points})",
                             "zh-CN": "第 {n} 墩：{plays} → {winner}（+{points}）"},
    "records.ladder.new": {"en": "new", "zh-CN": "新上榜"},
    "records.ladder.note_rating": {"en": "Rating: skill estimate from match results (openskill, μ − 3σ); it rises as you win.",
                                   "zh-CN": "积分：按比赛胜负估计的实力（openskill，μ − 3σ），赢得越多越高。"},
    "records.ladder.note_level": {"en": "Level: ladder level; it climbs with every level your team wins in a hand, "
                                        "and after A a new lap starts at 2.",
                                  "zh-CN": "级别：天梯级别，随每局本队所升的级上升；过 A 后从 2 开始新一圈。"},
    "records.ladder.note_level_friends": {
        "en": "Level: in 找朋友 each player climbs from their own level with every level their side wins in a hand, "
              "and after A a new lap starts at 2.",
        "zh-CN": "级别：找朋友中每人从自己的级别起，随本方赢的级上升；过 A 后从 2 开始新一圈。"},
    "records.replay.in_progress": {
        "en": "This hand is still being played: only the completed tricks are shown.",
        "zh-CN": "这一局还在进行：只显示已经打完的轮次。"},
}
