"""Queued plays are stored: a restart keeps them (played when the turn comes), and the stored row goes
when the play is made, cancelled or the table ends; a row a crash left behind after its play is dropped."""

from __future__ import annotations

from engine.actions import Pass, Play
from engine.follow import enumerate_follows
from engine.legal import view_context
from engine.views import Phase
from runtime.service.game import GameService
from tests.helpers.runtime_support import HUMAN, StepClock, human_table, make_service, until_the_human_follows


async def _queue_a_follow(service: GameService, tid: int) -> tuple[object, ...]:
    """Play on until an AI led and the human still has to follow; queue a legal follow; the cards."""
    table = service.session(tid).table
    assert table is not None
    await until_the_human_follows(service, tid)
    view = table.seat_view(0)
    choice = enumerate_follows(table.hand.trick[0][1], view.hand, view_context(view), limit=5)[-1]
    await service.queue_play(tid, HUMAN, choice)
    return choice


async def test_a_restart_keeps_the_queued_play_and_plays_it(db_target: str) -> None:
    clock = StepClock()
    path = db_target
    service, db, _ = await make_service(path, clock)
    tid = await human_table(service, seed=5)
    choice = await _queue_a_follow(service, tid)
    assert (await db.queued_plays(tid))[0].cards == choice  # stored before queue_play returned
    await service.close()
    await db.close()

    service, db, presenter = await make_service(path, clock)
    assert await service.restore_all() == [tid]
    assert service.panel(tid, HUMAN).queued == choice
    table = service.session(tid).table
    start = len(table.actions)
    for _ in range(4):  # the players before the human, then the queued play: no human input
        await service.run_until_idle(1)
    assert [a for a in table.actions[start:] if a.seat == 0] == [Play(seat=0, cards=choice)]
    assert "announce.queued_played" in presenter.keys(tid)
    assert await db.queued_plays(tid) == {} and service.panel(tid, HUMAN).queued is None
    await db.close()


async def test_a_row_left_by_a_crash_after_its_play_is_dropped(db_target: str) -> None:
    path = db_target
    service, db, _ = await make_service(path)
    tid = await human_table(service, seed=5)
    choice = await _queue_a_follow(service, tid)
    version = service.session(tid).table.version
    for _ in range(4):
        await service.run_until_idle(1)
    assert await db.queued_plays(tid) == {}
    await db.set_queued_play(tid, 0, choice, version)  # as if the process died before clearing it
    await db.close()

    service, db, _ = await make_service(path)
    await service.restore_all()
    assert service.session(tid).queued == {} and await db.queued_plays(tid) == {}
    await db.close()


async def test_cancel_and_end_clear_the_stored_play() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service, seed=5)
    choice = await _queue_a_follow(service, tid)
    await service.cancel_queue(tid, HUMAN)
    assert await db.queued_plays(tid) == {} and service.panel(tid, HUMAN).queued is None
    await service.queue_play(tid, HUMAN, choice)
    assert list(await db.queued_plays(tid)) == [0]
    await service.end(tid, HUMAN)
    assert await db.queued_plays(tid) == {}
    await db.close()


async def test_leaving_the_play_phase_clears_every_stored_play() -> None:
    """A hand not in play (declaring, burying, hand over) keeps no queued play, in memory or stored."""
    service, db, _ = await make_service()
    tid = await human_table(service, seed=5)
    session = service.session(tid)
    await service.run_until_idle()
    table = session.table
    assert table is not None and table.phase is Phase.DECLARING and 0 in table.to_act()
    await service.queue_play(tid, HUMAN, table.seat_view(0).hand[:1])
    assert list(await db.queued_plays(tid)) == [0]
    await service.act(tid, HUMAN, Pass())
    assert table.phase is not Phase.PLAYING
    assert session.queued == {} and await db.queued_plays(tid) == {}
    await db.close()
