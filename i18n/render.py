"""Messages of the render domain: key -> {"en": ..., "zh-CN": ...}."""

MESSAGES: dict[str, dict[str, str]] = {
}
