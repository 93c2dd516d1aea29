"""Small in memory: an idle async table is evicted (its engine state compressed) and rebuilt exactly by the next
click, command or timer, its timers firing as usual; never while a change or an AI decision is in flight. The
engine table of a session keeps only its recent actions (the whole log is in the database)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from data.records import Mode
from data.replay import restore_table
from engine.actions import Pass, Play
from engine.views import Phase
from runtime.service.session import RECENT_ACTIONS, RecentActions, evict_idle
from tests.conftest import button_id, one_human_and_three_ai, open_panel
from tests.helpers.botflow import bounded
from tests.helpers.runtime_support import HUMAN, StepClock, human_table, make_service, until

IDLE = 3600.0


async def _playing(service: Any, tid: int) -> Any:
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    return table


async def test_an_idle_table_is_evicted_and_a_click_rebuilds_it_exactly() -> None:
    clock = StepClock()
    service, db, _ = await make_service(clock=clock)
    tid = await human_table(service, turn_timeout=7200.0, reminder_before=0.0)
    table = await _playing(service, tid)
    state, panel = table.to_json(), service.panel(tid, HUMAN)
    session = service.session(tid)
    clock.advance(IDLE - 1)
    assert evict_idle(service.sessions, clock(), IDLE) == [] and not session.evicted  # not idle long enough
    clock.advance(1)
    assert evict_idle(service.sessions, clock(), IDLE) == [tid] and session.evicted
    assert evict_idle(service.sessions, clock(), IDLE) == []  # once
    assert service.panel(tid, HUMAN) == panel and not session.evicted  # a read rebuilds it
    rebuilt = session.table
    assert rebuilt is not table and rebuilt is not None and rebuilt.to_json() == state
    session.evict()
    outcome = await service.act(tid, HUMAN, service.suggest(tid, HUMAN))  # the move works on the rebuilt table
    assert outcome.version == state["version"] + 1 and session.table.version == outcome.version
    stored = await restore_table(db, tid)  # nothing lost: the database says the same
    assert stored is not None and stored.to_json() == session.table.to_json()
    await db.close()


async def test_the_timers_of_an_evicted_table_still_fire() -> None:
    clock = StepClock()
    service, db, _ = await make_service(clock=clock)
    tid = await human_table(service, turn_timeout=7200.0, reminder_before=0.0)
    table = await _playing(service, tid)
    rec = service.session(tid).record
    service.session(tid).record = replace(rec, options=replace(rec.options, ai_delay=30.0))
    await service.act(tid, HUMAN, service.suggest(tid, HUMAN))  # now the AI of seat 1 waits 30 s
    version = table.version
    assert await service.run_until_idle() == 0
    service.session(tid).touched -= IDLE
    assert evict_idle(service.sessions, clock(), IDLE) == [tid]
    clock.advance(30)
    assert await service.run_until_idle(1) == 1  # seat 1's AI timer: the table is rebuilt and the AI moves
    session = service.session(tid)
    assert not session.evicted and session.table.version == version + 1 and session.table.actions[-1].seat == 1
    assert (await restore_table(db, tid)).to_json() == session.table.to_json()
    await db.close()


async def test_the_timer_loop_evicts_idle_tables_and_only_async_ones_in_play() -> None:
    clock = StepClock()
    service, db, _ = await make_service(clock=clock)
    service.idle_evict_s = IDLE
    idle = await human_table(service, turn_timeout=7200.0, reminder_before=0.0)
    live = await human_table(service, mode=Mode.LIVE, turn_timeout=7200.0, reminder_before=0.0)
    await _playing(service, idle)
    await _playing(service, live)
    lobby = (await service.open_table(guild_id=1, channel_id=2, host_id=7, host_name="L")).table_id
    clock.advance(IDLE)
    busy = await human_table(service, ai_delay=1.0)  # fresh: its timers fire and sweep the others
    clock.advance(1)
    await service.run_until_idle(1)
    assert service.session(idle).evicted
    assert not any(service.session(t).evicted for t in (live, lobby, busy))
    await db.close()


async def test_never_evicted_while_a_change_or_an_ai_decision_is_in_flight() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service)
    await _playing(service, tid)
    session = service.session(tid)
    async with session.lock:
        assert not session.evict() and evict_idle(service.sessions, 1e12, IDLE) == []
    session.thinking += 1
    assert not session.evict()
    session.thinking -= 1
    assert session.evict() and session.evicted
    await db.close()


async def test_a_session_keeps_only_the_recent_actions_indexed_by_version() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service, end_level="A")
    table = await _playing(service, tid)
    await until(service, tid, lambda: table.version > 2 * RECENT_ACTIONS + 10)  # trimmed at least once
    actions = table.actions
    assert isinstance(actions, RecentActions) and len(actions) == table.version
    assert len(list(actions)) <= 2 * RECENT_ACTIONS < len(actions)  # the older ones are in the database only
    stored = await db.actions_between(tid, after=table.version - 5)
    assert [a.to_json() for a in actions[table.version - 5:]] == stored and actions[-1].to_json() == stored[-1]
    with pytest.raises(IndexError):
        actions[0]
    with pytest.raises(IndexError):
        actions[0:3]
    await db.close()


@bounded()
async def test_a_click_on_an_evicted_table_in_discord_plays_the_move(simcord_env: Any) -> None:
    env = simcord_env
    channel, alice, rec, _lobby = await one_human_and_three_ai(env, "en")
    await env.settle()
    game = env.bot.game
    session = game.session(rec.table_id)
    table = session.table
    assert table is not None and table.phase is Phase.DECLARING and 0 in table.to_act()
    version = table.version
    panel = await open_panel(env, alice, channel, rec.table_id)
    assert session.evict()
    await alice.click(panel, custom_id=button_id(panel, "pass"))  # the panel's Pass, on the evicted table
    await env.settle()
    assert not session.evicted and session.table.version > version
    assert session.table.actions[version] == Pass(seat=0) and not isinstance(session.table.actions[version], Play)
