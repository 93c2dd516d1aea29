"""Storage errors: an ``EngineError`` subclass, so every error carries a catalogue key (``i18n/data.py``)."""

from __future__ import annotations

from engine.errors import EngineError


class DataError(EngineError):
    """A storage request that cannot be honoured (unknown table, duplicate action, newer schema, …)."""


class LimitReached(DataError):
    """An open-table or tournament limit is reached (checked and reserved atomically in the database); its key is
    the user-facing refusal (``table.limit.*``, ``tournament.limit``)."""


class IntegrityViolation(Exception):
    """A statement broke a key or foreign key, whichever backend ran it (the stores turn it into a ``DataError``)."""

    def __init__(self, message: str, *, foreign_key: bool) -> None:
        super().__init__(message)
        self.foreign_key = foreign_key
