"""Table records for the storage tests (the one ``TableRecord`` of ``data.records``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from data.records import Mode, Seat, Status, TableRecord
from engine.rules import Rules


def new_record(guild_id: int = 1, channel_id: int = 2, host_id: int = 3, rules: str | Rules = "standard", *,
               seed: int = 0, status: str = "lobby", mode: str = "live",
               seats: Sequence[Seat | int | None] = (None, None, None, None),
               **fields: Any) -> TableRecord:
    """A record to ``create_table``: ``rules`` a preset name or ``Rules``; a seat a ``Seat``, a user id or ``None``."""
    occupants = tuple(None if s is None else Seat.from_occupant(s) for s in seats)
    return TableRecord(table_id=0, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                       rules=rules if isinstance(rules, Rules) else Rules.from_preset(rules), mode=Mode(mode),
                       seed=seed, seats=occupants, status=Status(status), **fields)  # type: ignore[arg-type]
