"""Load of the web table: N tables × 4 connected seats plus spectators on one server process.

``python benchmarks/web_load.py [--tables 200] [--spectators 50] [--seconds 30] [--think 2.0] [--json]``

A server process (this script with ``--serve``: the service on a throwaway SQLite database, four human seats per
table, its web server) prints a link per page; this process opens every page's WebSocket, then plays: the seat to
act chooses a legal move from its own page (``choose``) and sends it after ``--think`` seconds (while declaring,
four seats may send at once: the first is taken, the others are refused as stale and counted apart). For each move
the time from sending it to each open page of the table receiving the state of that version is one sample
(*move-to-every-page*). The fan-out's own CPU per update (``WebHub.fan_out``: this server thread's CPU time, so
the machine's other load does not count) is measured inside the server. Memory per connection is the server's
RSS growth from before the pages connected to after,
divided by the pages. The pages run in this process (a second process on the same cores: the figures include it);
on a shared machine the figures are noisy. ``--json`` ends with one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GUILD = 7


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# -- the server process -------------------------------------------------------------------------------------------
async def serve(tables: int, spectators: int) -> None:
    from data.database import Database
    from data.records import Mode, TableOptions
    from runtime.access import Caller
    from runtime.links.weblinks import LinkBook
    from runtime.pictures.imaging import ImagePolicy
    from runtime.ratelimit import RateLimiter
    from runtime.service.game import GameService
    from web.demo import Quiet
    from web.server import WebServer

    db = await Database.open(Path(tempfile.mkdtemp()) / "web_load.sqlite3")
    game = GameService(db, Quiet(), images=ImagePolicy.NONE, rng_seed=3)
    await game.restore_all()
    links = LinkBook(game, b"web-load", "")
    server = WebServer(game, links, RateLimiter({}))
    fanout = FanOut(server.hub)
    server.app.router.add_get("/bench-stats", fanout.report)
    port = await server.start("127.0.0.1", 0)
    links.base_url = f"http://127.0.0.1:{port}"
    options = TableOptions(ai_delay=0.0, deal_delay=0.0, next_hand_delay=0.5, ai_declare_wait=0.0,
                           turn_timeout=3600.0, reminder_before=0.0, declare_window=3600.0, forced_autoplay=False)
    out = []
    for n in range(tables):
        users = [1000 + 4 * n + s for s in range(4)]
        rec = await game.open_table(guild_id=GUILD, channel_id=1, host_id=users[0], host_name=f"p{users[0]}",
                                    mode=Mode.ASYNC, options=options)
        for seat, user in enumerate(users[1:], start=1):
            await game.sit(rec.table_id, user, f"p{user}", seat)
        await game.start(rec.table_id, users[0])
        pages = [await links.issue(Caller(u, GUILD), rec.table_id) for u in users]
        watchers = [await links.issue(Caller(900_000 + n * 10 + k, GUILD), rec.table_id)
                    for k in range(spectators // tables + (n < spectators % tables))]
        out.append({"table": rec.table_id, "seats": pages, "watch": watchers})
    print(json.dumps({"port": port, "tables": out}), flush=True)
    await asyncio.Event().wait()


class FanOut:
    """The server's fan-out cost, measured in its own process: the CPU time (this thread's, so other processes on
    the machine do not count) of each ``WebHub.fan_out`` — the public part built and encoded once, each seat's
    frame once, every page's queue; it does not await — and the pages it served; ``GET /bench-stats`` reports."""

    def __init__(self, hub: Any) -> None:
        self.cpu: list[float] = []
        self.pages: list[int] = []
        original = hub.fan_out

        def measured(session: Any, pages: list[Any], acted: int | None, deadline: float | None) -> None:
            start = time.thread_time()
            original(session, pages, acted, deadline)
            self.cpu.append(time.thread_time() - start)
            self.pages.append(len(pages))

        hub.fan_out = measured

    async def report(self, request: Any) -> Any:
        from aiohttp import web

        cpu = [c * 1000 for c in self.cpu]
        return web.json_response({"updates": len(cpu), "fanout_cpu_ms_p50": round(pct(cpu, 0.5), 3),
                                  "fanout_cpu_ms_p99": round(pct(cpu, 0.99), 3),
                                  "pages_per_update": round(sum(self.pages) / max(1, len(self.pages)), 2)})


# -- the pages ----------------------------------------------------------------------------------------------------
class Load:
    def __init__(self, think: float) -> None:
        self.think = think
        self.sent: dict[tuple[int, int], float] = {}  # (table, version) -> when the move was sent
        self.samples: list[float] = []
        self.moves = 0
        self.refused = 0
        self.keys: dict[str, int] = {}
        self.sending: set[asyncio.Future[None]] = set()
        self.running = True


async def page(http: Any, load: Load, url: str, table: int, seat: int | None) -> None:
    import aiohttp

    async with http.get(url, allow_redirects=False) as response:
        cookie = response.cookies[f"tractor_{table}"].value
    base = url.split("/t/")[0].replace("http", "ws")
    async with http.ws_connect(f"{base}/ws/{table}", headers={"Cookie": f"tractor_{table}={cookie}"},
                               compress=15) as ws:  # permessage-deflate, as browsers ask
        version = -1
        async for msg in ws:
            if msg.type is not aiohttp.WSMsgType.TEXT or not load.running:
                break
            frame = json.loads(msg.data)
            kind = frame["type"]
            if kind == "state":
                version = frame["public"].get("version", 0)
                sent = load.sent.get((table, version))
                if sent is not None:
                    load.samples.append(time.perf_counter() - sent)
                mine = frame.get("private")
                if seat is not None and mine and mine["your_turn"]:
                    delay = load.think * random.uniform(0.5, 1.5)
                    asyncio.get_running_loop().call_later(delay, _decide, ws, load, table, frame)
            elif kind == "refused":
                load.refused += 1
                load.keys[frame["key"]] = load.keys.get(frame["key"], 0) + 1


