"""Errors of the game service. Each carries an ``i18n`` message key (texts in ``i18n/<prefix>.py``).

Engine errors (``IllegalAction``, ``InvalidCard``, ``RulesError``) pass through the service unchanged.
"""

from __future__ import annotations

from engine import errors as engine_errors
from engine.errors import EngineError


class ServiceError(EngineError):
    """Base of the service's errors."""


class TableNotFound(ServiceError):
    """``table.not_found``: no such table (or it is closed)."""


class LobbyError(ServiceError):
    """A seat/lobby operation that is not allowed: ``lobby.*`` keys."""


class NotAllowed(ServiceError, engine_errors.NotAllowed):
    """The user may not do this now: ``act.not_seated``, ``act.not_your_turn``, ``act.stale``,
    ``act.not_playing``, ``act.ai_seat``, ``act.not_away``, ``act.nothing_to_suggest``."""
