"""Messages of the storage layer (``data/``): key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
    "data.schema_too_new": {
        "en": "The database schema is version {found}, newer than this bot knows ({known}). Update the bot.",
        "zh-CN": "数据库结构版本为 {found}，比本机器人支持的版本（{known}）更新。请升级机器人。",
    },
    "data.no_folder": {
        "en": "The database folder {folder} does not exist: create it first (it is never created silently).",
        "zh-CN": "数据库所在的文件夹 {folder} 不存在：请先创建它（机器人不会自动创建文件夹）。",
    },
    "data.cannot_open": {
        "en": "Cannot open the database {path} for writing: {error}",
        "zh-CN": "无法以写入方式打开数据库 {path}：{error}",
    },
    "data.backup_no_folder": {
        "en": "The backup's folder {folder} does not exist: create it first (it is never created silently).",
        "zh-CN": "备份文件所在的文件夹 {folder} 不存在：请先创建它（不会自动创建文件夹）。",
    },
    "data.read_only": {
        "en": "Cannot open the database {path} for writing: {file} is read-only for this user. Make it writable for "
              "the bot's user (chown, chmod 600; lsattr / chattr -i for an immutable file; a read-only mount). "
              "Nothing was changed.",
        "zh-CN": "无法以写入方式打开数据库 {path}：{file} 对当前用户只读。请让机器人的用户可以写入它（chown、chmod 600；"
                 "不可变文件用 lsattr / chattr -i；或只读挂载）。未做任何更改。",
    },
    "data.backup_no_source": {
        "en": "There is no database at {path} to back up.",
        "zh-CN": "{path} 处没有可备份的数据库。",
    },
    "data.backup_exists": {
        "en": "{path} already exists: choose a new file name (or pass --force to replace it).",
        "zh-CN": "{path} 已存在：请换一个文件名（或加 --force 覆盖）。",
    },
    "data.backup_failed": {
        "en": "The backup failed: {error}",
        "zh-CN": "备份失败：{error}",
    },
    "data.migration_failed": {
        "en": "Database migration {version} ({name}) failed: {error}",
        "zh-CN": "数据库迁移 {version}（{name}）失败：{error}",
    },
    "data.bad_migration_name": {
        "en": "Migration file “{name}” is not named NNNN_name.sql.",
        "zh-CN": "迁移文件“{name}”的命名不是 NNNN_name.sql。",
    },
    "data.table_not_found": {"en": "Table #{table_id} does not exist.", "zh-CN": "牌桌 #{table_id} 不存在。"},
    "data.bad_table_field": {
        "en": "A table has no field “{field}”.",
        "zh-CN": "牌桌没有字段“{field}”。",
    },
    "data.bad_status": {"en": "“{status}” is not a table status.", "zh-CN": "“{status}” 不是有效的牌桌状态。"},
    "data.bad_mode": {"en": "“{mode}” is not a table mode (live or async).", "zh-CN": "“{mode}” 不是有效的牌桌模式（实时或异步）。"},
    "data.bad_seat": {"en": "Seat {seat} does not exist (0–3).", "zh-CN": "座位 {seat} 不存在（0–3）。"},
    "data.duplicate_action": {
        "en": "Action {seq} of table #{table_id} is already recorded.",
        "zh-CN": "牌桌 #{table_id} 的第 {seq} 步已记录。",
    },
    "data.seq_gap": {
        "en": "Action {seq} of table #{table_id} does not follow the last recorded action {last}.",
        "zh-CN": "牌桌 #{table_id} 的第 {seq} 步没有紧接最后记录的第 {last} 步。",
    },
    "data.hand_not_found": {
        "en": "Table #{table_id} has no hand {hand_number}.",
        "zh-CN": "牌桌 #{table_id} 没有第 {hand_number} 局。",
    },
    "data.bad_export": {"en": "That is not an exported hand.", "zh-CN": "这不是导出的牌局。"},
    "data.unknown_setting": {"en": "Unknown server setting “{setting}”.", "zh-CN": "未知的服务器设置“{setting}”。"},
    "data.bad_setting": {
        "en": "Server setting “{setting}” cannot be {value}.",
        "zh-CN": "服务器设置“{setting}”不能取值 {value}。",
    },
    "data.bad_leaderboard": {
        "en": "A leaderboard is sorted by rating or level, not “{by}”.",
        "zh-CN": "排行榜只能按评分或等级排序，不能按“{by}”。",
    },
    "data.bad_seats": {
        "en": "A table of {players} players needs {players} seats, got {count}.",
        "zh-CN": "{players} 人的牌桌需要 {players} 个座位，实际为 {count}。",
    },
    "data.seat_count": {
        "en": "A table has {low} to {high} seats, got {count}.",
        "zh-CN": "一张牌桌有 {low} 至 {high} 个座位，实际为 {count}。",
    },
    "data.bad_shape": {
        "en": "“{shape}” names no table shape (decks, players, fixed partners or 找朋友).",
        "zh-CN": "“{shape}”不是牌桌形状（副数、人数、固定搭档或找朋友）。",
    },
    "data.closed": {"en": "The database is closed.", "zh-CN": "数据库已关闭。"},
}
