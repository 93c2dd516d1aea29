"""The strong AI reads (读牌) the plays of the table's basic AI seats (they play the policy), never a person's nor a
strong AI's: the runtime tells the engine which seats those are on every AI turn
(``runtime.turns.AiTurn.read_seats``)."""

from __future__ import annotations

from engine.rules import Rules
from runtime.turns import ai_turn
from tests.helpers.runtime_support import HOST, make_service, options


async def test_an_ai_turn_reads_the_policy_ai_seats_only() -> None:
    service, db, _ = await make_service()
    try:
        rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="Hu",
                                       rules=Rules.from_preset("standard"), options=options(), seed=3)
        for seat, level in ((1, "strong"), (2, "random"), (3, "basic")):
            await service.add_ai(rec.table_id, HOST, seat, level)
        await service.start(rec.table_id, HOST)
        session = service.session(rec.table_id)
        for seat in (1, 2, 3):
            assert ai_turn(service, session, seat).read_seats == frozenset({3})
        # the person in seat 0, under 托管 (an AI plays the turn): still not read by the others
        assert ai_turn(service, session, 0).read_seats == frozenset({3})
    finally:
        await db.close()
