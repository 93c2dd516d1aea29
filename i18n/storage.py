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
}
