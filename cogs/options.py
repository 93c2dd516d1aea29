"""Parsing the ``options`` text of ``/tractor new`` and ``/tractor config``: ``key=value`` items separated by
spaces, validated through ``engine.rules.Rules`` (unknown options and bad values are ``RulesError``s with
a message key). Also the autocomplete for presets and option text."""

from __future__ import annotations

import json
import logging
from typing import Any

from cogs.replies import BotError
from engine.rules import OPTION_NAMES, PRESETS, Rules, option_choices

log = logging.getLogger(__name__)


def parse_value(text: str, option: str | None = None) -> Any:
    """``true``/``false``/``null``, integers, JSON lists, else the text itself (rank lists may be ``J,A``).
    A word that is one of ``option``'s own choices stays that word (``throw_penalty=none`` is ``"none"``)."""
    low = text.strip().lower()
    words = [c for c in (option_choices(option) or ()) if isinstance(c, str)] if option else []
    if low in words:
        return low
    if low in ("true", "false"):
        return low == "true"
    if low in ("null", "none", ""):
        return None
    if low.lstrip("-").isdigit():
        return int(low)
    if low.startswith("["):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    return text.strip()


def parse_options(text: str | None) -> dict[str, Any]:
    """``"end_level=5 must_play=J,A"`` → ``{"end_level": "5", "must_play": "J,A"}`` (values parsed)."""
    out: dict[str, Any] = {}
    for item in (text or "").replace("，", " ").split():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BotError("bot.error.bad_option", text=item)
        name = key.strip().lower()
        out[name] = parse_value(value, name)
    return out


def build_rules(preset: str | None, options: str | None, base: Rules | None = None) -> Rules:
    """The rules of ``preset`` (or ``base``) with the ``options`` overrides; ``RulesError`` if invalid."""
    overrides = parse_options(options)
    if preset:
        return Rules.from_preset(preset.strip().lower(), **overrides)
    if base is not None:
        return base.with_options(**overrides) if overrides else base
    return Rules.from_preset("standard", **overrides)


def preset_choices(typed: str) -> list[str]:
    typed = typed.strip().lower()
    return [p for p in PRESETS if p.startswith(typed)] or [p for p in PRESETS if typed in p]


def _fmt(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def option_completions(typed: str, limit: int = 25) -> list[str]:
    """Complete the last ``key=value`` item of ``typed``: option names, then that option's values."""
    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head else ""
    key, sep, value = last.partition("=")
    if not sep:
        names = [n for n in OPTION_NAMES if n.startswith(key.lower())]
        return [f"{prefix}{n}=" for n in names][:limit]
    choices = option_choices(key.lower())
    if choices is None:
        return [typed] if value else []
    return [f"{prefix}{key}={_fmt(c)}" for c in choices if _fmt(c).lower().startswith(value.lower())][:limit]
