"""Stored AI reviews of finished hands (migration 0009): one per table and hand, replaced when computed again.

The marks are the runtime's JSON (``runtime.records.review.Mark.to_json``); a review is returned only for the number of
sampled deals (``worlds``) it was computed with.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from data.connection import Connection
from data.errors import DataError, IntegrityViolation

log = logging.getLogger(__name__)


class ReviewsMixin(Connection):
    """Persistent hand reviews."""

    async def save_review(self, table_id: int, hand_number: int, worlds: int, marks: list[dict[str, Any]]) -> None:
        """Store (or replace) the review of a hand; durable on return."""
        try:
            await self.execute(
                "INSERT INTO hand_reviews (table_id, hand_number, worlds, marks, created_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, hand_number) DO UPDATE SET worlds = excluded.worlds,"
                " marks = excluded.marks, created_at = excluded.created_at",
                (table_id, hand_number, worlds, json.dumps(marks, separators=(",", ":")), time.time()))
        except IntegrityViolation as exc:
            raise DataError("data.table_not_found", table_id=table_id) from exc

    async def hand_review(self, table_id: int, hand_number: int, worlds: int) -> list[dict[str, Any]] | None:
        """The stored marks of a hand reviewed with ``worlds`` sampled deals, or None."""
        row = await self.fetchone("SELECT worlds, marks FROM hand_reviews WHERE table_id = ? AND hand_number = ?",
                                  (table_id, hand_number))
        if row is None or row["worlds"] != worlds:
            return None
        marks: list[dict[str, Any]] = json.loads(row["marks"])
        return marks
