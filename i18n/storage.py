"""Messages of the operator's storage: the web secret's file, free space on the database's and the output's
filesystems. key -> {"en", "zh-CN"}."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "web.secret_file": {
        "en": "The web secret file {path} cannot be read or created ({error}). Make its folder writable for the "
              "bot's user, set TRACTOR_WEB_SECRET_FILE to a writable place (the data folder), or set "
              "TRACTOR_WEB_SECRET.",
        "zh-CN": "无法读取或创建网页密钥文件 {path}（{error}）。请让机器人的用户可写其所在文件夹，或把 "
                 "TRACTOR_WEB_SECRET_FILE 设为可写的位置（数据文件夹），或直接设置 TRACTOR_WEB_SECRET。",
    },
    "ops.check.web_secret": {"en": "web secret", "zh-CN": "网页密钥"},
    "ops.check.web_off": {
        "en": "the web table is not served (TRACTOR_WEB_PORT unset)",
        "zh-CN": "未提供网页牌桌（未设置 TRACTOR_WEB_PORT）",
    },
    "ops.check.web_secret_env": {"en": "TRACTOR_WEB_SECRET is set", "zh-CN": "已设置 TRACTOR_WEB_SECRET"},
    "ops.check.web_secret_kept": {"en": "kept in {path}", "zh-CN": "保存在 {path}"},
    "ops.check.web_secret_new": {
        "en": "{path} will be generated at the first start (its folder is writable)",
        "zh-CN": "首次启动时将生成 {path}（所在文件夹可写）",
    },
    "data.disk_full": {
        "en": "The disk holding {path} is full ({free} free): the write was refused, and what was stored before it "
              "is intact. Free space there (or move TRACTOR_DB to a larger disk), then start again; python bot.py "
              "check measures it.",
        "zh-CN": "{path} 所在的磁盘已满（剩余 {free}）：写入被拒绝，此前已保存的内容完好。请腾出空间（或把 TRACTOR_DB "
                 "移到更大的磁盘）后重新启动；python bot.py check 会测量剩余空间。",
    },
    "ops.output_full": {
        "en": "Cannot write the pictures into {folder}: the disk is full ({free} free). The previous run's pictures "
              "are left as they were; free space there or set TRACTOR_OUT to another folder.",
        "zh-CN": "无法把图片写入 {folder}：磁盘已满（剩余 {free}）。上一次运行的图片保持不变；请腾出空间，"
                 "或把 TRACTOR_OUT 设为其他文件夹。",
    },
    "ops.output_full_here": {
        "en": "Cannot write the pictures into {folder}: the disk is full ({free} free). Free space there or choose "
              "another folder (--out).",
        "zh-CN": "无法把图片写入 {folder}：磁盘已满（剩余 {free}）。请腾出空间，或另选文件夹（--out）。",
    },
    "ops.output_failed": {
        "en": "Cannot write the pictures into {folder}: {error}. The previous run's pictures are left as they were.",
        "zh-CN": "无法把图片写入 {folder}：{error}。上一次运行的图片保持不变。",
    },
    "ops.check.disk_space": {"en": "disk space", "zh-CN": "磁盘空间"},
    "ops.check.space_ok": {
        "en": "{free_db} free for the database ({db_folder}), {free_out} for the pictures ({out_folder})",
        "zh-CN": "数据库可用 {free_db}（{db_folder}），图片可用 {free_out}（{out_folder}）",
    },
    "ops.check.space_low": {
        "en": "only {free} free in {folder} (at least {need} wanted): free space before the database or the "
              "pictures fill the disk",
        "zh-CN": "{folder} 仅剩 {free}（至少需要 {need}）：请在数据库或图片写满磁盘之前腾出空间",
    },
}
