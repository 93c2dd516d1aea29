"""Load benchmark: N concurrent tables driven through SimCord (discord.py's real code, simulated Discord).

Each table: ``/tractor new`` (async mode), three *Add AI* clicks, *Start* (cards dealt at once), then the
host opens the private panel (``/hand``) and passes or declares. AI seats are slowed down (one hour) so
the N tables stay open at the same time. Prints the interaction handling latency (from the interaction's
arrival in the bot to its first response: a defer or a message) p50/p99, the resident memory per open
table (``kb_per_table``: the process's growth with the N tables open, after a collection; SimCord's simulated
Discord keeps every message, but its request log and the pictures uploaded to it are dropped after each table is
set up, as they live on Discord's servers, not in the bot; ``--trace-memory``: who holds the Python memory,
``bot_kb_per_table`` without SimCord's part), and the event loop's lag
(``loop_lag_ms_p99``, sampled every 10 ms). ``--json``: one JSON object on the last line.

``--options "mode=friends players=6"``: the tables' rule options (``/tractor new options:``, any shape, RULES §13):
their empty seats are filled by one *Fill with AI* click instead.

``--ai strong``: every table has three strong AI seats (``--budget`` 0.2 s) that really play, in the bot's AI
process pool (``--ai-in thread``: as before the pool), for ``--seconds``; see ``benchmarks/ai_load.py``.
``--backend postgres``: on ``--url`` or a throwaway PostgreSQL cluster (``tools.pgcluster``).

    .venv/bin/python benchmarks/bot_load.py --tables 200 --json
    .venv/bin/python benchmarks/bot_load.py --tables 200 --ai strong --backend postgres --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import json
import logging
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord
from discord.webhook.async_ import AsyncWebhookAdapter

from benchmarks import ai_load
from cli.bot import create_bot
from cli.config import Config
from cogs.hub import detach_game
from data.database import Database
from data.records import TableOptions
from tools.pgcluster import PgCluster

ARRIVALS: dict[int, float] = {}
LATENCIES: list[float] = []


def _instrument() -> None:
    """Stamp each interaction on arrival and measure until its first response is sent."""
    original_init = discord.Interaction.__init__

    def init(self: discord.Interaction, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        ARRIVALS[self.id] = time.perf_counter()

    original_respond = AsyncWebhookAdapter.create_interaction_response

    def respond(self: Any, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
        start = ARRIVALS.pop(int(interaction_id), None)
        if start is not None:
            LATENCIES.append((time.perf_counter() - start) * 1000.0)
        return original_respond(self, interaction_id, *args, **kwargs)

    discord.Interaction.__init__ = init  # type: ignore[method-assign]
    AsyncWebhookAdapter.create_interaction_response = respond  # type: ignore[method-assign]


def rss_kb() -> int:
    """Resident memory (KB) after a full collection, with the C allocator's free pages handed back (so memory
    freed since, e.g. a picture's buffers, is not counted as held)."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4


OWNERS = ("simcord", "discord", "cogs", "runtime", "render", "data", "engine", "i18n", "aiosqlite", "PIL", "asyncpg")
TRACE_DEPTH = 24


def _owner(traceback: tracemalloc.Traceback) -> str:
    """Who allocated: the package of the innermost frame that is SimCord's, discord.py's or the bot's (a deep copy
    or a JSON parse is charged to whoever asked for it)."""
    for frame in reversed(list(traceback)):  # innermost first
        parts = Path(frame.filename).parts
        for name in OWNERS:
            if name in parts:
                return name
    return "other"


def memory_owners(before: tracemalloc.Snapshot, tables: int) -> dict[str, Any]:
    """Python memory allocated since ``before`` and still held, per open table (KB), by owner (``_owner``): all of
    it, SimCord's simulated Discord's part (its messages; ``forget_simulated_logs`` dropped the rest), and the bot's
    own part."""
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    by_owner: dict[str, int] = {}
    for stat in after.compare_to(before, "traceback"):
        key = _owner(stat.traceback)
        by_owner[key] = by_owner.get(key, 0) + stat.size_diff
    total = sum(by_owner.values())
    simcord_bytes = by_owner.get("simcord", 0)
    top = sorted(by_owner.items(), key=lambda kv: -kv[1])
    return {"traced_kb_per_table": round(total / 1024 / tables, 1),
            "simcord_kb_per_table": round(simcord_bytes / 1024 / tables, 1),
            "bot_kb_per_table": round((total - simcord_bytes) / 1024 / tables, 1),
            "traced_kb_per_table_by_owner": {k: round(v / 1024 / tables, 1) for k, v in top}}


def simulated_cdn_bytes(env: Any) -> int:
    """Bytes of the pictures SimCord's simulated Discord keeps (every attachment the bot posted: on Discord's
    servers in real life)."""
    return sum(len(blob) for blob in env.backend.cdn._blobs.values())


def forget_simulated_logs(env: Any) -> int:
    """Drop what SimCord's simulated Discord keeps besides the messages themselves: the stored pictures, its log of
    every HTTP request (deep copies of each payload) and its transcript; return the pictures' bytes. None of it is
    the bot's memory (the bot never reads it back). Dropped after each table, not once at the end: held until the
    end, it is about two thirds of the traced growth per table, and its small objects stay scattered through the
    allocator's arenas, so the process's resident size never shrinks back (measured at 1,000 tables: 262 KB per
    table when dropped at the end, 95 when dropped as the run goes). The messages stay (counted against the bot: a
    conservative figure)."""
    pictures = simulated_cdn_bytes(env)
    env.backend.cdn._blobs.clear()
    env.backend.http_requests.clear()
    env.backend.transcript.clear()
    return pictures


