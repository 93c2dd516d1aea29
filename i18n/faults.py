"""Messages of storage faults (a database that refuses a write, is unreachable, or whose file is gone).
The driver's own text is logged, never shown."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "faults.not_saved": {
        "en": "Your move could not be saved (the bot's database did not answer), so it was not made. "
              "The table is as it was: please try again in a moment.",
        "zh-CN": "这一步未能保存（机器人的数据库没有响应），因此没有生效。牌桌保持原样，请稍后重试。",
    },
    "faults.storage_down": {
        "en": "The bot cannot reach its database right now, so no move can be made. The table is kept as it was "
              "and goes on by itself once the database is back: please try again in a moment.",
        "zh-CN": "机器人暂时无法连接数据库，现在不能出牌。牌桌保持原样，数据库恢复后会自动继续，请稍后重试。",
    },
    "faults.db_gone": {
        "en": "The bot's database file was removed or replaced while the bot was running, so moves are refused "
              "(nothing would be kept). Please tell the bot's operator: it must be restarted.",
        "zh-CN": "机器人运行中数据库文件被删除或替换，因此拒绝出牌（否则不会被保存）。请通知机器人管理员重启机器人。",
    },
}
