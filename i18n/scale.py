"""Messages of the scaling layer (shards, several processes on one database): key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
    "data.fenced": {
        "en": "Table #{table_id} is now run by another bot process; this move was not recorded. Try again.",
        "zh-CN": "牌桌 #{table_id} 已由另一个机器人进程接管，这一步没有记录。请重试。",
    },
    "data.bad_shards": {
        "en": "Shards {shards} do not fit a shard count of {count}.",
        "zh-CN": "分片 {shards} 与分片总数 {count} 不符。",
    },
}
