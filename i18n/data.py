"""Messages of the data layer's errors: the database and its target, files, migrations, backups, shards, records
of tables, tournaments and seasons, a full disk."""

from __future__ import annotations

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
    "data.bad_seat": {"en": "Seat {seat} does not exist (0–{last}).", "zh-CN": "座位 {seat} 不存在（0–{last}）。"},
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
    "data.tournament_not_found": {"en": "Tournament #{tournament_id} does not exist.",
                                  "zh-CN": "比赛 #{tournament_id} 不存在。"},
    "data.bad_tournament_status": {"en": "“{status}” is not a tournament status.", "zh-CN": "“{status}” 不是有效的比赛状态。"},
    "data.fenced": {
        "en": "Table #{table_id} is now run by another bot process; this move was not recorded. Try again.",
        "zh-CN": "牌桌 #{table_id} 已由另一个机器人进程接管，这一步没有记录。请重试。",
    },
    "data.bad_shards": {
        "en": "Shards {shards} do not fit a shard count of {count}.",
        "zh-CN": "分片 {shards} 与分片总数 {count} 不符。",
    },
    "data.file_uri": {
        "en": "TRACTOR_DB / --db {value}: a SQLite URI with a host or options is not supported. Give the file's path "
              "(e.g. /var/lib/tractor/tractor.sqlite3).",
        "zh-CN": "TRACTOR_DB / --db {value}：不支持带主机名或参数的 SQLite URI。请直接写数据库文件的路径"
                 "（例如 /var/lib/tractor/tractor.sqlite3）。"},
    "data.unknown_scheme": {
        "en": "TRACTOR_DB / --db {value}: {scheme}:// is not supported. Use a SQLite file path "
              "(e.g. tractor.sqlite3) or a postgresql://user@host/db URL (password as ?password=…).",
        "zh-CN": "TRACTOR_DB / --db {value}：不支持 {scheme}://。请使用 SQLite 文件路径（如 tractor.sqlite3）"
                 "或 postgresql://用户@主机/数据库 形式的 URL（密码写作 ?password=…）。",
    },
    "data.empty_target": {
        "en": "TRACTOR_DB / --db is empty: give a SQLite file path or a postgresql:// URL.",
        "zh-CN": "TRACTOR_DB / --db 为空：请给出 SQLite 文件路径或 postgresql:// URL。",
    },
    "data.pg_unreachable": {
        "en": "The PostgreSQL server {url} cannot be reached: {error}. Check that it runs and TRACTOR_DB (host, "
              "port, user, password, database), then start again.",
        "zh-CN": "无法连接 PostgreSQL 服务器 {url}：{error}。请确认服务器在运行，并检查 TRACTOR_DB（主机、端口、用户、"
                 "密码、数据库）后重新启动。",
    },
    "data.file_deleted": {
        "en": "{path} was deleted while a bot (process {pids}) still writes to it: every move since is lost when "
              "that bot stops. Stop it, put the latest backup in place (bot.py backup makes one), then start again.",
        "zh-CN": "{path} 已被删除，但机器人（进程 {pids}）仍在写入它：此后的所有出牌会在该进程停止时丢失。"
                 "请停止它，放回最近的备份（bot.py backup 可生成备份），再重新启动。",
    },
    "data.file_replaced": {
        "en": "{path} was replaced while a bot (process {pids}) still writes to the old file: its moves since go to "
              "a file nobody will open again. Stop that bot and start it again on the new file.",
        "zh-CN": "{path} 已被替换，但机器人（进程 {pids}）仍在写入旧文件：此后的出牌写入了一个不会再被打开的文件。"
                 "请停止该机器人，再用新文件重新启动。",
    },
    "data.file_missing": {
        "en": "{path} is missing but {leftovers} remain beside it: the database file was deleted. Put the latest "
              "backup in its place, or remove {leftovers} to start with an empty database.",
        "zh-CN": "{path} 不存在，但旁边还留有 {leftovers}：数据库文件已被删除。请放回最近的备份，"
                 "或删除 {leftovers} 以空数据库启动。",
    },
    "data.corrupt": {
        "en": "{path} is damaged ({detail}): stop the bot and put the latest backup in its place (bot.py backup "
              "makes one; docs/DEPLOY.md, Backups); sqlite3 {path} .recover may save what is left.",
        "zh-CN": "{path} 已损坏（{detail}）：请停止机器人并放回最近的备份（bot.py backup 可生成备份；见 docs/DEPLOY.md"
                 " 的 Backups）；sqlite3 {path} .recover 或可挽救剩余数据。",
    },
    "data.failed": {
        "en": "The database {path} failed: {error}. Run python bot.py check for what to do.",
        "zh-CN": "数据库 {path} 出错：{error}。运行 python bot.py check 查看处理办法。",
    },
    "data.disk_full": {
        "en": "The disk holding {path} is full ({free} free): the write was refused, and what was stored before it "
              "is intact. Free space there (or move TRACTOR_DB to a larger disk), then start again; python bot.py "
              "check measures it.",
        "zh-CN": "{path} 所在的磁盘已满（剩余 {free}）：写入被拒绝，此前已保存的内容完好。请腾出空间（或把 TRACTOR_DB "
                 "移到更大的磁盘）后重新启动；python bot.py check 会测量剩余空间。",
    },
    "data.season_bad_name": {"en": "A season name needs a letter (numbers name seasons by their number).",
                             "zh-CN": "赛季名称需要包含文字（纯数字用作赛季编号）。"},
    "data.season_ends_past": {"en": "The end date must be in the future.", "zh-CN": "结束日期必须在将来。"},
    "data.season_running": {"en": "Season “{season}” is running: end it first with /tractor season end.",
                            "zh-CN": "赛季“{season}”正在进行：请先用 /tractor season end 结束它。"},
    "data.season_name_taken": {"en": "This server already had a season called “{name}”.",
                               "zh-CN": "本服务器已有名为“{name}”的赛季。"},
    "data.season_not_found": {"en": "No season called “{name}” on this server.",
                              "zh-CN": "本服务器没有名为“{name}”的赛季。"},
}
