"""What a command's options may carry, checked at the service boundary (入参校验).

Discord's client offers only a command's declared choices and ranges, but a modified client sends anything (an
``ai`` level of 7,000 characters, a ``mode`` that is not one, a number past the range, a string for a flag).
discord.py passes such values through unchecked; so every option value that reaches the service or the storage is
checked here first — refused with a localized ``command.option.*`` error (the value echoed escaped and
cut), nothing stored. The bounds here are the ones the commands declare to Discord (one definition).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from data.guilds import LOCALES  # a server's public language (``auto``: the server's Discord language)
from data.records import Mode, TableOptions
from engine.ai.levels import LEVELS, AiLevel
from engine.tournament import BigPoints, Config, Format, TimedTie
from engine.tournament.model import MAX_ROUNDS
from runtime.errors import NotAllowed

log = logging.getLogger(__name__)

MIN_TIMEOUT, MAX_TIMEOUT = 10, 7 * 24 * 3600  # a turn's time limit, seconds
MAX_DECLARE_WAIT = 600  # first hand: seconds AI seats wait for the humans before declaring
MODES = tuple(m.value for m in Mode)
LADDER_ORDERS = ("rating", "level")


def choice(option: str, value: object, allowed: Iterable[str]) -> str:
    """``value`` if it is one of ``allowed`` (``command.option.bad_choice`` otherwise)."""
    allowed = tuple(allowed)
    if not isinstance(value, str) or value not in allowed:
        log.info("option %s refused: %.40r", option, value)
        raise NotAllowed("command.option.bad_choice", option=option, value=str(value),
                         allowed=", ".join(allowed))
    return value


def number(option: str, value: object, low: float, high: float) -> int:
    """``value`` if it is a whole number within ``low``..``high`` (``command.option.bad_range`` otherwise)."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        log.info("option %s refused: %.40r", option, value)
        raise NotAllowed("command.option.bad_range", option=option, value=str(value), low=low, high=high)
    return value


def flag(option: str, value: object) -> bool:
    """``value`` if it is ``true`` or ``false`` (``command.option.bad_flag`` otherwise)."""
    if not isinstance(value, bool):
        log.info("option %s refused: %.40r", option, value)
        raise NotAllowed("command.option.bad_flag", option=option, value=str(value))
    return value


def text(option: str, value: object, longest: int) -> str:
    """``value`` if it is a text of at most ``longest`` characters (``command.option.too_long``)."""
    if not isinstance(value, str) or len(value) > longest:
        log.info("option %s refused: %.40r", option, value)
        raise NotAllowed("command.option.too_long", option=option, longest=longest)
    return value


def ai_level(value: object) -> AiLevel:
    return AiLevel(choice("ai", value, LEVELS))


def mode(value: object) -> Mode:
    return Mode(choice("mode", value, MODES))


def turn_timeout(value: object) -> float:
    """A turn's time limit in seconds, within ``MIN_TIMEOUT``..``MAX_TIMEOUT`` (``error.bad_timeout``)."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not MIN_TIMEOUT <= value <= MAX_TIMEOUT:
        log.info("option timeout refused: %.40r", value)
        raise NotAllowed("error.bad_timeout", low=MIN_TIMEOUT, high=MAX_TIMEOUT)
    return float(value)


def locale(value: object) -> str:
    return choice("locale", value, LOCALES)


def table_options(base: TableOptions, *, timeout: object = None, reminder_lead: float = 60.0, autoplay: object = None,
                  trick_pictures: object = None, declare_wait: object = None) -> TableOptions:
    """``base`` with what a user chose for a new table (``None``: not given), every value checked."""
    changes: dict[str, Any] = {}
    if timeout is not None:
        seconds = turn_timeout(timeout)
        changes.update(turn_timeout=seconds, reminder_before=min(float(reminder_lead), seconds / 2))
    if autoplay is not None:
        changes["forced_autoplay"] = flag("autoplay", autoplay)
    if trick_pictures is not None:
        changes["trick_pictures"] = flag("trick_pictures", trick_pictures)
    if declare_wait is not None:
        changes["ai_declare_wait"] = float(number("declare_wait", declare_wait, 0, MAX_DECLARE_WAIT))
    return replace(base, **changes)


def tournament_config(*, format: object, preset: object = None, end_level: object = None, rounds: object = 0,
                      best_of_three: object = 0, minutes: object = 0, deadline_hours: object = 0,
                      tie: object = "on_stage", big_points: object = "sheet", ai_partners: object = False,
                      third_place: object = False, rank_levels: object = False, unit_limit: object = 0,
                      units_apart: object = False, cross_tables: object = False) -> Config:
    """A tournament's configuration from ``/tractor tournament create``'s options, every value checked (the rules
    of its preset and end level are checked by ``TournamentService.create``)."""
    return Config(format=Format(choice("format", format, [f.value for f in Format])),
                  preset=text("preset", preset, 40) if preset is not None else "standard",
                  end_level=text("end_level", end_level, 10) or None if end_level is not None else None,
                  rounds=number("rounds", rounds, 0, MAX_ROUNDS),
                  best_of_three=number("best_of_three", best_of_three, 0, 6),
                  match_minutes=float(number("minutes", minutes, 0, 600)),
                  deadline_hours=float(number("deadline_hours", deadline_hours, 0, 720)),
                  timed_tie=TimedTie(choice("tie", tie, [t.value for t in TimedTie])),
                  big_points=BigPoints(choice("big_points", big_points, [b.value for b in BigPoints])),
                  allow_ai=flag("ai_partners", ai_partners), third_place=flag("third_place", third_place),
                  rank_levels=flag("rank_levels", rank_levels), unit_limit=number("unit_limit", unit_limit, 0, 8),
                  units_apart=flag("units_apart", units_apart), cross_tables=flag("cross_tables", cross_tables))
