"""Shards: which tables a bot process owns when several share one database, and the lease that fences them.

Discord's gateway sharding puts guild ``g`` on shard ``(g >> 22) % shard_count``; a table belongs to the
shard of its guild. A process started with ``TRACTOR_SHARDS=0-3 TRACTOR_SHARD_COUNT=8`` calls
``db.claim_shards(8, range(4))``: from then on ``open_tables`` lists, and ``next_timer``/``due_timers`` fire,
only its own tables' rows, and ``append_action`` commits only while its lease on the table's shard holds
(``DataError("data.fenced")`` once another process claimed the shard: the restarted one wins).
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from data.connection import Connection
from data.errors import DataError

log = logging.getLogger(__name__)

GUILD_SHIFT = 22  # Discord: the shard of a guild is (guild_id >> 22) % shard_count


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard (and so the owning process) of a guild."""
    return (guild_id >> GUILD_SHIFT) % shard_count


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``"0-3"``, ``"5"``, ``"0,2,4-6"`` -> sorted shard ids (``ValueError`` if malformed)."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        first, last = int(low), int(high or low)
        if first < 0 or last < first:
            raise ValueError(f"bad shard range {part!r}")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


@dataclass(frozen=True)
class ShardScope:
    """The shards one process owns (out of ``count``) and its lease token."""

    count: int
    ids: tuple[int, ...]
    owner: str

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def guild_filter(self, column: str = "guild_id") -> tuple[str, list[int]]:
        """A portable SQL condition (and its parameters) true for guilds of these shards."""
        marks = ", ".join("?" * len(self.ids))
        return f"(({column} >> {GUILD_SHIFT}) % ?) IN ({marks})", [self.count, *self.ids]


class ShardsMixin(Connection):
    """Claiming shards; ``shard_scope`` (``None``: one process owns everything) filters the other stores."""

    shard_scope: ShardScope | None = None

    async def claim_shards(self, count: int, ids: Iterable[int]) -> ShardScope:
        """Take the leases of shards ``ids`` (of ``count``) for this process; from now on it sees and writes
        only their tables. A process that held them before is fenced off."""
        wanted = tuple(sorted(set(ids)))
        if count < 1 or not wanted or wanted[0] < 0 or wanted[-1] >= count:
            raise DataError("data.bad_shards", shards=",".join(map(str, wanted)), count=count)
        scope = ShardScope(count, wanted, uuid.uuid4().hex)
        async with self.transaction() as tx:
            for shard in wanted:
                await tx.execute(
                    "INSERT INTO shard_leases (shard, shard_count, owner, epoch, claimed_at) VALUES (?, ?, ?, 1, ?)"
                    " ON CONFLICT (shard) DO UPDATE SET shard_count = excluded.shard_count, owner = excluded.owner,"
                    " epoch = shard_leases.epoch + 1, claimed_at = excluded.claimed_at",
                    (shard, count, scope.owner, time.time()))
        self.shard_scope = scope
        log.info("claimed shards %s of %d (owner %s)", wanted, count, scope.owner)
        return scope

    def lease_check(self, table_id: int) -> tuple[str, list[object]]:
        """SQL (`` AND EXISTS …``) and its parameters: true while this process holds the lease of the shard
        of table ``table_id``; nothing when unsharded."""
        scope = self.shard_scope
        if scope is None:
            return "", []
        return (f" AND EXISTS (SELECT 1 FROM game_tables g JOIN shard_leases l ON l.shard ="
                f" ((g.guild_id >> {GUILD_SHIFT}) % ?) WHERE g.id = ? AND l.owner = ? AND l.shard_count = ?)",
                [scope.count, table_id, scope.owner, scope.count])

    def timer_filter(self) -> tuple[str, list[object]]:
        """SQL (`` AND …`` on ``timers``) and parameters: only the timers this process runs — its tables'
        (and the table-less ones on the process owning shard 0); nothing when unsharded."""
        scope = self.shard_scope
        if scope is None:
            return "", []
        condition, params = scope.guild_filter()
        tableless = "table_id IS NULL OR " if 0 in scope.ids else ""
        return f" AND ({tableless}table_id IN (SELECT id FROM game_tables WHERE {condition}))", list(params)
