"""A bot restart in each phase RULES §5/§8 v2 added (SimCord): the face-down declaring window of ``aihua``
(暗扣), its face-down round after the bury (暗反), the swap-dealer window (换庄) and the no-trump-only round
(反无主) of ``daiwang``, and a ``timed`` match after time was called. The restored table is exactly the stored
one and plays on to the end of the hand (and of the match, once time was called)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.actions import Play
from engine.table import Table
from engine.views import Phase
from tests.cogs.test_flows_rounds import _by_panel, _seated
from tests.helpers.botflow import advance, bounded, close_game
from tests.helpers.restart import restart
from tests.helpers.rounds_flow import Script, next_move

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]

AIHUA_SEED, DAIWANG_SEED = 3, 2  # tests/helpers/rounds_flow.py: a face-down overcall; a 换庄 second window in hand 2


@pytest.fixture
def bot_options(request: Any) -> dict[str, Any]:
    return {"rng_seed": getattr(request, "param", AIHUA_SEED)}


async def step(env: Any, channel: Any, rec: Any, actors: list[Any], table: Table, script: Script) -> None:
    """The scripted move of the seat to act: declaring-phase moves through its private panel, plays through
    the game service."""
    action = next_move(table, script)
    if isinstance(action, Play):
        await env.bot.game.act(rec.table_id, actors[action.seat].id, action)
    else:
        await _by_panel(env, channel, rec, actors, action)


async def play_until(env: Any, clock: Any, channel: Any, rec: Any, actors: list[Any], script: Script,
                     reached: Callable[[Table], bool]) -> Table:
    """Play scripted moves (starting the next hand when one is over) until ``reached``; the live table."""
    for _ in range(600):
        table = env.bot.game.sessions[rec.table_id].table
        if reached(table):
            return table
        if table.phase is Phase.HAND_OVER:
            await advance(env, clock, 1.0)
            await env.bot.game.scheduler.run_now()
        else:
            await step(env, channel, rec, actors, table, script)
    raise AssertionError(f"the phase was never reached (now {table.phase}, hand {table.hand.number})")


async def restarted(env: Any, clock: Any, rec: Any) -> Table:
    """Restart the bot; the restored table, which must equal the stored one."""
    before = env.bot.game.sessions[rec.table_id].table.to_json()
    table = (await restart(env, clock)).game.sessions[rec.table_id].table
    assert table.to_json() == before
    return table


def hand_over(number: int) -> Callable[[Table], bool]:
    return lambda t: t.phase is Phase.MATCH_OVER or (t.phase is Phase.HAND_OVER and t.hand.number == number)


@pytest.mark.parametrize("phase", [Phase.DECLARING, Phase.KITTY_OVERCALL])
@bounded(180.0)
async def test_aihua_restart_with_a_face_down_declaration(simcord_env: Any, clock: Any, phase: Phase) -> None:
    env = simcord_env
    channel, actors, rec, _table = await _seated(env, "aihua")
    script = Script(overcall_once=True)
    await play_until(env, clock, channel, rec, actors, script, lambda t: t.phase is phase and bool(t.hand.bids.hidden))
    table = await restarted(env, clock, rec)
    assert table.public_view().trump is None and table.public_view().concealed_seats
    table = await play_until(env, clock, channel, rec, actors, script, hand_over(1))
    assert table.results[-1].hand_number == 1


@pytest.mark.parametrize("bot_options", [DAIWANG_SEED], indirect=True)
@bounded(180.0)
async def test_daiwang_restart_in_the_swap_window_and_the_no_trump_round(simcord_env: Any, clock: Any) -> None:
    env = simcord_env
    channel, actors, rec, _table = await _seated(env, "daiwang")
    script = Script(due_team_passes=True)
    await play_until(env, clock, channel, rec, actors, script,
                     lambda t: t.phase is Phase.DECLARING and t.hand.bids.swap_stage == "other")
    table = await restarted(env, clock, rec)
    assert table.hand.number == 2 and table.public_view().declaring_team is not None
    await play_until(env, clock, channel, rec, actors, script, lambda t: t.phase is Phase.KITTY_OVERCALL)
    await restarted(env, clock, rec)
    table = await play_until(env, clock, channel, rec, actors, script, hand_over(2))
    assert table.results[-1].dealer == script.swap_declarer


@bounded(180.0)
async def test_timed_match_restarted_after_time_was_called_ends_with_that_hand(simcord_env: Any,
                                                                              clock: Any) -> None:
    env = simcord_env
    channel, actors, rec, _table = await _seated(env, "tournament")
    script = Script()
    await play_until(env, clock, channel, rec, actors, script,
                     lambda t: t.phase is Phase.PLAYING and len(t.hand.tricks) >= 3)
    await env.bot.game.stop_match(rec.table_id, actors[0].id)
    table = await restarted(env, clock, rec)
    assert table.time_called and table.phase is Phase.PLAYING
    table = await play_until(env, clock, channel, rec, actors, script, hand_over(1))
    assert table.phase is Phase.MATCH_OVER and len(table.results) == 1
