"""The strong AI reads (读牌) the plays of the table's basic and strong AI seats (a strong one softly: its search
overrides the policy now and then), never a person's nor a random AI's: the runtime tells the engine which seats
those are, with their levels, on every AI turn (``runtime.service.aiturns.AiTurn.read``)."""

from __future__ import annotations

from engine.rules import Rules
from runtime.service.aiturns import ai_turn
from tests.helpers.runtime_support import HOST, make_service, options


async def test_an_ai_turn_reads_the_basic_and_strong_ai_seats_only() -> None:
    service, db, _ = await make_service()
    try:
        rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="Hu",
                                       rules=Rules.from_preset("standard"), options=options(), seed=3)
        for seat, level in ((1, "strong"), (2, "random"), (3, "basic")):
            await service.add_ai(rec.table_id, HOST, seat, level)
        await service.start(rec.table_id, HOST)
        session = service.session(rec.table_id)
        for seat in (1, 2, 3):
            assert ai_turn(service, session, seat).read == {1: "strong", 3: "basic"}
        # the person in seat 0, under 托管 (an AI plays the turn): still not read by the others
        assert ai_turn(service, session, 0).read == {1: "strong", 3: "basic"}
    finally:
        await db.close()
