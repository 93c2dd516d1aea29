"""The dealer's friend calls over the web table's socket (找朋友, six seats, three decks): the call step's choices
follow ``friend_cards``; calls the engine refuses (a trump, a copy past the decks, the wrong count, a duplicate) are
refused with its reason in the page's language and change nothing; malformed calls are refused; good calls go with
the bury and every page then sees them, with the copies still to go by, also after a restart in the middle of the
hand. No frame shows another seat's cards."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from engine.actions import Pass
from engine.views import Phase
from i18n import MESSAGES
from runtime.access import Caller
from tests.helpers.web import GUILD, WebWorld, leaks, record_frames, wait_for, web_world
from tests.helpers.web_shapes import ALICE, friends_table
from web.friends import friends_json
from web.state import sorted_hand

__all__ = ["web_world"]


async def _frame(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    while True:
        frame = json.loads((await ws.receive(timeout=10)).data)
        if frame["type"] == kind:
            return frame


async def _burying(world: WebWorld) -> int:
    """A six-seat table where alice declared and now buries."""
    assert world.game is not None
    table_id, mine = await friends_table(world, 6)
    session = world.session(table_id)
    await world.game.act(table_id, ALICE, mine)
    while session.table.phase is Phase.DECLARING:
        if 0 in session.table.to_act():
            await world.game.act(table_id, ALICE, Pass())
        await wait_for(lambda: session.table.phase is not Phase.DECLARING or 0 in session.table.to_act())
    assert session.table.phase is Phase.BURYING and session.table.to_act() == (0,)
    return table_id


async def test_friend_calls_are_judged_by_the_engine_and_localized(web_world: WebWorld,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    world = web_world
    record_frames(world, monkeypatch)
    table_id = await _burying(world)
    session = world.session(table_id)
    view = session.table.public_view()
    hand = [str(c) for c in session.table.seat_view(0).hand]
    bury = hand[:session.table.rules.shape.kitty]
    assert world.links is not None
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(await world.links.issue(Caller(ALICE, GUILD), table_id, "zh-CN"),
                            allow_redirects=False) as response:
            assert response.status == 303
        async with http.ws_connect(f"{world.base}/ws/{table_id}?lang=zh-CN") as ws:
            state = await _frame(ws, "state")
            version = state["public"]["version"]
            assert state["public"]["players"] == 6 and state["public"]["mode"] == "friends"
            assert state["public"]["friends"] is None  # the calls are public only once play begins
            choices = state["private"]["calls"]
            assert choices["count"] == 2 and choices["ordinals"] == 3
            trump = view.trump
            assert not choices["jokers"] and all(view.level not in ranks for ranks in choices["ranks"].values())
            assert trump == "NT" or choices["ranks"][trump] == []
            assert sum(state["private"]["groups"]) == len(hand)
            ok = [{"card": "AS", "ordinal": 1}, {"card": "AH", "ordinal": 1}]
            if view.level == "A" or trump in ("S", "H"):
                ok = [{"card": "KC", "ordinal": 1}, {"card": "KD", "ordinal": 1}]
            before = json.dumps(session.table.to_json(), sort_keys=True)
            refusals = {
                "friends.card_not_allowed": [{"card": "BJ", "ordinal": 1}, ok[1]],
                "friends.bad_ordinal": [{**ok[0], "ordinal": 4}, ok[1]],
                "friends.wrong_count": ok[:1],
                "friends.duplicate": [ok[0], ok[0]],
            }
            for key, calls in refusals.items():
                await ws.send_str(json.dumps({"op": "check", "kind": "bury", "cards": bury, "calls": calls}))
                check = await _frame(ws, "check")
                assert not check["ok"] and check["text"].startswith(MESSAGES[key]["zh-CN"][:2]), (key, check)
                await ws.send_str(json.dumps({"op": "act", "kind": "bury", "cards": bury, "calls": calls,
                                              "version": version}))
                refused = await _frame(ws, "refused")
                assert refused["key"] == key and refused["text"] != key
                assert json.dumps(session.table.to_json(), sort_keys=True) == before
            malformed: list[object] = ["AS", [{"card": "AS"}], [{"card": "ZZ", "ordinal": 1}], [ok[0]] * 9]
            for bad in malformed:
                await ws.send_str(json.dumps({"op": "act", "kind": "bury", "cards": bury, "calls": bad,
                                              "version": version}))
                assert (await _frame(ws, "refused"))["key"] == "web.bad_frame"
            await ws.send_str(json.dumps({"op": "act", "kind": "play", "cards": bury[:1], "calls": ok,
                                          "version": version}))
            assert (await _frame(ws, "refused"))["key"] == "web.bad_frame"
            assert json.dumps(session.table.to_json(), sort_keys=True) == before
            await ws.send_str(json.dumps({"op": "check", "kind": "bury", "cards": bury, "calls": ok}))
            assert (await _frame(ws, "check"))["ok"]
            await ws.send_str(json.dumps({"op": "act", "kind": "bury", "cards": bury, "calls": ok,
                                          "version": version}))
            seen: set[str] = set()
            while not {"ok", "playing"} <= seen:  # the answer, and the state of the hand in play (either first)
                frame = json.loads((await ws.receive(timeout=10)).data)
                seen.add(frame["type"])
                if frame["type"] == "state" and frame["public"]["phase"] == "playing":
                    state = frame
                    seen.add("playing")
            friends = state["public"]["friends"]
            assert [(c["card"], c["ordinal"]) for c in friends["calls"]] == [(c["card"], c["ordinal"]) for c in ok]
            assert friends["team"][0] == 0 and all("skip" in c for c in friends["calls"])
            assert state["private"]["calls"] is None
        # a restart in the middle of the hand: the page reconnects to the same calls, team and hand
        version = world.session(table_id).table.version
        await world.restart()
        assert world.session(table_id).table.version == version
        async with http.ws_connect(f"{world.base}/ws/{table_id}?lang=zh-CN") as ws:
            again = await _frame(ws, "state")
            assert again["public"]["friends"] == world_friends(world, table_id)
            assert again["public"]["friends"]["calls"][0]["card"] == ok[0]["card"]
            assert again["private"]["hand"] == [str(c) for c in session_hand(world, table_id)]
    assert world.sent and not leaks(world.sent)


def world_friends(world: WebWorld, table_id: int) -> dict[str, Any] | None:
    return friends_json(world.session(table_id).table.public_view().friends)


def session_hand(world: WebWorld, table_id: int) -> list[Any]:
    table = world.session(table_id).table
    return list(sorted_hand(table.seat_view(0)))
