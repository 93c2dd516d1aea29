"""Timers: reminders and the 托管 timeout (and taking back control), queued plays, forced moves,
the async declaration window (closes when all passed, or at its deadline), live progressive dealing."""

from __future__ import annotations

import pytest

from data.records import Mode
from engine.actions import Pass, Play
from engine.follow import enumerate_follows
from engine.legal import view_context
from engine.views import Phase
from runtime.errors import NotAllowed
from tests.helpers.runtime_support import (
    HUMAN,
    REMIND,
    TIMEOUT,
    WINDOW,
    StepClock,
    human_table,
    make_service,
    until,
    until_the_human_follows,
)


async def test_timeout_hands_the_seat_to_the_ai_and_take_back_returns_it() -> None:
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    tid = await human_table(service)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    version = table.version
    clock.advance(TIMEOUT - REMIND - 1)
    assert await service.run_until_idle() == 0
    clock.advance(1)
    await service.run_until_idle()
    assert presenter.keys(tid)[-1] == "announce.reminder"
    assert table.version == version and not service.record(tid).seats[0].away
    clock.advance(REMIND)
    await service.run_until_idle(2)  # the timeout, then the AI's move for the absent player
    assert "announce.tuoguan_taken" in presenter.keys(tid)
    assert service.record(tid).seats[0].away
    assert table.version == version + 1 and table.actions[-1].seat == 0
    assert (await service.db.get_table(tid)).seats[0].away  # stored
    await service.take_back(tid, HUMAN)
    assert not service.record(tid).seats[0].away
    assert presenter.keys(tid)[-1] == "announce.tuoguan_back"
    with pytest.raises(NotAllowed) as info:
        await service.take_back(tid, HUMAN)
    assert info.value.key == "act.not_away"
    await until(service, tid, lambda: 0 in table.to_act() and table.phase is Phase.PLAYING)
    version = table.version
    assert await service.run_until_idle() == 0  # the human's turn again: nothing moves without them
    assert table.version == version
    await db.close()


async def test_queued_play_is_played_when_the_turn_comes() -> None:
    service, db, presenter = await make_service()
    tid = await human_table(service, seed=5)
    table = service.session(tid).table
    # stop when someone else led and the human still has to follow
    await until_the_human_follows(service, tid)
    view = table.seat_view(0)
    lead = table.hand.trick[0][1]
    choice = enumerate_follows(lead, view.hand, view_context(view), limit=5)[-1]
    await service.queue_play(tid, HUMAN, choice)
    assert service.panel(tid, HUMAN).queued == choice
    start = len(table.actions)
    for _ in range(4):  # the players before the human, then the queued play: no human input
        await service.run_until_idle(1)
    human_plays = [a for a in table.actions[start:] if a.seat == 0]
    assert human_plays == [Play(seat=0, cards=choice)]
    assert "announce.queued_played" in presenter.keys(tid)
    assert service.panel(tid, HUMAN).queued is None
    await db.close()


async def test_illegal_queued_play_is_dropped_with_a_notice() -> None:
    service, db, presenter = await make_service()
    tid = await human_table(service, seed=5)
    table = service.session(tid).table
    await until_the_human_follows(service, tid)
    lead = table.hand.trick[0][1]
    hand = table.seat_view(0).hand
    await service.queue_play(tid, HUMAN, hand[: len(lead) + 1])  # one card too many: never legal
    version = table.version
    for _ in range(4):
        await service.run_until_idle(1)
    assert "announce.queue_dropped" in presenter.keys(tid)
    assert 0 in table.to_act() and table.version > version
    with pytest.raises(NotAllowed) as info:
        await service.queue_play(tid, HUMAN, [c for c in table.seat_view(1).hand if c not in hand][:1])
    assert info.value.key == "act.not_in_hand"
    await db.close()


async def test_forced_moves_are_played_by_themselves() -> None:
    service, db, presenter = await make_service()
    tid = await human_table(service, forced_autoplay=True)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.HAND_OVER or table.results)
    assert "announce.forced_played" in presenter.keys(tid)  # at the latest the last trick's single card
    await db.close()


async def test_forced_moves_wait_when_the_option_is_off() -> None:
    service, db, presenter = await make_service()
    tid = await human_table(service, forced_autoplay=False)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and len(table.seat_view(0).hand) == 1
                and 0 in table.to_act())
    assert await service.run_until_idle() == 0 and 0 in table.to_act()
    assert "announce.forced_played" not in presenter.keys(tid)
    await db.close()


async def test_declaration_window_closes_when_all_passed() -> None:
    service, db, presenter = await make_service()
    tid = await human_table(service, seed=2)
    table = service.session(tid).table
    await service.run_until_idle()
    assert table.phase is Phase.DECLARING and table.to_act() == (0,)  # the AIs have spoken
    assert "announce.turn_declaring" in presenter.keys(tid)
    outcome = await service.act(tid, HUMAN, Pass())
    kinds = [e.kind for e in outcome.events]
    assert "declaring_closed" in kinds or "redeal" in kinds
    assert table.phase is not Phase.DECLARING or table.hand.redeals == 1
    await db.close()


