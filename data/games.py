"""The action log and engine snapshots of a table: what a restart needs to rebuild the game exactly.

Restoring = the latest snapshot (``Table.to_json()`` after ``seq`` actions) + replay of the actions
after it. ``append_action`` commits one action on its own before the bot acknowledges the move.
"""

from __future__ import annotations

import json
import logging
import time
import zlib
from dataclasses import dataclass
from typing import Any, NamedTuple

from data.connection import Row
from data.dialect import SQLITE
from data.errors import DataError, IntegrityViolation
from data.shards import ShardsMixin
from engine.rules import Rules

log = logging.getLogger(__name__)

SNAPSHOT_KINDS = ("hand", "periodic")


class GameLoad(NamedTuple):
    """What restoring a table takes: rules, seed, the latest snapshot (or ``None``) and the later actions."""

    rules: Rules
    seed: int
    snapshot: dict[str, Any] | None
    actions: list[dict[str, Any]]


@dataclass(frozen=True)
class Snapshot:
    table_id: int
    seq: int  # the snapshot includes actions 1..seq
    hand_number: int
    kind: str  # "hand" (a hand just ended) or "periodic"
    state: dict[str, Any]


def _dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def encode_state(state: dict[str, Any]) -> bytes:
    """A snapshot as stored: compact JSON, zlib-compressed (about 3x smaller, ~0.1 ms). The column is
    declared TEXT; SQLite keeps a BLOB in it unchanged."""
    return zlib.compress(_dumps(state).encode(), 1)


def decode_state(value: bytes | str) -> dict[str, Any]:
    """Inverse of ``encode_state``; plain JSON text is accepted too."""
    return json.loads(zlib.decompress(value) if isinstance(value, bytes) else value)