def choose(frame: dict[str, Any]) -> tuple[str, list[str]]:
    """The page's player decides from what its page shows: declare the first declaration while none stands, else
    pass; bury the first 8 cards; lead the first card, or follow with the first legal follow (the engine's rules
    on the page's own hand, in this process)."""
    from engine.cards import format_cards, parse_cards
    from engine.follow import enumerate_follows
    from engine.rules import Rules
    from engine.trump import trump_context

    pub, mine = frame["public"], frame["private"]
    if mine["bury"]:
        return "bury", mine["hand"][:8]
    if pub["phase"] != "playing":
        if mine["declarations"] and pub.get("declaration") is None:
            return "declare", mine["declarations"][0]
        return "pass", []
    trick = pub.get("trick")
    if not trick or not trick["plays"]:
        return "play", mine["hand"][:1]
    ctx = trump_context(pub["level"], pub["trump"], Rules.from_preset("standard"))
    follows = enumerate_follows(parse_cards(trick["plays"][0][1]), parse_cards(mine["hand"]), ctx, limit=1)
    return "play", format_cards(follows[0])


def _decide(ws: Any, load: Load, table: int, frame: dict[str, Any]) -> None:
    if ws.closed or not load.running:
        return
    kind, cards = choose(frame)
    version = frame["public"]["version"]
    load.sent.setdefault((table, version + 1), time.perf_counter())  # the first sent is the one taken
    load.moves += 1
    load.sending.add(asyncio.ensure_future(ws.send_str(json.dumps({"op": "act", "kind": kind, "cards": cards,
                                                                      "version": version}))))


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=1000)[int(q * 1000) - 1] if len(values) > 1 else float("nan")


async def drive(args: argparse.Namespace) -> dict[str, Any]:
    import aiohttp

    server = subprocess.Popen([sys.executable, __file__, "--serve", "--tables", str(args.tables),
                               "--spectators", str(args.spectators)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert server.stdout is not None
        info = json.loads(server.stdout.readline())
        await asyncio.sleep(1.0)
        before = rss_kb(server.pid)
        load = Load(args.think)
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar()) as http:
            tasks = [asyncio.create_task(page(http, load, url, t["table"], seat))
                     for t in info["tables"] for seat, url in enumerate(t["seats"])]
            tasks += [asyncio.create_task(page(http, load, url, t["table"], None))
                      for t in info["tables"] for url in t["watch"]]
            await asyncio.sleep(3.0)
            after = rss_kb(server.pid)
            pages = len(tasks)
            load.samples.clear()
            moves0, refused0 = load.moves, load.refused
            cpu0, mine0 = cpu_s(server.pid), time.process_time()
            await asyncio.sleep(args.seconds)
            cpu1, mine1 = cpu_s(server.pid), time.process_time()
            load.running = False
            async with http.get(f"http://127.0.0.1:{info['port']}/bench-stats") as response:
                fan = await response.json()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        samples = [s * 1000 for s in load.samples]
        taken = (load.moves - moves0) - (load.refused - refused0)
        return {"tables": args.tables, "pages": pages, "spectators": args.spectators, "seconds": args.seconds,
                "moves": load.moves - moves0, "samples": len(samples), "refused": load.refused, "refusals": load.keys,
                "p50_ms": round(pct(samples, 0.5), 2), "p99_ms": round(pct(samples, 0.99), 2),
                "max_ms": round(max(samples), 2) if samples else None,
                "kb_per_connection": round((after - before) / max(1, pages), 1), "server_rss_mb": after // 1024,
                "server_cpu_per_move_ms": round((cpu1 - cpu0) * 1000 / max(1, taken), 2),
                "server_cpu_share": round((cpu1 - cpu0) / args.seconds, 2),
                "pages_cpu_share": round((mine1 - mine0) / args.seconds, 2),
                **fan, "load_average": os.getloadavg()[0], "cpus": os.cpu_count()}
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=2.0, help="seconds a player takes per move (mean)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.tables, args.spectators))
        return
    result = asyncio.run(drive(args))
    print(f"{result['tables']} tables, {result['pages']} pages ({result['spectators']} watching), "
          f"{result['moves']} moves in {result['seconds']:.0f} s")
    print(f"move-to-every-page: p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms "
          f"({result['samples']} page updates; {result['refused']} refusals)")
    print(f"memory: {result['kb_per_connection']} KB per connection (server RSS {result['server_rss_mb']} MB)")
    print(f"CPU: server {result['server_cpu_per_move_ms']} ms per move taken, {result['server_cpu_share']} of a core; "
          f"pages {result['pages_cpu_share']} of a core; 1-minute load average {result['load_average']:.1f}")
    print(f"fan-out (server thread CPU per update, {result['pages_per_update']} pages each): "
          f"p50 {result['fanout_cpu_ms_p50']} ms, p99 {result['fanout_cpu_ms_p99']} ms "
          f"over {result['updates']} updates")
    if args.json:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
