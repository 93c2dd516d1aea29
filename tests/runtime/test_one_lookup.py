"""One click, one lookup (issue #24), in the service: a move of a caller looked up and authorized once and answered
with the new panel, views computed once per table version and shared, requests applied once by their key."""

from __future__ import annotations

import asyncio

import pytest

from data.database import Database
from engine.actions import Play
from engine.legal import legal_plays
from engine.views import Phase
from runtime.access import Caller
from runtime.errors import NotAllowed, TableNotFound
from runtime.service.game import GameService
from runtime.service.idempotency import Answers
from runtime.views import cache as viewcache
from tests.helpers.runtime_support import HUMAN, human_table, make_service, until


async def _at_the_human_lead() -> tuple[GameService, Database, int]:
    service, db, _ = await make_service()
    tid = await human_table(service)
    table = service.session(tid).table
    assert table is not None
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    return service, db, tid


async def test_a_callers_move_is_authorized_once_and_answered_with_the_new_panel() -> None:
    service, db, tid = await _at_the_human_lead()
    table = service.session(tid).table
    assert table is not None
    rec = service.record(tid)
    here = Caller(user_id=HUMAN, guild_id=rec.guild_id, channel_id=rec.channel_id)
    play = next(iter(legal_plays(table.seat_view(0))))
    elsewhere = Caller(user_id=HUMAN, guild_id=rec.guild_id + 1, channel_id=rec.channel_id)
    with pytest.raises(TableNotFound):  # another guild's caller finds nothing, and nothing changes
        await service.act(tid, elsewhere, Play(cards=play))
    with pytest.raises(NotAllowed) as refused:  # a button naming another seat than the caller's
        await service.act(tid, here, Play(cards=play), seat=2)
    assert refused.value.key == "error.not_your_panel"
    before = table.version
    outcome = await service.act(tid, here, lambda panel: Play(cards=play))
    assert table.version > before and outcome.action == Play(seat=0, cards=play)
    assert outcome.panel is not None and outcome.panel.version == outcome.version
    assert outcome.panel.hand == table.seat_view(0).hand
    await db.close()


async def test_views_are_built_once_per_version_and_a_move_invalidates_them() -> None:
    service, db, tid = await _at_the_human_lead()
    table = service.session(tid).table
    assert table is not None
    first = viewcache.public_view(table)
    assert viewcache.public_view(table) is first  # shared, not rebuilt
    seat = viewcache.seat_view(table, 0)
    assert viewcache.seat_view(table, 0) is seat and seat.hand == table.seat_view(0).hand
    assert seat.public is first and viewcache.seat_view(table, 2).public is first  # every seat's view shares it
    assert service.panel(tid, HUMAN) is service.panel(tid, HUMAN)
    play = next(iter(legal_plays(seat)))
    await service.act(tid, HUMAN, Play(cards=play))
    after = viewcache.public_view(table)
    assert after is not first and after == table.public_view()
    assert viewcache.seat_view(table, 0).hand == table.seat_view(0).hand
    await db.close()


async def test_a_request_delivered_again_gets_the_first_answer_and_is_not_applied_twice() -> None:
    service, db, tid = await _at_the_human_lead()
    table = service.session(tid).table
    assert table is not None
    plays = list(legal_plays(table.seat_view(0)))
    before = table.version
    first, again = await asyncio.gather(
        service.act(tid, HUMAN, Play(cards=plays[0]), key=4242),
        service.act(tid, HUMAN, Play(cards=plays[0]), key=4242))
    assert again is first
    mine = [a for a in table.actions[before:] if isinstance(a, Play) and a.seat == 0]
    assert mine == [Play(seat=0, cards=plays[0])]
    with pytest.raises(NotAllowed) as refused:  # not the human's turn now: refused, and remembered so
        await service.act(tid, HUMAN, Play(cards=plays[-1]), key=4343)
    with pytest.raises(NotAllowed) as again_refused:
        await service.act(tid, HUMAN, Play(cards=plays[-1]), key=4343)
    assert again_refused.value is refused.value
    await db.close()


def test_a_copy_of_a_move_command_is_refused_until_the_first_was_answered() -> None:
    answers = Answers()
    move = ("play", ("5H",))
    answers.moved(1, 0, move, key=100)
    with pytest.raises(NotAllowed):  # sent while the first was still being answered
        answers.copy_of(1, 0, move, key=101)
    answers.answered(1, 0, key=100, at=150)
    with pytest.raises(NotAllowed):  # created before the answer existed: a copy
        answers.copy_of(1, 0, move, key=120)
    answers.copy_of(1, 0, move, key=160)  # sent after seeing the answer: a move of its own
    answers.copy_of(1, 0, ("play", ("6H",)), key=121)  # another move
    answers.copy_of(1, 1, move, key=121)  # another seat