def _button(message: Any, op: str) -> str:
    for row in message.components:
        for comp in row.get("components", []):
            cid = comp.get("custom_id", "")
            if comp.get("type") == 2 and cid.split(":")[-2] == op:
                return cid
    raise RuntimeError(f"no {op} button")


async def run(n_tables: int, url: str | None, trace: bool = False, rule_options: str | None = None) -> dict[str, Any]:
    _instrument()
    tmp = Path(tempfile.mkdtemp(prefix="bot_load_"))
    options = TableOptions(ai_delay=3600.0, deal_delay=0.0, next_hand_delay=0.0, turn_timeout=7200.0,
                           ai_declare_wait=7200.0,  # no AI declares while the humans may (a 20 s timer per table)
                           reminder_before=60.0, declare_window=7200.0)
    bot = create_bot(Config(db_path=tmp / "load.sqlite3", db_url=url, max_tables_per_guild=n_tables,
                            render_processes=0),
                     table_options=options, limits={}, rng_seed=1)
    sampler = ai_load.LagSampler(asyncio.get_running_loop()).__enter__()
    async with simcord.run(bot, settle_timeout=120.0) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("cards")
        hosts = [guild.add_member(env.create_user(f"p{i}")) for i in range(n_tables)]
        base = rss_kb()
        if trace:
            tracemalloc.start(TRACE_DEPTH)
            before = tracemalloc.take_snapshot()
        started = time.perf_counter()
        pictures = 0
        for host in hosts:
            result = await host.slash(channel, "tractor new", mode="async",
                                      **({"options": rule_options} if rule_options else {}))
            lobby = result.response
            assert lobby is not None, env.transcript()
            for _ in range(1 if rule_options else 3):  # any shape: one Fill with AI
                await host.click(lobby, custom_id=_button(lobby, "fillai" if rule_options else "addai"))
            await host.click(lobby, custom_id=_button(lobby, "start"))
            pictures += forget_simulated_logs(env)
        for host in hosts:
            result = await host.slash(channel, "hand")
            panel = result.followups[-1] if result.followups else result.response
            assert panel is not None
            for op in ("pass", "decl"):
                try:
                    await host.click(panel, custom_id=_button(panel, op))
                    break
                except RuntimeError:
                    continue
            pictures += forget_simulated_logs(env)
        elapsed = time.perf_counter() - started
        owners = memory_owners(before, n_tables) if trace else {}
        per_table = (rss_kb() - base) / max(1, n_tables)
        open_tables = len(bot.game.sessions)
        await detach_game(bot)  # SimCord's shutdown does not call bot.close(): close the database ourselves
    sampler.__exit__()
    lat = sorted(LATENCIES)
    return {
        "mode": "simcord", "backend": "postgres" if url else "sqlite", "tables": n_tables,
        "options": rule_options or "",
        "open_tables": open_tables,
        "interactions": len(lat),
        "latency_ms_p50": round(statistics.median(lat), 2) if lat else None,
        "latency_ms_p99": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2) if lat else None,
        "latency_ms_max": round(lat[-1], 2) if lat else None,
        "kb_per_table": round(per_table, 1),
        "simulated_cdn_kb_per_table": round(pictures / 1024 / max(1, n_tables), 1),
        **owners,
        "seconds": round(elapsed, 1),
        **sampler.figures(),
    }


async def run_ai(args: argparse.Namespace, url: str | None) -> dict[str, Any]:
    target = url or Path(tempfile.mkdtemp(prefix="bot_load_")) / "ai.sqlite3"
    db = await Database.open(target, pool_size=20)
    try:
        return await ai_load.run(db, args.tables, args.seconds, args.ai_in, args.budget, not args.no_images,
                                 args.processes, args.render_processes)
    finally:
        await db.close()


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    cluster = PgCluster.start(durable=True) if args.backend == "postgres" and not args.url else None
    try:
        url = args.url if cluster is None else cluster.create_database("load")
        if args.ai == "strong":
            return await run_ai(args, url)
        return await run(args.tables, url, args.trace_memory, args.options)
    finally:
        if cluster is not None:
            cluster.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--ai", default="none", choices=("none", "strong"))
    parser.add_argument("--ai-in", default="pool", choices=("pool", "thread"))
    parser.add_argument("--budget", type=float, default=0.2, help="strong AI thinking time (s)")
    parser.add_argument("--processes", type=int, default=None, help="AI workers (default: one per core)")
    parser.add_argument("--seconds", type=float, default=30.0, help="--ai strong: how long the tables play")
    parser.add_argument("--no-images", action="store_true", help="--ai strong: render no pictures")
    parser.add_argument("--render-processes", type=int, default=Config.from_env().render_processes,
                        help="--ai strong: draw pictures in N processes (default: the bot's, "
                             "TRACTOR_RENDER_PROCESSES or 1; 0: a thread)")
    parser.add_argument("--backend", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--url", help="PostgreSQL URL (default: a throwaway cluster)")
    parser.add_argument("--trace-memory", action="store_true",
                        help="attribute the memory per table (tracemalloc, slower): the bot's own vs SimCord's")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--options", default=None, help='rule options of every table, e.g. "mode=friends players=6"')
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    out = asyncio.run(measure(args))
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>16}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