async def test_declaration_window_closes_at_its_deadline() -> None:
    clock = StepClock()
    service, db, _ = await make_service(clock=clock)
    tid = await human_table(service, seed=2)
    table = service.session(tid).table
    await service.run_until_idle()
    assert table.phase is Phase.DECLARING and table.to_act() == (0,)
    clock.advance(WINDOW - 1)
    await service.run_until_idle()
    assert table.phase is Phase.DECLARING
    clock.advance(1)
    await service.run_until_idle(1)
    assert any(a.kind == "close_declaring" for a in table.actions)
    await db.close()


async def test_live_mode_deals_card_by_card() -> None:
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    tid = await human_table(service, mode=Mode.LIVE, deal_delay=0.5)
    table = service.session(tid).table
    assert await service.run_until_idle() == 0 and table.hand.dealt == 0
    for _ in range(11):
        clock.advance(0.5)
        await service.run_until_idle()
    assert table.phase is Phase.DEALING and table.hand.dealt == 11
    panel = service.panel(tid, HUMAN)
    assert not panel.your_turn and len(panel.hand) == len(table.seat_view(0).hand)
    for _ in range(200):
        clock.advance(0.5)
        await service.run_until_idle()
    assert table.phase is not Phase.DEALING
    assert [a.kind for a in table.actions].count("deal_card") == 100 * (1 + table.hand.redeals)
    assert presenter.updates[-1].version == table.version
    await db.close()


async def test_suggest_and_play_text() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    hint = service.suggest(tid, HUMAN)
    assert isinstance(hint, Play)
    text = " ".join(str(c).lower() for c in hint.cards)
    outcome = await service.play_text(tid, HUMAN, text)
    assert outcome.action == Play(seat=0, cards=hint.cards)
    await db.close()


async def test_a_failing_ai_falls_back_to_a_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(view, level, rng, budget):  # type: ignore[no-untyped-def]
        return Play(seat=view.seat, cards=())  # never legal

    monkeypatch.setattr("runtime.service.aiturns.choose_action", broken)
    service, db, _ = await make_service()
    tid = await human_table(service)
    table = service.session(tid).table
    await until(service, tid, lambda: len(table.hand.tricks) >= 2)  # the AIs still move (fallback moves)
    assert any(a.seat == 1 for a in table.actions)
    await db.close()


def test_forced_autoplay_defaults_to_async_mode_only() -> None:
    from data.records import TableOptions

    assert TableOptions().autoplays_forced(Mode.ASYNC) and not TableOptions().autoplays_forced(Mode.LIVE)
    assert TableOptions(forced_autoplay=True).autoplays_forced(Mode.LIVE)
    assert not TableOptions(forced_autoplay=False).autoplays_forced(Mode.ASYNC)


async def test_timed_match_stops_at_the_first_hand_end_after_its_time() -> None:
    from data.records import Status
    from engine.rules import Rules
    from tests.helpers.runtime_support import options

    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HUMAN, host_name="Hu", host_seat=None,
                                   rules=Rules.from_preset("tournament"), options=options(match_time=600.0))
    for _ in range(4):
        await service.add_ai(rec.table_id, HUMAN)
    await service.start(rec.table_id, HUMAN)
    assert service.record(rec.table_id).time_limit() == clock.now + 600.0
    table = service.session(rec.table_id).table
    await until(service, rec.table_id, lambda: table.phase is Phase.PLAYING)
    clock.advance(601)  # time runs out during the first hand: it is finished, then the match stops
    await service.run_until_idle()
    assert len(table.results) == 1 and table.phase is Phase.MATCH_OVER
    assert service.record(rec.table_id).status is Status.FINISHED
    assert presenter.keys(rec.table_id)[-3:] == ["announce.time_up", "announce.match_over",
                                                  "announce.ladder_updated"]
    await db.close()


async def test_an_away_player_moving_takes_back_control_unless_refused() -> None:
    from engine.errors import IllegalAction

    service, db, presenter = await make_service()
    tid = await human_table(service)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    await service.go_away(tid, HUMAN)
    assert service.record(tid).seats[0].away
    version = table.version
    with pytest.raises(IllegalAction):
        await service.act(tid, HUMAN, Play(cards=()))
    assert service.record(tid).seats[0].away and table.version == version
    await service.act(tid, HUMAN, service.suggest(tid, HUMAN))
    assert not service.record(tid).seats[0].away and table.version == version + 1
    assert "announce.tuoguan_back" in presenter.keys(tid)
    await db.close()
