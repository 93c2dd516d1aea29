"""Parsing the ``options`` text of ``/tractor new`` and ``/tractor config``: ``key=value`` items separated by
spaces, validated through ``engine.rules.Rules`` (unknown options and bad values are ``RulesError``s with
a message key). Also the autocomplete for presets and option text. Discord-free: the slash commands and the offline
job's ``--options`` read it alike."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

import i18n
from engine.errors import RulesError
from engine.rules import OPTION_NAMES, PRESETS, Rules, option_choices
from runtime import inputs

log = logging.getLogger(__name__)

DESCRIBE_LIMIT = 1900  # a Discord message holds 2000 characters
SEATED_PLAYERS = 4  # the seats of a table that does not take every shape (``any_shape=False``)


def check_timeout(seconds: object) -> None:
    """A turn time limit must lie within ``runtime.inputs.MIN_TIMEOUT``..``MAX_TIMEOUT`` (``error.bad_timeout``)."""
    inputs.turn_timeout(seconds)


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
            raise RulesError("error.bad_option", text=item)
        name = key.strip().lower()
        out[name] = parse_value(value, name)
    return out


def build_rules(preset: str | None, options: str | None, base: Rules | None = None, *,
                any_shape: bool = False, shape: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` (or ``base``) with the ``options`` overrides, then the ``shape`` ones (``decks``,
    ``players``, ``mode`` as the slash command's own options give them; ``None`` values keep the RULES §12.6
    default: four players, a deck per two players, fixed partners); ``RulesError`` if invalid (the engine says
    why a shape is impossible). ``any_shape``: every table size and 找朋友 (RULES §13; the bot and the offline
    job), else four seats of fixed partners."""
    overrides = parse_options(options)
    overrides.update({k: v for k, v in (shape or {}).items() if v is not None})
    if preset:
        rules = Rules.from_preset(preset.strip().lower(), **overrides)
    elif base is not None:
        rules = base.with_options(**overrides) if overrides else base
    else:
        rules = Rules.from_preset("standard", **overrides)
    return rules if any_shape else _seatable(rules)


def _seatable(rules: Rules) -> Rules:
    """Where only four players of fixed partners are seated, other table sizes (RULES §13) are refused."""
    if rules.players != SEATED_PLAYERS:
        raise RulesError("rules.seats_not_supported", players=rules.players, seats=SEATED_PLAYERS)
    if not rules.shape.fixed_partners:  # the AI players and the pages do not call friends yet
        raise RulesError("rules.friends_not_offered")
    return rules


def preset_choices(typed: str) -> list[str]:
    typed = typed.strip().lower()
    return [p for p in PRESETS if p.startswith(typed)] or [p for p in PRESETS if typed in p]


def _fmt(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def option_meaning(name: str, value: Any, locale: str) -> str:
    """``Who guards the kitty (保底): whoever buried (谁扣底谁保底)`` in ``locale``: the option, and the value's
    meaning where the option has a closed set of values."""
    what = i18n.t(f"rules.opt.{name}", locale) if f"rules.opt.{name}" in i18n.MESSAGES else name
    key = f"rules.val.{name}.{_fmt(value)}"
    if key not in i18n.MESSAGES:
        return what
    return i18n.t("rules.describe.value", locale, what=what, value=i18n.t(key, locale))


def option_text(name: str, value: Any, locale: str) -> str:
    """``kitty_guard=burier — Who guards the kitty (保底): whoever buried (谁扣底谁保底)``."""
    return f"{name}={_fmt_value(value)} — {option_meaning(name, value, locale)}"


def describe_rules(rules: Rules, locale: str, limit: int = DESCRIBE_LIMIT) -> str:
    """The preset's name, then every option that differs from the standard rules (the preset's own and the
    table's overrides), each with what it means; at most ``limit`` characters."""
    key = f"rules.preset.{rules.preset}"
    preset = i18n.t(key, locale) if key in i18n.MESSAGES else rules.preset
    lines = [i18n.t("rules.describe.title", locale, preset=f"{preset} ({rules.preset})")]
    standard = Rules().to_json()
    changed = [(k, v) for k, v in rules.to_json().items() if k != "preset" and v != standard.get(k)]
    if not changed:
        lines.append(i18n.t("rules.describe.same_as_standard", locale))
    for i, (name, value) in enumerate(changed):
        line = f"• `{name}={_fmt_value(value)}` — {option_meaning(name, value, locale)}"
        if sum(len(x) + 1 for x in lines) + len(line) > limit - 40:
            lines.append(i18n.t("rules.describe.more", locale, n=len(changed) - i))
            break
        lines.append(line)
    return "\n".join(lines)


def described_completions(typed: str, locale: str, limit: int = 25) -> list[tuple[str, str]]:
    """``option_completions`` as (shown name, value) pairs: the name adds what the option or value means
    (cut to Discord's 100 characters)."""
    out = []
    for value in option_completions(typed, limit):
        key, _, raw = value.rpartition(" ")[2].partition("=")
        if raw:
            hint = option_meaning(key, parse_value(raw), locale)
        else:
            hint = i18n.t(f"rules.opt.{key}", locale) if f"rules.opt.{key}" in i18n.MESSAGES else ""
        shown = f"{value} — {hint}" if hint else value
        out.append((shown[:100], value[:100]))
    return out


def _fmt_value(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(map(str, value)) or "[]"
    return _fmt(value)


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
