"""Timed rounds as the sheets run them (runtime.procedures, planner, turns): the notice before time, "finish this
hand, then one more" (再打1副牌), a level tie at time drawn (group play) or played on (加赛, knock-out)."""

from __future__ import annotations

from pathlib import Path

from engine.actions import StartHand, StopMatch, action_from_json
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime.procedures import TIME_HAND
from tests.helpers.runtime_support import HOST, StepClock, make_service, options, until

MINUTE = 60.0


async def ai_table(service, **changes):  # type: ignore[no-untyped-def]
    """A timed table of four AI seats (one human host without a seat)."""
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="Hu",
                                   rules=Rules.from_preset("standard", end_level="A", match_end="timed"),
                                   options=options(match_time=10 * MINUTE, **changes), seed=4, host_seat=None)
    for seat in range(4):
        await service.add_ai(rec.table_id, HOST, seat, "random")
    await service.start(rec.table_id, HOST)
    return rec.table_id


async def test_the_notice_comes_before_time_then_one_more_hand_is_played(tmp_path: Path) -> None:
    clock = StepClock()
    service, db, presenter = await make_service(tmp_path / "t.db", clock=clock)
    tid = await ai_table(service, time_notice=5 * MINUTE, one_more_hand=True)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING)
    assert "announce.time_notice_one_more" not in presenter.keys(tid)
    clock.advance(5 * MINUTE - 1)
    await service.run_until_idle(1)
    assert "announce.time_notice_one_more" not in presenter.keys(tid)
    clock.advance(1)  # the notice (the 55-minute notice of a 60-minute round)
    await until(service, tid, lambda: "announce.time_notice_one_more" in presenter.keys(tid))
    assert presenter.keys(tid).count("announce.time_notice_one_more") == 1 and table.phase is not Phase.MATCH_OVER
    clock.advance(5 * MINUTE)  # time, during a hand: that hand is finished, then one more
    await until(service, tid, lambda: TIME_HAND in service.record(tid).meta)
    called = service.record(tid).meta[TIME_HAND]
    assert called == table.hand.number
    assert "announce.time_one_more" in presenter.keys(tid)
    await until(service, tid, lambda: table.phase is Phase.MATCH_OVER, max_steps=20000)
    assert [r.hand_number for r in table.results][-2:] == [called, called + 1]  # exactly one more hand
    assert table.match_over_reason == "time_up"
    await service.close()
    await db.close()


async def test_a_level_tie_at_time_is_played_on_until_a_team_is_ahead() -> None:
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    tid = await ai_table(service, time_tie="extra")
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING)
    clock.advance(10 * MINUTE)
    # play on; the first settled hand at equal levels gets an extra hand (加赛), the match stops once a team leads
    await until(service, tid, lambda: table.phase is Phase.MATCH_OVER, max_steps=50000)
    assert table.levels[0] != table.levels[1] or table.laps[0] != table.laps[1]
    tied_after = [r for r in table.results[:-1] if r.levels_after[0] == r.levels_after[1]]
    assert ("announce.extra_hand" in presenter.keys(tid)) == bool(tied_after)
    await db.close()


def test_a_level_tie_stopped_with_draw_is_a_draw_and_replays() -> None:
    rules = Rules.from_preset("standard", match_end="timed")
    table = Table.new(rules, 5)
    import random

    from engine.randomplay import random_action
    rng = random.Random(5)
    while not (table.phase is Phase.HAND_OVER and table.levels[0] == table.levels[1]):
        if table.phase is Phase.HAND_OVER:
            table.apply(StartHand())
        else:
            table.apply(random_action(table, rng))
        if table.phase is Phase.MATCH_OVER:
            raise AssertionError("no tied hand end")
    stopped = Table.from_json(table.to_json())
    events = stopped.apply(StopMatch(draw=True))
    assert events[-1].winner is None and stopped.match_over_reason == "time_up"
    plain = Table.from_json(table.to_json())
    assert plain.apply(StopMatch())[-1].winner is not None  # the team on stage, as before
    assert action_from_json(StopMatch(draw=True).to_json()) == StopMatch(draw=True)
    assert action_from_json({"type": "stop_match"}) == StopMatch()


def test_sheet_tie_draws_in_group_play_and_plays_on_in_a_knockout() -> None:
    import random

    from data.records import TableOptions
    from engine.randomplay import random_action
    from engine.tournament import Config
    from engine.tournament.adjudicate import finished_result
    from runtime.procedures import table_options_for

    procedures = {"sheet_tie": True, "notice_minutes": 5.0, "one_more": True}
    group = table_options_for(TableOptions(), procedures, knockout=False)
    knockout = table_options_for(TableOptions(), procedures, knockout=True)
    assert (group.time_tie, knockout.time_tie) == ("draw", "extra")
    assert group.time_notice == 300 and group.one_more_hand
    assert table_options_for(TableOptions(), {}, knockout=True).time_tie == ""  # the organiser's timed_tie rule
    table, rng = Table.new(Rules.from_preset("standard", match_end="timed"), 9), random.Random(9)
    while not (table.phase is Phase.HAND_OVER and table.levels[0] == table.levels[1]):
        table.apply(StartHand() if table.phase is Phase.HAND_OVER else random_action(table, rng))
    table.apply(StopMatch(draw=True))
    game = finished_result(table, Config())
    assert game.winner is None and game.diff == 0  # a draw: each side the draw's points (1 of 2, ½ of 1)
