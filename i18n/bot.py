"""Messages of the bot domain: key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
}
