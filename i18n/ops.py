"""Messages for the operator: the command line (``python bot.py …``, ``cli/``), ``bot.py check``, the compiled
build, the bot's permissions, the web secret and free disk space."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "ops.failure": {"en": "bot.py: error: {message}", "zh-CN": "bot.py：错误：{message}"},
    "ops.offline_written": {"en": "offline match written to {folder}", "zh-CN": "离线对局已写入 {folder}"},
    "ops.bad_token": {
        "en": "Discord refused the token (DISCORD_TOKEN): copy it again from the Developer Portal, Bot page.",
        "zh-CN": "Discord 拒绝了令牌（DISCORD_TOKEN）：请到开发者门户的 Bot 页面重新复制。",
    },
    "ops.intents": {
        "en": "Discord refused an intent this bot asked for: check the Bot page's Privileged Gateway Intents.",
        "zh-CN": "Discord 拒绝了机器人请求的 intent：请检查 Bot 页面中的 Privileged Gateway Intents。",
    },
    "ops.unreachable": {
        "en": "Discord cannot be reached ({error}): check the network, DNS and proxy, then start again.",
        "zh-CN": "无法连接 Discord（{error}）：请检查网络、DNS 和代理后重新启动。",
    },
    "ops.discord_refused": {
        "en": "Discord refused the bot's request (HTTP {status}: {error}).",
        "zh-CN": "Discord 拒绝了机器人的请求（HTTP {status}：{error}）。",
    },
    "ops.crashed": {
        "en": "The bot stopped: {error} (LOG_LEVEL=DEBUG shows the details).",
        "zh-CN": "机器人已停止：{error}（设置 LOG_LEVEL=DEBUG 可查看详情）。",
    },
    "ops.backup_sqlite_only": {
        "en": "backup copies SQLite databases only; TRACTOR_DB names a PostgreSQL server: use pg_dump there.",
        "zh-CN": "backup 只能复制 SQLite 数据库；TRACTOR_DB 指向 PostgreSQL 服务器：请使用 pg_dump。",
    },
    "ops.backup_done": {
        "en": "backup written to {file} ({size}, schema version {version}, {tables} tables)",
        "zh-CN": "备份已写入 {file}（{size}，结构版本 {version}，{tables} 张牌桌）",
    },
    "ops.help": {
        "en": (
            "**双升 Tractor** (Shengji, 80 points): two decks, four players in two teams (seats 1 + 3 against 2 + 4), "
            "climbing levels from 2 to A.\n"
            "**Start a table**: `/tractor new` in a channel (optional `preset`, `options`, `mode: live|async`, "
            "`timeout`). A thread opens for the table; players press **Sit n**, the host may **Add AI** for empty "
            "seats, then **Start**.\n"
            "**Play**: press **My panel** in the thread (or `/hand`): a private panel shows your cards. Pick cards "
            "in the menus, then **Play** (or **Queue for my turn**); **Declare**/**Pass** while dealing, **Bury** "
            "the kitty, **Suggest** for a hint. Nobody else sees your panel. If you are away, the AI plays for "
            "you (托管) until you press **Take back control**. Typing works too: `/play cards: 10H 10H`.\n"
            "**Rules**: `/tractor rules` shows your table's rules option by option (the host changes them before "
            "the start); presets: standard, national, aihua, minzheng, renda, daiwang, tournament, duplicate.\n"
            "**More**: `/ladder`, `/stats`, `/history`, `/replay`, `/tractor notify` (a DM on your turn), "
            "`/tractor end`; server managers set defaults with `/tractor config`."
        ),
        "zh-CN": (
            "**双升**（升级、打八十分）：两副牌，四人分两队（1、3 号位对 2、4 号位），从 2 打到 A。\n"
            "**开桌**：在频道里用 `/双升 开桌`（可选预设、规则选项、实时或异步模式、出牌超时）。"
            "每桌会开一个子区；玩家点 **坐 n 号位**，桌主可为空位 **加电脑**，然后点 **开始**。\n"
            "**出牌**：在子区点 **我的面板**（或用 `/手牌`），私密面板显示你的手牌。在菜单里选牌后点 **出牌**"
            "（或 **预出（轮到我时）**）；发牌时 **亮**/**不亮**，庄家 **扣底**，**提示** 给出建议。别人看不到你的面板。"
            "离开时由电脑托管，点 **取消托管** 即可收回。也可以打字：`/出牌` 后输入如 10H 10H。\n"
            "**规则**：`/双升 改规则` 逐项列出本桌规则（开局前桌主可修改）；预设有 standard、national、aihua、"
            "minzheng、renda、daiwang、tournament、duplicate。\n"
            "**更多**：`/排行榜`、`/战绩`、`/历史`、`/回放`、`/双升 提醒`（轮到你时私信提醒）、`/双升 结束`；"
            "服务器管理员用 `/双升 设置` 设定默认值。"
        ),
    },
    "ops.missing_permission": {
        "en": "{host}, I cannot post for table #{id}: missing permission {permissions}. The table waits and "
              "continues as soon as the permission is given (Server Settings → Roles, or the channel's permissions).",
        "zh-CN": "{host}，我无法为牌桌 #{id} 发消息：缺少权限 {permissions}。牌桌会等待，授予权限后即继续"
                 "（服务器设置 → 身份组，或频道权限）。",
    },
    "ops.perm.unknown": {"en": "(unknown: check the bot's role)", "zh-CN": "（未知：请检查机器人的身份组）"},
    "ops.perm.view_channel": {"en": "View Channels", "zh-CN": "查看频道"},
    "ops.perm.send_messages": {"en": "Send Messages", "zh-CN": "发送消息"},
    "ops.perm.send_messages_in_threads": {"en": "Send Messages in Threads", "zh-CN": "在子区中发送消息"},
    "ops.perm.create_public_threads": {"en": "Create Public Threads", "zh-CN": "创建公开子区"},
    "ops.perm.attach_files": {"en": "Attach Files", "zh-CN": "附加文件"},
    "ops.perm.embed_links": {"en": "Embed Links", "zh-CN": "嵌入链接"},
    "ops.perm.read_message_history": {"en": "Read Message History", "zh-CN": "阅读消息历史"},
    "ops.check.config": {"en": "configuration", "zh-CN": "配置"},
    "ops.check.migrations": {"en": "migrations", "zh-CN": "数据库迁移"},
    "ops.check.database": {"en": "database", "zh-CN": "数据库"},
    "ops.check.font": {"en": "font", "zh-CN": "字体"},
    "ops.check.ok": {"en": "ok    {what}: {detail}", "zh-CN": "正常  {what}：{detail}"},
    "ops.check.fail": {"en": "FAIL  {what}: {detail}", "zh-CN": "失败  {what}：{detail}"},
    "ops.check.summary_ok": {"en": "ready to start", "zh-CN": "可以启动"},
    "ops.check.summary_fail": {"en": "{count} problem(s): not ready to start", "zh-CN": "发现 {count} 个问题：无法启动"},
    "ops.check.bad_guild": {
        "en": "TRACTOR_DEV_GUILD={value} is not a server id (a number: right-click the server, Copy Server ID).",
        "zh-CN": "TRACTOR_DEV_GUILD={value} 不是服务器 ID（应为数字：右键服务器，选择“复制服务器 ID”）。",
    },
    "ops.check.bad_log_level": {
        "en": "LOG_LEVEL={value} is not one of {levels}.",
        "zh-CN": "LOG_LEVEL={value} 不是 {levels} 之一。",
    },
    "ops.check.no_token": {
        "en": "DISCORD_TOKEN is not set: python bot.py plays the offline match",
        "zh-CN": "未设置 DISCORD_TOKEN：python bot.py 将进行离线对局",
    },
    "ops.check.bad_token_shape": {
        "en": "DISCORD_TOKEN does not look like a bot token (three parts separated by dots, no spaces or quotes): "
              "copy it again from the Developer Portal (Bot → Reset Token).",
        "zh-CN": "DISCORD_TOKEN 看起来不像机器人令牌（应为以点分隔的三段，不含空格或引号）：请从开发者门户重新复制"
                 "（Bot → Reset Token）。",
    },
    "ops.check.token_set": {"en": "DISCORD_TOKEN is set", "zh-CN": "已设置 DISCORD_TOKEN"},
    "ops.check.migrations_ok": {"en": "{count} migrations, newest {newest}", "zh-CN": "共 {count} 个迁移，最新为 {newest}"},
    "ops.check.db_new": {
        "en": "{path} does not exist yet; it is created on the first start",
        "zh-CN": "{path} 尚不存在；首次启动时会创建",
    },
    "ops.check.db_pending": {
        "en": "{path} at schema version {version} of {known}: {pending} migration(s) run on the next start",
        "zh-CN": "{path} 的结构版本为 {version}/{known}：下次启动时将执行 {pending} 个迁移",
    },
    "ops.check.db_ok": {"en": "{path} at schema version {version}", "zh-CN": "{path}，结构版本 {version}"},
    "ops.check.font_missing": {
        "en": "the font file {path} is missing: pip install -r requirements.txt",
        "zh-CN": "缺少字体文件 {path}：请运行 pip install -r requirements.txt",
    },
    "ops.check.font_glyphs": {
        "en": "the font {path} lacks Chinese characters or card suits",
        "zh-CN": "字体 {path} 缺少汉字或花色符号",
    },
    "ops.check.compiled_ai": {"en": "AI and rules", "zh-CN": "AI 与规则"},
    "ops.compiled.on": {"en": "compiled", "zh-CN": "已编译"},
    "ops.compiled.plain": {"en": "plain Python, about {factor}× slower: {why}",
                           "zh-CN": "纯 Python，约慢 {factor} 倍：{why}"},
    "ops.compiled.why_missing": {
        "en": "the project is not installed in this environment: run pip install -r requirements.txt",
        "zh-CN": "本项目未安装到此环境：请运行 pip install -r requirements.txt",
    },
    "ops.compiled.why_failed": {
        "en": "the build could not compile ({detail}): install a C compiler and Python's headers (apt install gcc "
              "python3-dev), then run pip install -r requirements.txt again",
        "zh-CN": "编译失败（{detail}）：请安装 C 编译器与 Python 头文件（apt install gcc python3-dev），"
                 "然后再次运行 pip install -r requirements.txt",
    },
    "ops.compiled.why_partial": {
        "en": "the build lacks {detail}: run pip install -r requirements.txt again",
        "zh-CN": "编译结果缺少 {detail}：请再次运行 pip install -r requirements.txt",
    },
    "ops.compiled.why_stale": {
        "en": "{detail} changed since the build: run pip install -r requirements.txt again",
        "zh-CN": "{detail} 在编译后已修改：请再次运行 pip install -r requirements.txt",
    },
    "ops.compiled.why_disabled": {"en": "{detail} is set", "zh-CN": "已设置 {detail}"},
    "ops.compiled.leftover": {
        "en": "{path} is an old compiled module next to the sources, Python may run it instead of the source: "
              "delete it",
        "zh-CN": "{path} 是源代码旁的旧编译模块，Python 可能运行它而不是源代码：请删除",
    },
    "ops.check.font_ok": {"en": "{name} (Chinese and card suits)", "zh-CN": "{name}（含汉字与花色）"},
    "ops.check.pg_ok": {
        "en": "PostgreSQL {server} at {url} at schema version {version}",
        "zh-CN": "PostgreSQL {server}（{url}），结构版本 {version}",
    },
    "ops.check.pg_pending": {
        "en": "PostgreSQL {server} at {url} at schema version {version} of {known}: {pending} migration(s) run on "
              "the next start",
        "zh-CN": "PostgreSQL {server}（{url}）的结构版本为 {version}/{known}：下次启动时将执行 {pending} 个迁移",
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
