"""A sheet clock at a 找朋友 table (RULES §13.5: no fixed team to charge): a seat's timeout costs no points and no
hand — the engine refuses team sanctions there — but the clock still ends the turn, the seat goes to 托管 and
the hand plays on; the reminder says so."""

from __future__ import annotations

import logging

import pytest

from data.records import Status, TableOptions, TableRecord
from engine.actions import AwardHand, Penalize
from engine.rules import Rules
from i18n import t
from runtime.procedures import TIME_CONTROLS, procedure_lines
from tests.helpers.runtime_support import HOST, StepClock, make_service, options


@pytest.mark.parametrize("sheet", ["sheet90", "sheet60", "strict15"])
async def test_a_timeout_at_a_friends_table_is_托管_without_a_team_penalty(sheet: str,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    clock = StepClock()
    service, db, presenter = await make_service(clock=clock)
    rules = Rules.from_preset("standard", players=6, mode="friends", end_level="3")
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="Hu", rules=rules,
                                   options=options(**TIME_CONTROLS[sheet]), seed=7)
    tid = rec.table_id
    for seat in range(1, 6):
        await service.add_ai(tid, HOST, seat, "basic")
    await service.start(tid, HOST)
    table = service.session(tid).table
    with caplog.at_level(logging.WARNING):
        for _ in range(400):
            if table.results:
                break
            clock.advance(30)
            await service.run_until_idle(1)
    assert table.results, "the hand never ended"
    assert not [a for a in table.actions if isinstance(a, Penalize | AwardHand)] and table.sanctions == []
    keys = presenter.keys(tid)
    assert not {"announce.penalty_timeout", "announce.warning_timeout"} & set(keys)
    assert service.record(tid).seats[0].away  # 托管 took the seat over
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]
    reminders = [n for n in presenter.announcements(tid) if n.key.startswith("announce.reminder")]
    assert reminders and all(n.key in ("announce.reminder", "announce.reminder_declare_none") for n in reminders), \
        {n.key for n in reminders}
    await service.close()
    await db.close()


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_lobby_of_a_friends_table_says_its_clock_costs_no_penalty(locale: str) -> None:
    def lines(rules: Rules) -> list[str]:
        rec = TableRecord(table_id=1, guild_id=1, channel_id=1, host_id=1, rules=rules, status=Status.LOBBY,
                          options=TableOptions.from_json(TIME_CONTROLS["sheet90"]))
        return procedure_lines(rec, locale)

    fixed = lines(Rules.from_preset("standard"))
    friends = lines(Rules.from_preset("standard", players=6, mode="friends"))
    assert t("procedures.cost.points", locale, points=20) in fixed[0]
    assert t("procedures.cost.none", locale) in friends[0] and t("procedures.cost.points", locale, points=20) \
        not in " ".join(friends)
    assert len(friends) == len(fixed)  # the same clocks, told the same way
