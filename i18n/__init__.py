"""One message catalogue for the engine's error keys, the renderer's labels and the bot's messages.

Each domain keeps its own table (``i18n/<domain>.py`` with a ``MESSAGES`` dict), imported and merged here
(a new domain: import it and add it to ``DOMAINS``).
``t(key, locale, **params)`` formats a message in ``zh-CN`` or ``en``; any other Discord locale
falls back to English (Chinese locales ``zh-CN``/``zh-TW`` to Chinese).
"""

from __future__ import annotations

import logging
from types import ModuleType
from typing import Any

from i18n import (
    activity,
    bot,
    clicks,
    data,
    declare,
    engine,
    faults,
    operator,
    ops,
    options,
    outputs,
    play,
    procedures,
    render,
    render_seats,
    rounds,
    rules,
    runtime,
    scale,
    seasons,
    security,
    service_faults,
    shape,
    storage,
    tournament,
    tournament2,
    tournament3,
    ux,
    web,
)

log = logging.getLogger(__name__)

LOCALES: tuple[str, ...] = ("en", "zh-CN")
Catalogue = dict[str, dict[str, str]]

MESSAGES: Catalogue = {}
DOMAINS: tuple[ModuleType, ...] = (engine, play, declare, render, data, runtime, bot, ux, tournament, rules, ops, options,
                                   security, rounds, scale, service_faults, tournament2, outputs, operator, web,
                                   procedures, faults, clicks,
                                   tournament3, activity, shape, storage,
                                   seasons, render_seats)
for _domain in DOMAINS:
    _table: Catalogue = _domain.MESSAGES
    _dup = MESSAGES.keys() & _table.keys()
    if _dup:
        raise RuntimeError(f"duplicate message keys: {sorted(_dup)}")
    MESSAGES.update(_table)


def count(key: str, n: int, locale: object = "en") -> str:
    """``key`` for ``n`` things, ``{n}`` filled in: ``key.one`` when ``n`` is 1 (English "1 hand"), else ``key``."""
    return t(f"{key}.one" if n == 1 and f"{key}.one" in MESSAGES else key, locale, n=n)


def normalize_locale(locale: object) -> str:
    """Map a Discord locale (``discord.Locale`` or string) to ``en`` or ``zh-CN``."""
    value = str(getattr(locale, "value", locale) or "en")
    return "zh-CN" if value.lower().startswith("zh") else "en"


def t(key: str, locale: object = "en", **params: Any) -> str:
    """The message ``key`` in ``locale`` with ``params`` filled in; the key itself if unknown."""
    entry = MESSAGES.get(key)
    if entry is None:
        log.warning("missing message key %s", key)
        return key
    text = entry[normalize_locale(locale)]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        log.warning("bad params for message %s: %s", key, params)
        return text
