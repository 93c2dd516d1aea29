"""Messages of the buttons and menus themselves (``cogs.items``)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "clicks.retired": {"en": "This button no longer works. Open a fresh panel with *My panel* or `/hand`.",
                       "zh-CN": "此按钮已失效。请点“我的面板”或使用 `/hand` 打开新面板。"},
}
