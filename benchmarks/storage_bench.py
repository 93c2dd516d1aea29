"""Storage benchmark: 1,000 open tables with games in progress.

Prints the action-commit latency (p50/p99, each ``append_action`` committed on its own), the time to
restore every table after a restart (open + bulk load + snapshot + replay through the engine), and the
database size. ``--json``: the last line is one JSON object (``commit_ms_p50``, ``commit_ms_p99``,
``restore_s``, ``db_bytes``, …).

Games are cut from a few random template matches (each table: a template's seed and a random prefix of
its log), with a snapshot after each hand and every ``--snapshot-every`` actions, as the bot stores them.

    .venv/bin/python benchmarks/storage_bench.py [--tables 1000] [--snapshot-every 20] [--json]
        [--backend sqlite|postgres [--url postgresql://…]] [--options "mode=friends players=6"]

``--options`` plays every table in another shape (RULES §12–§13: ``decks=3``, ``players=4``…``8``, ``mode=friends``),
each seat alternately a human and an AI.

``--backend postgres`` runs on ``--url``, or on a throwaway cluster it starts (``tools.pgcluster``, with the
server's durable settings) and removes at the end. ``--synchronous`` NORMAL/FULL: SQLite's pragma, PostgreSQL's
``synchronous_commit`` off/on (see ``data.postgres``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from data.database import Database
from data.games import encode_state
from data.records import Status, TableRecord
from data.replay import restore_tables
from data.shapes import shape_key
from engine.actions import action_from_json
from engine.errors import IllegalAction
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime.options import parse_options
from tools.pgcluster import PgCluster

log = logging.getLogger("storage_bench")


class Template:
    """One random match: its seed, action log, and the snapshots the bot would have stored."""

    def __init__(self, seed: int, length: int, every: int, rules: Rules) -> None:
        rng = random.Random(seed)
        self.seed = seed
        table = Table.new(rules, seed)
        self.actions: list[dict[str, Any]] = []
        self.snapshots: list[tuple[int, int, str, str]] = []  # (seq, hand_number, kind, state JSON)
        self.snapshot_at: dict[int, tuple[int, int, str, str]] = {}
        while len(self.actions) < length and table.phase is not Phase.MATCH_OVER:
            try:
                action = random_action(table, rng)
                table.apply(action)
            except IllegalAction:
                seats = table.to_act()
                action = rng.choice(table.legal_actions(seats[0] if seats else None))
                table.apply(action)
            self.actions.append(action.to_json())
            ended = table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
            if ended or table.version % every == 0:
                self.snapshots.append((table.version, table.hand_number, "hand" if ended else "periodic",
                                       json.dumps(table.to_json(), separators=(",", ":"))))
                self.snapshot_at[table.version] = self.snapshots[-1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


async def populate(db: Database, templates: list[Template], tables: int, rng: random.Random,
                   shape: Rules) -> dict[int, tuple]:
    """Insert the tables, their logs and snapshots in bulk (not measured); table id -> (template, cut)."""
    plan: dict[int, tuple[Template, int]] = {}
    now = time.time()
    rules = json.dumps(shape.to_json())
    async with db.transaction() as tx:
        for i in range(tables):
            template = templates[i % len(templates)]
            cut = rng.randrange(1, len(template.actions) - 200)
            tid = await tx.insert(
                "INSERT INTO game_tables (guild_id, channel_id, host_id, seats, rules, mode, settings, status, seed,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'async', '{}', 'playing', ?, ?, ?)",
                (1 + i % 10, 100 + i, 1000 + i, json.dumps([{"ai": "basic"} if s % 2 else {"user": 1000 * (s + 1) + i}
                                                            for s in range(shape.players)]),
                 rules, template.seed, now, now))
            await tx.executemany(
                "INSERT INTO actions (table_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                [(tid, seq, json.dumps(a, separators=(",", ":")), now)
                 for seq, a in enumerate(template.actions[:cut], start=1)])
            hands = [s for s in template.snapshots if s[0] <= cut and s[2] == "hand"]
            periodic = [s for s in template.snapshots if s[0] <= cut and s[2] == "periodic"][-1:]
            await tx.executemany(
                "INSERT INTO snapshots (table_id, seq, hand_number, kind, state, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [(tid, seq, hand, kind, encode_state(json.loads(state)), now)
                 for seq, hand, kind, state in (*hands, *periodic)])
            plan[tid] = (template, cut)
    return plan


async def bench_commits(db: Database, plan: dict[int, tuple[Template, int]], count: int,
                        rng: random.Random) -> list[float]:
    """Commit ``count`` next actions on random tables, one at a time; each latency in ms."""
    latencies: list[float] = []
    ids = list(plan)
    for _ in range(count):
        tid = rng.choice(ids)
        template, cut = plan[tid]
        action = template.actions[cut]
        started = time.perf_counter()
        await db.append_action(tid, cut + 1, action)
        latencies.append((time.perf_counter() - started) * 1000)
        plan[tid] = (template, cut + 1)
        await store_snapshot(db, tid, template, cut + 1)
    return latencies


async def store_snapshot(db: Database, tid: int, template: Template, seq: int) -> None:
    """After a commit, store the snapshot the bot would store at ``seq`` (if any), as the bot does."""
    snap = template.snapshot_at.get(seq)
    if snap is not None:
        await db.save_snapshot(tid, seq, json.loads(snap[3]), snap[1], kind=snap[2])


async def bench_concurrent(db: Database, plan: dict[int, tuple[Template, int]], tasks: int,
                           per_task: int) -> list[float]:
    """``tasks`` tables committing at once (each under its table lock); each latency in ms."""
    latencies: list[float] = []

    locks: dict[int, asyncio.Lock] = {}

    async def worker(tid: int) -> None:
        lock = locks.setdefault(tid, asyncio.Lock())  # the runtime's per-table lock (Session.lock)
        for _ in range(per_task):
            async with lock:
                template, cut = plan[tid]
                started = time.perf_counter()
                await db.append_action(tid, cut + 1, template.actions[cut])
                latencies.append((time.perf_counter() - started) * 1000)
                plan[tid] = (template, cut + 1)
                await store_snapshot(db, tid, template, cut + 1)

    await asyncio.gather(*(worker(tid) for tid in list(plan)[:tasks]))
    return latencies


async def main(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    started = time.perf_counter()
    args.rules = Rules().with_options(**parse_options(args.options))
    templates = [Template(args.seed * 1000 + i, args.length, args.snapshot_every, args.rules)
                 for i in range(args.templates)]
    setup_s = time.perf_counter() - started
    workdir = Path(args.path) if args.path else Path(tempfile.mkdtemp(prefix="storage_bench_"))
    path = workdir / "bench.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    cluster = PgCluster.start(durable=True) if args.backend == "postgres" and not args.url else None
    target: str | Path = path
    if args.backend == "postgres":
        target = args.url if cluster is None else cluster.create_database("bench")
    try:
        return await measure(args, templates, rng, target, path, setup_s)
    finally:
        if cluster is not None:
            cluster.stop()
        if not args.path:
            for suffix in ("", "-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
            os.rmdir(workdir)


async def database_bytes(db: Database, path: Path) -> int:
    """The database's size on disk (SQLite: the file after a checkpoint; PostgreSQL: pg_database_size)."""
    if db.dialect == "sqlite":
        await db.fetchone("PRAGMA wal_checkpoint(TRUNCATE)")
        return 0
    row = await db.fetchone("SELECT pg_database_size(current_database())")
    return int(row[0]) if row is not None else 0


