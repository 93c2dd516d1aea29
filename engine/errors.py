"""Engine errors: every error carries a user-facing message key (see ``i18n/``) and parameters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

_T = TypeVar("_T")


class EngineError(Exception):
    """Base of all rule errors. ``key`` names a catalogue message; ``params`` fill it in."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        detail = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"{key}({detail})" if detail else key)


def lookup(members: Mapping[str, _T], value: object, key: str, **params: Any) -> _T:
    """The value named by the text ``value`` (an enum's members by value), else ``EngineError(key, **params)``:
    stored or typed text never leaks a ``ValueError``."""
    member = members.get(value) if isinstance(value, str) else None
    if member is None:
        raise EngineError(key, **params)
    return member


class InvalidCard(EngineError):
    """A card string that names no card."""


class RulesError(EngineError):
    """An unknown option or preset, or a value an option does not take."""


class IllegalAction(EngineError):
    """An action that the rules forbid in the table's current state; the table is unchanged."""


class NotAllowed(EngineError):
    """A request the rules refuse in the current state (a tournament's sign-up, round or result); nothing
    changed. The game service's refusals (``runtime.errors.NotAllowed``) are this too."""
