"""Moves submitted at the same moment (issue #23, items 4 and 12), through SimCord.

- 4: ``/play`` submitted twice at once plays once; the second copy is refused (localized, nothing changes:
  no second card led, no unasked queued play).
- 12: two players passing in the declaring window from panels opened before either Pass: both Passes count (a
  Pass by another seat does not make a panel out of date).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import i18n
from engine.actions import Pass, Play
from engine.views import Phase
from tests.conftest import button_id, open_panel
from tests.helpers.botflow import bounded, declare_and_bury, four_humans, last_reply
from tests.helpers.faults import raw_slash


@bounded()
async def test_play_submitted_twice_at_once_plays_once(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    leader = table.to_act()[0]
    hand = Counter(table.seat_view(leader).hand)
    card = next(c for c, n in sorted(hand.items(), key=lambda x: str(x[0])) if n == 2)  # its copy stays legal
    before = table.version
    text = str(card)
    results = await raw_slash(actors[leader], channel, "play", 2, cards=text)
    mine = [a for a in table.actions[before:] if isinstance(a, Play) and a.seat == leader]
    assert len(mine) == 1, env.transcript()
    assert leader not in game.sessions[rec.table_id].queued  # no unasked queued play
    answers = sorted(last_reply(r).content for r in results)
    refused = i18n.t("act.duplicate", "en")
    assert refused in answers and any(a != refused for a in answers), answers


@bounded()
async def test_two_players_passing_at_once_both_count(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    assert table.phase is Phase.DECLARING, table.phase
    first, second = [s for s in table.to_act()][:2]
    panels = [await open_panel(env, actors[s], channel, rec.table_id) for s in (first, second)]
    before = table.version
    for seat, panel in zip((first, second), panels, strict=True):
        answer = last_reply(await actors[seat].click(panel, custom_id=button_id(panel, "pass")))
        assert answer is not None
    passes = [a.seat for a in table.actions[before:] if isinstance(a, Pass)]
    assert passes == [first, second], env.transcript()


async def test_copies_carrying_the_same_arrival_version_move_the_seat_once() -> None:
    """The service side of item 4 (no Discord): two copies of a move, each with the version the table had when it
    arrived (``since``), run at once — one is played, the other refused and nothing else changes (neither a
    second card nor a queued play)."""
    from engine.legal import legal_plays
    from runtime.errors import NotAllowed
    from tests.helpers.runtime_support import HUMAN, human_table, make_service, until

    service, db, _ = await make_service()
    tid = await human_table(service)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    seen = service.seen_version(tid)
    play = next(iter(legal_plays(table.seat_view(0))))
    results = await asyncio.gather(service.act(tid, HUMAN, Play(cards=play), since=seen),
                                   service.queue_play(tid, HUMAN, play, since=seen), return_exceptions=True)
    refused = [r for r in results if isinstance(r, NotAllowed)]
    assert len(refused) == 1 and refused[0].key == "act.duplicate", results
    assert [a for a in table.actions[seen:] if isinstance(a, Play) and a.seat == 0] == [Play(seat=0, cards=play)]
    assert 0 not in service.session(tid).queued
    await db.close()