async def measure(args: argparse.Namespace, templates: list[Template], rng: random.Random, target: str | Path,
                  path: Path, setup_s: float) -> dict[str, Any]:
    db = await Database.open(target, synchronous=args.synchronous, pool_size=60)
    plan = await populate(db, templates, args.tables, rng, args.rules)
    commits = await bench_commits(db, plan, args.commits, rng)
    t0 = time.perf_counter()
    concurrent = await bench_concurrent(db, plan, tasks=50, per_task=20)
    throughput = len(concurrent) / (time.perf_counter() - t0)
    scratch = await db.create_table(TableRecord(0, 0, 0, 0, Rules(), status=Status.ENDED))  # snapshots only
    snap_ms: list[float] = []
    for seq, hand, _, state in templates[0].snapshots[:100]:
        obj = json.loads(state)
        t0 = time.perf_counter()
        await db.save_snapshot(scratch.table_id, seq, obj, hand, kind="periodic")
        snap_ms.append((time.perf_counter() - t0) * 1000)
    await db.delete_table(scratch.table_id)
    db_bytes = await database_bytes(db, path)
    await db.close()
    db_bytes = db_bytes or path.stat().st_size

    t0 = time.perf_counter()  # a restart: open, list, bulk-load, snapshot + replay every table
    db = await Database.open(target)
    open_ids = [t.table_id for t in await db.open_tables()]
    t1 = time.perf_counter()
    restored = await restore_tables(db, open_ids)
    restore_s = time.perf_counter() - t0
    t2 = time.perf_counter()  # breakdown only (not part of restore_s): the bulk read alone
    loads = await db.load_games(open_ids)
    load_s = time.perf_counter() - t2
    replayed = sum(len(g.actions) for g in loads.values())
    await db.close()
    assert len(restored) == args.tables
    for tid in rng.sample(open_ids, min(20, len(open_ids))):  # spot-check against a full replay
        template, cut = plan[tid]
        fresh = Table.replay(args.rules, template.seed, (action_from_json(a) for a in template.actions[:cut]))
        assert restored[tid].to_json() == fresh.to_json(), f"table {tid} restored wrong"
    return {
        "backend": args.backend, "tables": args.tables, "snapshot_every": args.snapshot_every,
        "shape": shape_key(args.rules.shape),
        "synchronous": args.synchronous,
        "commits": len(commits), "commit_ms_p50": round(statistics.median(commits), 3),
        "commit_ms_p99": round(percentile(commits, 99), 3), "commit_ms_max": round(max(commits), 3),
        "concurrent_commit_ms_p50": round(statistics.median(concurrent), 3),
        "concurrent_commit_ms_p99": round(percentile(concurrent, 99), 3),
        "concurrent_commits_per_s": round(throughput),
        "snapshot_ms_p50": round(statistics.median(snap_ms), 3),
        "restore_s": round(restore_s, 3), "restore_open_list_s": round(t1 - t0, 3),
        "restore_load_s": round(load_s, 3), "restore_actions_replayed": replayed,
        "db_bytes": db_bytes, "template_setup_s": round(setup_s, 1),
    }


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=1000)
    p.add_argument("--templates", type=int, default=12, help="distinct random matches the tables are cut from")
    p.add_argument("--length", type=int, default=1200, help="actions per template match")
    p.add_argument("--snapshot-every", type=int, default=10, help="periodic snapshot interval (actions)")
    p.add_argument("--commits", type=int, default=2000)
    p.add_argument("--synchronous", default="NORMAL", choices=("NORMAL", "FULL"))
    p.add_argument("--backend", default="sqlite", choices=("sqlite", "postgres"))
    p.add_argument("--url", help="PostgreSQL URL (default: a throwaway cluster)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", default="", help='the tables\' shape, e.g. "mode=friends players=6" or "decks=3"')
    p.add_argument("--path", help="directory for the database (default: a temporary one, removed)")
    p.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    return p.parse_args(argv)


if __name__ == "__main__":
    ns = parse()
    result = asyncio.run(main(ns))
    print(f"{result['backend']}: {result['tables']} open tables of shape {result['shape']}, snapshot after each hand"
          f" and every {result['snapshot_every']} actions")
    print(f"action commit ({result['commits']} sequential, synchronous={result['synchronous']}): "
          f"p50 {result['commit_ms_p50']} ms, p99 {result['commit_ms_p99']} ms, max {result['commit_ms_max']} ms")
    print(f"action commit (50 tables at once): p50 {result['concurrent_commit_ms_p50']} ms,"
          f" p99 {result['concurrent_commit_ms_p99']} ms, {result['concurrent_commits_per_s']} commits/s;"
          f" snapshot save p50 {result['snapshot_ms_p50']} ms")
    print(f"full restore of {result['tables']} tables: {result['restore_s']} s (open+list "
          f"{result['restore_open_list_s']} s, bulk load {result['restore_load_s']} s, "
          f"{result['restore_actions_replayed']} actions replayed)")
    print(f"database size: {result['db_bytes'] / 1e6:.1f} MB")
    if ns.json:
        print(json.dumps(result))
