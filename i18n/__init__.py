"""One message catalogue for the engine's error keys, the renderer's labels and the bot's messages.

Each concept keeps its own table (``i18n/<concept>.py`` with a ``MESSAGES`` dict), imported and merged here
(a new concept: import it and add it to ``DOMAINS``). A key starts with its module's concept (``panel.*`` in
``i18n/panel.py``; ``i18n/<concept>_<part>.py`` holds one part of a large concept), never with a round or an issue.
``t(key, locale, **params)`` formats a message in ``zh-CN`` or ``en``; any other Discord locale
falls back to English (Chinese locales ``zh-CN``/``zh-TW`` to Chinese).
"""

from __future__ import annotations

import logging
from types import ModuleType
from typing import Any

from i18n import (
    act,
    action,
    activity,
    announce,
    bury,
    card,
    command,
    data,
    declare,
    error,
    faults,
    friends,
    ladderpage,
    lobby,
    ops,
    outputs,
    panel,
    play,
    procedures,
    records,
    referee,
    render,
    rules,
    sanction,
    season,
    settle,
    table,
    tournament,
    tournament_commands,
    tricklog,
    undo,
    web,
    web_shapes,
)

log = logging.getLogger(__name__)

LOCALES: tuple[str, ...] = ("en", "zh-CN")
Catalogue = dict[str, dict[str, str]]

MESSAGES: Catalogue = {}
DOMAINS: tuple[ModuleType, ...] = (action, card, rules, declare, bury, play, settle, friends, sanction, render, data,
                                   table, lobby, act, announce, command, error, panel, records, tricklog, tournament,
                                   tournament_commands, ops, outputs, faults, procedures, referee, undo, web, web_shapes,
                                   activity, season, ladderpage)
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