class GamesMixin(ShardsMixin):
    """Action log and snapshots."""

    async def append_action(self, table_id: int, seq: int, action: dict[str, Any]) -> None:
        """Commit action ``seq`` (1-based, must follow the last one) of a table; durable when this returns.

        Raises ``DataError("data.duplicate_action")`` if ``seq`` is already taken, ``data.seq_gap`` if it
        does not follow the last recorded action, ``data.table_not_found`` for an unknown table, and
        ``data.fenced`` if another process has claimed the table's shard (``data.shards``)."""
        text = _dumps(action)
        fence, fence_params = self.lease_check(table_id)
        try:
            inserted = await self.execute(
                "INSERT INTO actions (table_id, seq, action, created_at) SELECT ?, ?, ?, ?"
                " WHERE ? = 1 + COALESCE((SELECT MAX(seq) FROM actions WHERE table_id = ?), 0)" + fence,
                (table_id, seq, text, time.time(), seq, table_id, *fence_params),
            )
        except IntegrityViolation as exc:
            if exc.foreign_key:
                raise DataError("data.table_not_found", table_id=table_id) from exc
            raise DataError("data.duplicate_action", table_id=table_id, seq=seq) from exc
        if not inserted:
            last = await self.last_seq(table_id)
            if seq <= last:
                raise DataError("data.duplicate_action", table_id=table_id, seq=seq)
            if seq == last + 1 and fence:
                raise DataError("data.fenced", table_id=table_id)
            raise DataError("data.seq_gap", table_id=table_id, seq=seq, last=last)

    async def last_seq(self, table_id: int) -> int:
        """The number of committed actions of a table (0 if none)."""
        row = await self.fetchone("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = ?", (table_id,))
        return int(row[0]) if row is not None else 0

    async def actions_between(self, table_id: int, after: int = 0, upto: int | None = None) -> list[dict[str, Any]]:
        """Actions ``after < seq <= upto`` of a table, in order, as JSON objects."""
        rows = await self.fetchall(
            "SELECT action FROM actions WHERE table_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (table_id, after, upto if upto is not None else 2**62),
        )
        return [json.loads(r[0]) for r in rows]

    async def save_snapshot(self, table_id: int, seq: int, state: dict[str, Any], hand_number: int,
                            kind: str = "hand") -> None:
        """Store the engine state after ``seq`` actions. Only the newest ``periodic`` snapshot is kept;
        every ``hand`` snapshot (state after a hand) is kept for exports."""
        if kind not in SNAPSHOT_KINDS:
            raise ValueError(f"snapshot kind must be one of {SNAPSHOT_KINDS}")
        async with self.transaction(serialize=False) as tx:  # one table's rows (under Session.lock)
            await tx.execute(
                "INSERT INTO snapshots (table_id, seq, hand_number, kind, state, created_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seq) DO UPDATE SET hand_number = excluded.hand_number, kind = excluded.kind,"
                " state = excluded.state, created_at = excluded.created_at",
                (table_id, seq, hand_number, kind, encode_state(state), time.time()))
            await tx.execute("DELETE FROM snapshots WHERE table_id = ? AND kind = 'periodic' AND seq < ?",
                             (table_id, seq))

    async def latest_snapshot(self, table_id: int, before_seq: int | None = None) -> Snapshot | None:
        """The newest snapshot of a table (with ``seq <= before_seq`` if given)."""
        row = await self.fetchone(
            "SELECT * FROM snapshots WHERE table_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (table_id, before_seq if before_seq is not None else 2**62))
        return None if row is None else _snapshot(row)

    async def hand_snapshot(self, table_id: int, hand_number: int) -> Snapshot | None:
        """The state right after hand ``hand_number`` ended, if it was stored."""
        row = await self.fetchone(
            "SELECT * FROM snapshots WHERE table_id = ? AND kind = 'hand' AND hand_number = ? ORDER BY seq LIMIT 1",
            (table_id, hand_number))
        return None if row is None else _snapshot(row)

    async def snapshots(self, table_id: int) -> list[Snapshot]:
        rows = await self.fetchall("SELECT * FROM snapshots WHERE table_id = ? ORDER BY seq", (table_id,))
        return [_snapshot(r) for r in rows]

    async def load_game(self, table_id: int) -> GameLoad:
        """``(rules, seed, snapshot_json | None, later_actions)``: read in one transaction, so consistent."""
        async with self.transaction(readonly=True) as tx:
            table = await tx.fetchone("SELECT rules, seed FROM game_tables WHERE id = ?", (table_id,))
            if table is None:
                raise DataError("data.table_not_found", table_id=table_id)
            snap = await tx.fetchone(
                "SELECT seq, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table_id,))
            after = int(snap["seq"]) if snap is not None else 0
            rows = await tx.fetchall("SELECT action FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq",
                                     (table_id, after))
        return GameLoad(
            rules=Rules.from_json(json.loads(table["rules"])),
            seed=int(table["seed"]),
            snapshot=decode_state(snap["state"]) if snap is not None else None,
            actions=[json.loads(r[0]) for r in rows],
        )

    async def load_games(self, table_ids: list[int]) -> dict[int, GameLoad]:
        """``load_game`` for many tables in a few bulk queries (start-up restore)."""
        out: dict[int, GameLoad] = {}
        for start in range(0, len(table_ids), 500):
            chunk = table_ids[start:start + 500]
            marks = ", ".join("?" * len(chunk))
            async with self.transaction(readonly=True) as tx:
                tables = await tx.fetchall(f"SELECT id, rules, seed FROM game_tables WHERE id IN ({marks})", chunk)
                snaps = await tx.fetchall(
                    f"SELECT s.table_id, s.seq, s.state FROM snapshots s JOIN (SELECT table_id, MAX(seq) AS seq"
                    f" FROM snapshots WHERE table_id IN ({marks}) GROUP BY table_id) m"
                    f" ON s.table_id = m.table_id AND s.seq = m.seq", chunk)
                latest = {r["table_id"]: (int(r["seq"]), r["state"]) for r in snaps}
                after = [(tid, latest[tid][0] if tid in latest else 0) for tid in chunk]
                join = "CROSS JOIN" if self.dialect == SQLITE else "JOIN"  # SQLite: CROSS JOIN fixes the order
                acts = await tx.fetchall(  # one primary-key range scan per table
                    f"WITH w(t, s) AS (VALUES {', '.join(['(CAST(? AS BIGINT), CAST(? AS BIGINT))'] * len(after))})"
                    f" SELECT a.table_id, a.action FROM w {join} actions a ON a.table_id = w.t AND a.seq > w.s"
                    " ORDER BY a.table_id, a.seq", [x for pair in after for x in pair])
            later: dict[int, list[dict[str, Any]]] = {}
            for r in acts:
                later.setdefault(r["table_id"], []).append(json.loads(r["action"]))
            rules_cache: dict[str, Rules] = {}
            for t in tables:
                rules = rules_cache.get(t["rules"])
                if rules is None:
                    rules = rules_cache[t["rules"]] = Rules.from_json(json.loads(t["rules"]))
                snap = latest.get(t["id"])
                out[t["id"]] = GameLoad(rules, int(t["seed"]), decode_state(snap[1]) if snap else None,
                                        later.get(t["id"], []))
        missing = [tid for tid in table_ids if tid not in out]
        if missing:
            raise DataError("data.table_not_found", table_id=missing[0])
        return out


def _snapshot(row: Row) -> Snapshot:
    return Snapshot(table_id=row["table_id"], seq=row["seq"], hand_number=row["hand_number"], kind=row["kind"],
                    state=decode_state(row["state"]))
