"""Storage errors: an ``EngineError`` subclass, so every error carries a catalogue key (``i18n/data.py``)."""

from __future__ import annotations

from engine.errors import EngineError


class DataError(EngineError):
    """A storage request that cannot be honoured (unknown table, duplicate action, newer schema, …)."""
