"""The state frames' trick log: a page's first state (or one it asks for) carries the hand's whole log, every update
after it only the log's length and the last trick; the log a page rebuilds from the updates is the whole log."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from runtime.access import Caller
from tests.helpers.web import GUILD, WebWorld, web_world
from tests.web.test_summary import play_hand

__all__ = ["web_world"]


def rebuild(log: list[Any], public: dict[str, Any]) -> list[Any]:
    """The page's rule (static/app.js mergeLog): whole, or one more trick appended from ``last_trick``."""
    if "tricks" in public:
        return list(public["tricks"])
    count = public.get("trick_count", 0)
    if count == 0:
        return []
    if count == len(log) + 1:
        return [*log, public["last_trick"]]
    assert count == len(log), (count, len(log))  # an update never skips a trick the page was sent
    return log


async def test_updates_carry_the_last_trick_not_the_whole_log(web_world: WebWorld) -> None:
    world = web_world
    table_id = await world.table([(101, "alice")], n_ai=3)
    assert world.links is not None
    url = await world.links.issue(Caller(101, GUILD), table_id)
    frames: list[tuple[int, dict[str, Any]]] = []
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(url, allow_redirects=False) as response:
            assert response.status == 303
        async with http.ws_connect(f"{world.base}/ws/{table_id}") as ws:

            async def read() -> None:
                async for msg in ws:
                    frames.append((len(msg.data.encode()), json.loads(msg.data)))

            reader = asyncio.ensure_future(read())
            await play_hand(world, table_id)
            await asyncio.sleep(0.3)
            await ws.send_str(json.dumps({"op": "state"}))  # asked for: whole again
            await asyncio.sleep(0.3)
            reader.cancel()
    states = [(size, f["public"]) for size, f in frames if f.get("type") == "state"]
    assert "tricks" in states[0][1] and "tricks" in states[-1][1]
    updates = states[1:-1]
    assert updates and all("tricks" not in pub for _, pub in updates)
    log: list[Any] = []
    for _, pub in states[:-1]:
        log = rebuild(log, pub)
    whole = states[-1][1]["tricks"]
    assert len(whole) >= 13 and log == whole
    late = [size for size, pub in updates if pub.get("trick_count", 0) >= 10]
    print(f"update frames after 10 tricks: max {max(late)} B; the whole state at the end {states[-1][0]} B")
    assert max(late) < states[-1][0]
