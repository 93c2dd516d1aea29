"""The strong AI's review of a finished hand (``engine.ai.review``, ``runtime.records.review``): deterministic on a
recorded hand with a seed and a fixed number of deals, judged from each seat's view at the moment only, and refused over
the web table's socket while the hand is in play."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import aiohttp

from engine.actions import Action, DealAll, Pass, Play, action_from_json
from engine.ai import choose_action
from engine.ai.review import review_play
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime.access import Caller
from runtime.records.review import Reviewer, review_export
from tests.ai.test_peeking import _swap_hidden_cards
from tests.helpers.web import GUILD, WebWorld, wait_for, web_world

__all__ = ["web_world"]


def _move(table: Table, rng: random.Random) -> Action:
    """Seat 0 plays its last legal play (a careless player); the others play ``basic``."""
    if table.phase is Phase.DEALING:
        return DealAll()
    seat = table.to_act()[0]
    if seat == 0 and table.phase is Phase.PLAYING:
        return table.legal_actions(0)[-1]
    return choose_action(table.seat_view(seat), "basic", rng) or Pass(seat=seat)


def recorded_hand(seed: int) -> dict[str, Any]:
    """Hand 1 of a seeded match played to its end, as ``data.replay.export_hand`` exports it."""
    rules = Rules.from_preset("standard")
    table = Table.new(rules, seed)
    rng = random.Random(seed)
    actions = []
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        action = _move(table, rng)
        table.apply(action)
        actions.append(action.to_json())
    return {"format": 1, "table_id": 1, "hand_number": 1, "rules": rules.to_json(), "seed": seed,
            "snapshot": None, "actions": actions}


def test_review_of_a_recorded_hand_is_deterministic_and_names_real_alternatives() -> None:
    export = recorded_hand(3)
    marks = review_export(export, worlds=4)
    assert [m.to_json() for m in review_export(export, worlds=4)] == [m.to_json() for m in marks]
    assert marks and {m.seat for m in marks} >= {0}
    # each mark is a play of the log, at its trick, and the AI's choice was legal from that seat at that moment (the
    # table accepts it: an illegal play raises)
    table = Table.new(Rules.from_preset("standard"), 3)
    plays: list[tuple[int, int, tuple[Any, ...], Table]] = []
    for obj in export["actions"]:
        action = _action(obj)
        if isinstance(action, Play):
            plays.append((len(table.public_view().tricks), action.seat, action.cards,
                          Table.from_json(table.to_json())))
        table.apply(action)
    for m in marks:
        _, seat, cards, before = next(p for p in plays if p[0] == m.trick and p[1] == m.seat)
        assert m.played == cards and Counter(m.choice) != Counter(cards)
        before.apply(Play(seat=seat, cards=m.choice))  # (a throw (甩牌) is not listed by ``legal_actions``: applied)
    # the careless seat loses on the whole, as the AI estimates it
    assert sum(m.levels for m in marks if m.seat == 0) > 0
    assert sum(m.points for m in marks if m.seat == 0) > 0


def _action(obj: dict[str, Any]) -> Action:
    return action_from_json(obj)


def test_a_play_is_judged_from_its_seats_view_only() -> None:
    """The same view with other seats' cards exchanged gives the same review (the no-peeking rule)."""
    export = recorded_hand(5)
    table = Table.new(Rules.from_preset("standard"), 5)
    judged, marked = 0, 0
    for obj in export["actions"]:
        action = _action(obj)
        if isinstance(action, Play) and action.seat == 0 and len(action.cards) == 1 and judged < 6:
            other = _swap_hidden_cards(table, action.seat)
            assert other.seat_view(action.seat) == table.seat_view(action.seat)
            one = review_play(table.seat_view(action.seat), action.cards, random.Random(1), 4)
            two = review_play(other.seat_view(action.seat), action.cards, random.Random(1), 4)
            assert one == two
            judged += 1
            marked += one is not None
        table.apply(action)
    assert judged == 6 and marked >= 2


async def _frame(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    while True:
        frame = json.loads((await ws.receive(timeout=300)).data)
        if frame["type"] == kind:
            return frame


async def finish_hand(world: WebWorld, table_id: int, user: int = 101) -> None:
    """Play seat 0 (``user``) carelessly through the service until the hand is over (the others are AI seats)."""
    assert world.game is not None
    session = world.session(table_id)
    rng = random.Random(0)
    while session.table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        table = session.table
        if 0 in table.to_act() and table.phase is not Phase.DEALING:
            await world.game.act(table_id, user, _move(table, rng), version=table.version)
        else:
            await wait_for(lambda v=table.version: session.table.version != v)


async def test_review_is_refused_while_the_hand_is_in_play_then_served(web_world: WebWorld) -> None:
    world = web_world
    assert world.server is not None and world.links is not None
    world.server.frames.reviewer.worlds = 4
    table_id = await world.table([(101, "alice")], n_ai=3)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        url = await world.links.issue(Caller(101, GUILD), table_id)
        async with http.get(url, allow_redirects=False) as response:
            assert response.status == 303
        async with http.ws_connect(f"{world.base}/ws/{table_id}?lang=zh-CN") as ws:
            await _frame(ws, "state")
            await ws.send_str(json.dumps({"op": "review", "hand": 1}))
            refused = await _frame(ws, "refused")
            assert refused["key"] == "web.review_in_play" and refused["text"] == "本局结束后才能查看 AI 点评。"
            assert world.server.frames.reviewer.cached(table_id, 1) is None
            assert not world.server.frames.reviewer.running  # nothing was started
            await ws.send_str(json.dumps({"op": "review", "hand": True}))
            assert (await _frame(ws, "refused"))["key"] == "web.bad_frame"
            await finish_hand(world, table_id)
            await ws.send_str(json.dumps({"op": "review", "hand": 1}))
            assert (await _frame(ws, "review"))["ready"] is False
            done = await _frame(ws, "review")
            assert done["ready"] is True and done["marks"]
            assert {"trick", "seat", "played", "choice", "levels", "points"} <= set(done["marks"][0])
            await ws.send_str(json.dumps({"op": "review", "hand": 1}))  # cached: answered at once, the same
            assert await _frame(ws, "review") == done
    # stored with the table: another process (a restart) reads it instead of computing it again
    assert world.db is not None
    assert await world.db.hand_review(table_id, 1, 4) == done["marks"]
    again = Reviewer(world.db, worlds=4)
    try:
        marks = await again.review(Caller(101, GUILD), table_id, 1)
        assert [m.to_json() for m in marks] == done["marks"] and again.pool._executor is None  # no worker started
    finally:
        again.close()
