"""Rebuilding engine tables from storage: restore after a restart, and export/replay of one hand.

A hand export is plain JSON the engine can replay: ``{"format", "table_id", "hand_number", "rules",
"seed", "snapshot", "actions"}`` where ``snapshot`` is ``Table.to_json()`` just before the hand's first
action (``None`` for hand 1: start from ``Table.new(rules, seed)``) and ``actions`` are the hand's
actions (from its ``StartHand`` up to the one that settled it, or up to now for a hand in progress).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import Any

from data.database import Database
from data.errors import DataError
from data.games import GameLoad
from engine.actions import Action, action_from_json
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

log = logging.getLogger(__name__)

EXPORT_FORMAT = 1
# Periodic snapshot interval (actions). Replaying one action costs ~0.1-0.3 ms in the engine, loading a
# snapshot ~0.5-1 ms: every 10 actions keeps a restore of 1,000 tables under 2 s (benchmarks/storage_bench.py).
SNAPSHOT_EVERY = 10


def snapshot_kind(table: Table, every: int = SNAPSHOT_EVERY) -> str | None:
    """Which snapshot to store after the action just applied: ``"hand"`` when a hand (or the match) just
    ended, ``"periodic"`` every ``every`` actions, else ``None``."""
    if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return "hand"
    if every > 0 and table.version > 0 and table.version % every == 0:
        return "periodic"
    return None


async def commit_action(db: Database, table_id: int, table: Table, action: Action,
                        every: int = SNAPSHOT_EVERY) -> None:
    """Commit ``action`` just applied to ``table`` (its seq is ``table.version``); durable on return — only
    then acknowledge the move. Then store a snapshot if ``snapshot_kind`` asks for one."""
    await db.append_action(table_id, table.version, action.to_json())
    kind = snapshot_kind(table, every)
    if kind is not None:
        await db.save_snapshot(table_id, table.version, table.to_json(), table.hand_number, kind=kind)


def build_table(rules: Rules, seed: int, snapshot: dict[str, Any] | None, actions: Iterable[dict[str, Any]]) -> Table:
    """A snapshot (or a new match) with ``actions`` applied."""
    table = Table.new(rules, seed) if snapshot is None else Table.from_json(snapshot)
    for obj in actions:
        table.apply(action_from_json(obj))
    return table


def table_from_load(game: GameLoad) -> Table:
    return build_table(game.rules, game.seed, game.snapshot, game.actions)


async def _from_log(db: Database, table_id: int, game: GameLoad, exc: Exception) -> Table:
    """Fallback when a snapshot no longer loads (e.g. written by an older engine): replay the whole log."""
    if game.snapshot is None:
        raise exc
    log.warning("table %d: snapshot unusable (%r); replaying its whole log", table_id, exc)
    return build_table(game.rules, game.seed, None, await db.actions_between(table_id))


async def restore_table(db: Database, table_id: int) -> Table:
    """The engine table as it was after its last committed action (latest snapshot + later actions)."""
    game = await db.load_game(table_id)
    try:
        return table_from_load(game)
    except Exception as exc:
        return await _from_log(db, table_id, game, exc)


async def restore_tables(db: Database, table_ids: list[int] | None = None) -> dict[int, Table]:
    """Restore many tables (default: every table in play) with bulk reads; table id -> ``Table``.

    A table whose log no longer replays is logged and left out rather than blocking the others."""
    if table_ids is None:
        table_ids = [t.table_id for t in await db.list_tables(("playing",))]
    started = time.perf_counter()
    loads = await db.load_games(table_ids)
    out: dict[int, Table] = {}
    for table_id, game in loads.items():
        try:
            try:
                out[table_id] = table_from_load(game)
            except Exception as exc:
                out[table_id] = await _from_log(db, table_id, game, exc)
        except Exception:
            log.exception("table %d cannot be restored", table_id)
    log.info("restored %d tables in %.2fs", len(out), time.perf_counter() - started)
    return out


async def export_hand(db: Database, table_id: int, hand_number: int) -> dict[str, Any]:
    """Hand ``hand_number`` of a table as replayable JSON (see the module docstring)."""
    record = await db.get_table(table_id)
    last = await db.last_seq(table_id)
    start = await db.hand_snapshot(table_id, hand_number - 1) if hand_number > 1 else None
    if start is not None:
        table, seq = Table.from_json(start.state), start.seq
    else:
        table, seq = Table.new(record.rules, record.seed), 0
    before: dict[str, Any] | None = None if hand_number == 1 and seq == 0 else table.to_json()
    hand: list[dict[str, Any]] = []
    for obj in await db.actions_between(table_id, seq, last):
        if table.hand_number > hand_number:
            break
        prior = table.to_json() if table.hand_number == hand_number - 1 else None
        table.apply(action_from_json(obj))
        if table.hand_number == hand_number:
            if not hand and prior is not None:
                before = prior
            hand.append(obj)
    if not hand and not (hand_number == 1 and last == 0):
        raise DataError("data.hand_not_found", table_id=table_id, hand_number=hand_number)
    return {"format": EXPORT_FORMAT, "table_id": table_id, "hand_number": hand_number,
            "rules": record.rules.to_json(), "seed": record.seed, "snapshot": before, "actions": hand}


def replay_export(export: dict[str, Any]) -> Table:
    """The table at the end of an exported hand, replayed by the engine."""
    try:
        rules = Rules.from_json(export["rules"])
        seed = int(export["seed"])
        snapshot, actions = export["snapshot"], export["actions"]
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError("data.bad_export") from exc
    if export.get("format") != EXPORT_FORMAT or not isinstance(actions, list):
        raise DataError("data.bad_export")
    return build_table(rules, seed, snapshot, actions)
