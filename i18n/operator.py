"""Messages of the operator's faults (issue #23): database targets, unreachable servers, damaged, deleted or
replaced database files, failed offline runs and pictures that could not be drawn. key -> {"en", "zh-CN"}."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
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
    "ops.check.pg_ok": {
        "en": "PostgreSQL {server} at {url} at schema version {version}",
        "zh-CN": "PostgreSQL {server}（{url}），结构版本 {version}",
    },
    "ops.check.pg_pending": {
        "en": "PostgreSQL {server} at {url} at schema version {version} of {known}: {pending} migration(s) run on "
              "the next start",
        "zh-CN": "PostgreSQL {server}（{url}）的结构版本为 {version}/{known}：下次启动时将执行 {pending} 个迁移",
    },
    "runtime.picture_unavailable": {
        "en": "The picture could not be drawn just now. Try again in a moment.",
        "zh-CN": "图片暂时无法生成，请稍后再试。",
    },
}
