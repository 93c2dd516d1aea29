"""Where the slow clicks' time goes: ``bot_load.py --ai strong`` with every click traced phase by phase.

Runs the same load as ``bot_load.py --ai strong`` (``benchmarks/ai_load.py``: N tables, one human and three
strong AI seats each) and, for every human click, notes the time spent in each phase of ``GameService.act``:
waiting for the table's lock, the engine, waiting for the database's lock, the statements themselves (a hop to
SQLite's thread), waiting in the picture queue, drawing, re-arming the timers, and ``shown``: from the click to its
table picture drawn (the live picture is drawn in the background after ``act`` returns; a superseded one counts
when the newer picture that replaced it is drawn); the slowest clicks are those slowest to be shown. Meanwhile it
notes every garbage collection (``gc.callbacks``: generation, duration), every database statement slower than 20 ms
(a WAL checkpoint shows up here) and the loop's lag. Prints the slowest 1 % of the clicks with their phases and what
overlapped them (collections, slow statements), and totals.

``--backend postgres`` runs it on a throwaway durable cluster (``tools.pgcluster``, as ``bot_load.py``): ``db_pool``
is then the wait for a pooled connection, ``sql`` a statement's round trip, and the server's own log is read back
for what it took slower than 20 ms (statements, lock waits, checkpoints, autovacuum), on the same clock.

Pictures are drawn on a thread here (``TRACTOR_RENDER_PROCESSES=0``; the bot's default is a process of their own):
the tracing wraps each drawing in a closure, which a drawing process could not receive.

    .venv/bin/python benchmarks/click_tail.py --tables 200 --json
    .venv/bin/python benchmarks/click_tail.py --tables 200 --backend postgres --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import gc
import json
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncpg.pool

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ai_load
from benchmarks.stallwatch import StallWatch
from data.database import Database
from data.postgres import PostgresDriver, PostgresTx
from data.sqlite import SqliteDriver, SqliteTx
from engine.table import Table
from runtime.pictures.renderqueue import QUEUE, RenderQueue
from runtime.service import pipeline as pipeline_module
from runtime.service.game import GameService
from runtime.service.session import Session
from tools.pgcluster import PgCluster

TRACE: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("click_trace", default=None)
CLICKS: list[dict[str, float]] = []
GCS: list[tuple[float, float, int]] = []  # (start, ms, generation)
SLOW_SQL: list[tuple[float, float, str]] = []  # (start, ms, statement)
SLOW_SQL_MS = 20.0
BUSY: dict[tuple[str, int], float] = {}  # (what, half-second) -> ms busy: statements' round trips, drawing
SLOW_THREAD: list[tuple[float, float, str]] = []  # (start, ms, statement): slow inside SQLite's thread
SERVER_LOG_SETTINGS = ("log_min_duration_statement=20", "log_checkpoints=on", "log_autovacuum_min_duration=0",
                       "log_lock_waits=on", "deadlock_timeout=20ms", "log_line_prefix='%n %p '",
                       "track_wal_io_timing=on")
WAL_STATS = ("wal_records", "wal_fpi", "wal_bytes", "wal_buffers_full", "wal_write", "wal_sync", "wal_write_time",
             "wal_sync_time")


def add(phase: str, seconds: float) -> None:
    trace = TRACE.get()
    if trace is not None:
        add_to(trace, phase, seconds)


def add_to(trace: dict[str, float], phase: str, seconds: float) -> None:
    trace[phase] = trace.get(phase, 0.0) + seconds * 1000.0


def busy(what: str, start: float, ms: float) -> None:
    key = (what, int(start * 2))
    BUSY[key] = BUSY.get(key, 0.0) + ms


def watch_gc() -> None:
    started: list[float] = [0.0]

    def callback(stage: str, info: dict[str, int]) -> None:
        if stage == "start":
            started[0] = time.perf_counter()
        else:
            GCS.append((started[0], (time.perf_counter() - started[0]) * 1000.0, info["generation"]))

    gc.callbacks.append(callback)


def timed(phase: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            add(phase, time.perf_counter() - t0)
    return wrapper


def instrument(service: GameService) -> None:
    """Wrap the phases of a click (see the module docstring)."""
    original_act = service.act

    async def act(*args: Any, **kwargs: Any) -> Any:
        trace: dict[str, float] = {"start": time.perf_counter()}
        token = TRACE.set(trace)
        try:
            return await original_act(*args, **kwargs)
        finally:
            TRACE.reset(token)
            trace["end"] = time.perf_counter()
            trace["total"] = (trace["end"] - trace["start"]) * 1000.0
            CLICKS.append(trace)

    service.act = act  # type: ignore[method-assign]

    original_serving = Session.serving

    @contextlib.asynccontextmanager
    async def serving(self: Session) -> AsyncIterator[None]:
        t0 = time.perf_counter()
        async with original_serving(self):
            add("table_lock", time.perf_counter() - t0)
            yield

    Session.serving = serving  # type: ignore[method-assign]

    original_apply = Table.apply

    def apply(self: Table, action: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return original_apply(self, action)
        finally:
            add("engine", time.perf_counter() - t0)

    Table.apply = apply  # type: ignore[method-assign]
    service.pipeline.arm = timed("arm", service.pipeline.arm)  # type: ignore[method-assign]
    pipeline_module.commit_action = timed("commit", pipeline_module.commit_action)

    time_statements()
    trace_pictures()


def time_statements() -> None:
    """Each database statement's round trip counted as the click's ``sql`` (and slow ones noted)."""
    statements: list[tuple[type, str]] = [
        (SqliteTx, n) for n in ("execute", "executemany", "insert", "fetchall", "fetchone", "script")]
    statements += [(PostgresTx, n) for n in ("execute", "executemany", "insert", "fetchall", "script")]
    statements += [(PostgresDriver, n) for n in ("execute", "insert", "fetchall")]
    for owner, name in statements:
        original = getattr(owner, name)

        def make(original: Callable[..., Any], name: str) -> Callable[..., Any]:
            async def statement(self: Any, sql: str, *args: Any) -> Any:
                t0 = time.perf_counter()
                try:
                    return await original(self, sql, *args)
                finally:
                    ms = (time.perf_counter() - t0) * 1000.0
                    add("sql", ms / 1000.0)
                    busy("sql_ms", t0, ms)
                    busy("statements", t0, 1)
                    if ms >= SLOW_SQL_MS:
                        SLOW_SQL.append((t0, ms, " ".join(sql.split())[:60]))
            return statement

        setattr(owner, name, make(original, name))


def trace_pictures() -> None:
    """The click's picture: its wait in the queue, its drawing, and when it was shown."""
    original_submit = RenderQueue.submit

    def submit(self: RenderQueue, slot: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        times: dict[str, float] = {"submit": time.perf_counter()}
        trace = TRACE.get()
        if trace is not None and "end" in trace:
            trace = None  # a task the click started (its context copied) submitting later: not the click's picture

        def draw(*a: Any, **k: Any) -> Any:
            times["begin"] = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                times["done"] = time.perf_counter()
                busy("draw_ms", times["begin"], (times["done"] - times["begin"]) * 1000.0)
                busy("pictures", times["begin"], 1)

        def settled(_future: Any) -> None:
            if trace is None:
                return  # not a click's
            if "done" in times and "end" not in trace:  # drawn (not superseded) and awaited by the click (``act``)
                add_to(trace, "picture_queue", times["begin"] - times["submit"])
                add_to(trace, "picture_draw", times["done"] - times["begin"])
                add_to(trace, "picture_back", time.perf_counter() - times["done"])
            trace["shown"] = max(trace.get("shown", 0.0), (time.perf_counter() - trace["start"]) * 1000.0)

        future = original_submit(self, slot, draw, *args, **kwargs)
        future.add_done_callback(settled)
        return future

    RenderQueue.submit = submit  # type: ignore[method-assign]


def time_lock(lock: Any) -> None:
    """The SQLite driver's lock: its waits counted as the click's ``db_lock``."""
    original = lock.acquire

    async def acquire() -> bool:
        t0 = time.perf_counter()
        try:
            return bool(await original())
        finally:
            add("db_lock", time.perf_counter() - t0)

    lock.acquire = acquire


def server_log(path: Path, offset: float) -> list[tuple[float, float, str]]:
    """The server's slow statements, lock waits, checkpoints and vacuums: (perf_counter start, ms, text);
    ``offset``: ``time.time() - time.perf_counter()`` (the log's ``%n`` is epoch seconds)."""
    out: list[tuple[float, float, str]] = []
    for line in path.read_text(errors="replace").splitlines():
        head, _, rest = line.partition(" ")
        try:
            at = float(head) - offset
        except ValueError:
            continue
        text = rest.partition(" ")[2]
        ms = 0.0
        if "duration: " in text:
            with contextlib.suppress(ValueError):
                ms = float(text.split("duration: ", 1)[1].split(" ", 1)[0])
        if ms or any(k in text for k in ("checkpoint", "vacuum", "still waiting", "acquired")):
            out.append((at - ms / 1000.0, ms, " ".join(text.split())[:90]))
    return out


def watch_sqlite_thread(conn: Any) -> None:
    """Time each statement inside aiosqlite's thread (what SQLite itself took, without the hops and the GIL)."""
    original = conn._execute

    async def _execute(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        def run(*a: Any, **k: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                ms = (time.perf_counter() - t0) * 1000.0
                add("sql_in_thread", ms / 1000.0)
                if ms >= SLOW_SQL_MS:
                    SLOW_THREAD.append((t0, ms, " ".join(str(a[0] if a else fn).split())[:60]))
        return await original(run, *args, **kwargs)

    conn._execute = _execute


def overlapping(events: list[tuple[float, float, Any]], start: float, end: float) -> list[tuple[float, Any]]:
    return [(round(ms, 1), what) for t0, ms, what in events if t0 < end and t0 + ms / 1000.0 > start]


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    watch_gc()
    if args.switch_interval:
        sys.setswitchinterval(args.switch_interval)
    cluster = PgCluster.start(durable=True, settings=SERVER_LOG_SETTINGS) if args.backend == "postgres" else None
    target: Path | str = (cluster.create_database("load") if cluster is not None
                          else Path(tempfile.mkdtemp(prefix="click_tail_")) / "ai.sqlite3")
    db = await Database.open(target, pool_size=20)
    driver = db.driver if hasattr(db, "driver") else None
    if isinstance(driver, PostgresDriver):  # asyncpg's pools: the wait for a connection is the click's ``db_pool``
        asyncpg.pool.Pool._acquire = timed("db_pool", asyncpg.pool.Pool._acquire)
    if isinstance(driver, SqliteDriver):
        time_lock(driver._lock)
        watch_sqlite_thread(driver.raw)
        if args.wal_autocheckpoint is not None:
            await driver.raw.execute(f"PRAGMA wal_autocheckpoint={int(args.wal_autocheckpoint)}")
    original_init = GameService.__init__

    def init(self: GameService, *a: Any, **k: Any) -> None:
        original_init(self, *a, **k)
        instrument(self)

    GameService.__init__ = init  # type: ignore[method-assign]
    watch = StallWatch(asyncio.get_running_loop()).start()
    try:
        figures = await ai_load.run(db, args.tables, args.seconds, "pool", args.budget, True, None, 0)
    finally:
        watch.stop()
        wal_file = Path(f"{target}-wal")
        wal_bytes = wal_file.stat().st_size if cluster is None and wal_file.exists() else 0  # its largest extent
        wal = await db.fetchone(f"SELECT {', '.join(WAL_STATS)} FROM pg_stat_wal") if cluster is not None else None
        await db.close()
        server = server_log(cluster.root / "server.log", time.time() - time.perf_counter()) if cluster else []
        if cluster is not None:
            cluster.stop()
    clicks = sorted(CLICKS, key=lambda c: -max(c["total"], c.get("shown", 0.0)))
    slow = clicks[:max(1, len(clicks) // 100)]
    phases = ("table_lock", "engine", "commit", "db_lock", "db_pool", "sql", "sql_in_thread", "picture_queue",
              "picture_draw", "picture_back", "arm", "shown")
    first = min((c["start"] for c in CLICKS), default=0.0)
    rows = []
    for c in slow:
        row: dict[str, Any] = {"at_s": round(c["start"] - first, 2), "total": round(c["total"], 1)}
        row.update({p: round(c.get(p, 0.0), 1) for p in phases if c.get(p)})
        row["gc"] = overlapping([(t, ms, f"gen{g}") for t, ms, g in GCS], c["start"], c["end"])
        row["slow_sql"] = overlapping(SLOW_SQL, c["start"], c["end"])
        row["slow_in_thread"] = overlapping(SLOW_THREAD, c["start"], c["end"])
        row["server"] = overlapping(server, c["start"], c["end"])
        row["stalls"] = overlapping([(t, ms, "loop") for t, ms in watch.stalls], c["start"], c["end"])
        rows.append(row)
    steady = sorted(c["total"] for c in CLICKS if c["start"] - first >= args.settle)
    over = [round(c["start"] - first, 1) for c in CLICKS if c["total"] > 100.0]
    halves = sorted({h for _, h in BUSY})
    start_half = int(first * 2)
    timeline = [{"at_s": (h - start_half) / 2, **{w: round(BUSY.get((w, h), 0.0)) for w in
                 ("statements", "sql_ms", "pictures", "draw_ms")},
                 "clicks": sum(1 for c in CLICKS if int(c["start"] * 2) == h),
                 "click_max": round(max((c["total"] for c in CLICKS if int(c["start"] * 2) == h), default=0.0))}
                for h in halves if h >= start_half][:12]
    gen2 = sorted(ms for _, ms, g in GCS if g == 2)
    return {
        **{k: figures[k] for k in ("latency_ms_p50", "latency_ms_p99", "latency_ms_max", "commit_ms_p99",
                                   "loop_lag_ms_p99", "loop_lag_ms_max", "human_moves", "ai_moves_per_s")},
        "pictures_drawn_total": QUEUE.drawn, "pictures_superseded_total": QUEUE.superseded,  # set-up included
        "act_ms_p99": ai_load.pct([c["total"] for c in CLICKS], 0.99),
        "shown_ms_p99": ai_load.pct([max(c["total"], c.get("shown", 0.0)) for c in CLICKS], 0.99),
        "act_ms_p99_after_settle": ai_load.pct(steady, 0.99), "clicks_after_settle": len(steady),
        "clicks_over_100ms_at_s": over,
        "gc_collections": {g: sum(1 for *_, gg in GCS if gg == g) for g in (0, 1, 2)},
        "gc_gen2_ms": gen2, "gc_gen1_ms_max": round(max((ms for _, ms, g in GCS if g == 1), default=0.0), 1),
        "gc_objects": len(gc.get_objects()),
        "slow_sql": [(round(t - first, 2), round(ms, 1), s) for t, ms, s in SLOW_SQL],
        "wal_max_kb": round(wal_bytes / 1024),
        "checkpointer": ({"runs": driver.checkpointer.runs, "frames": driver.checkpointer.frames}
                         if isinstance(driver, SqliteDriver) and driver.checkpointer else None),
        "slow_in_thread": [(round(t - first, 2), round(ms, 1), s) for t, ms, s in SLOW_THREAD],
        "pg_stat_wal": {k: wal[k] for k in WAL_STATS} if wal else None,
        "server_log": [(round(t - first, 2), round(ms, 1), s) for t, ms, s in server][:40],
        "loop_stalls": [(round(t - first, 2), round(ms, 1)) for t, ms in watch.stalls],
        "stall_stacks": sorted(watch.samples.items(), key=lambda kv: -kv[1])[:15],
        "timeline_first_6s": timeline,
        "slowest_clicks": rows,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds of start-up burst left out of one p99")
    parser.add_argument("--switch-interval", type=float, help="sys.setswitchinterval (s; Python's default 0.005)")
    parser.add_argument("--wal-autocheckpoint", type=int, help="SQLite's PRAGMA wal_autocheckpoint (pages)")
    parser.add_argument("--backend", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = asyncio.run(main_async(args))
    print(json.dumps(out, indent=None if args.json else 1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
