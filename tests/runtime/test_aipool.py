"""AI decisions in worker processes: the same choice as in-process, made in another process; a dead
worker neither loses the move nor the pool; the bot plays its AI seats through the pool."""

from __future__ import annotations

import os
import random

import pytest

from engine.ai import choose_action
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from runtime.aipool import AiPool, shared_pool
from tests.conftest import one_human_and_three_ai


def positions(count: int) -> list[Table]:
    """Tables at random points of random matches, each with a seat to act."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        table = Table.new(Rules(), seed)
        for _ in range(30 + 7 * seed):
            if not table.to_act():
                break
            table.apply(random_action(table, rng))
        if table.to_act():
            out.append(table)
    return out


@pytest.fixture
def pool():
    pool = AiPool(2)
    yield pool
    pool.close()


async def test_the_pool_decides_as_the_process_would_in_another_process(pool: AiPool) -> None:
    assert await pool.run(os.getpid) != os.getpid()
    for table in positions(6):
        view = table.seat_view(table.to_act()[0])
        for level in ("random", "basic"):
            mine = choose_action(view, level, random.Random(5), 0.05)
            assert await pool.decide(view, level, random.Random(5), 0.05) == mine
        # a strong AI reading every seat (读牌)
        strong = await pool.decide(view, "strong", random.Random(5), 0.05, dict.fromkeys(range(4), "strong"))
        if strong is not None:  # legal: the table accepts it (an illegal action raises; a throw, 甩牌, is not
            Table.from_json(table.to_json()).apply(strong)  # listed by ``legal_actions``)


async def test_a_dead_worker_is_replaced_and_the_move_still_made(pool: AiPool) -> None:
    table = positions(1)[0]
    view = table.seat_view(table.to_act()[0])
    with pytest.raises(Exception):  # noqa: B017 - the worker exits under the call: the pool is broken
        await pool.run(os._exit, 3)
    assert await pool.decide(view, "basic", random.Random(1), 0.05) == choose_action(view, "basic", random.Random(1))
    assert await pool.run(os.getpid) != os.getpid()  # a new pool


def test_one_shared_pool_per_size() -> None:
    assert shared_pool(2) is shared_pool(2) and shared_pool(1) is not shared_pool(2)
    assert shared_pool().processes >= 1


async def test_the_bot_plays_its_ai_seats_in_the_pool(simcord_env) -> None:
    env = simcord_env
    game = env.bot.game
    assert isinstance(game.ai_pool, AiPool)
    _channel, _alice, rec, _lobby = await one_human_and_three_ai(env, "en")
    await env.settle()
    table = game.session(rec.table_id).table
    assert table is not None and any(a.seat in (1, 2, 3) for a in table.actions if getattr(a, "seat", None))
