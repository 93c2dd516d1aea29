"""A committed move stands even when recording its results fails afterwards (a ladder write refused, a picture
that cannot be drawn): the table is still shown and its clocks armed, so the game plays on. (A refused ladder
write used to escape the move: the AI then tried a 'fallback' second move and the table stopped.)"""

from __future__ import annotations

from typing import Any

from engine.views import Phase
from tests.helpers.runtime_support import human_table, make_service, until


async def test_a_failing_ladder_write_does_not_stop_the_table() -> None:
    service, db, presenter = await make_service()
    tid = await human_table(service)
    table = service.session(tid).table
    assert table is not None
    calls: list[int] = []

    async def refused(*_args: Any, **_kwargs: Any) -> bool:
        calls.append(1)
        raise RuntimeError("the ladder write was refused")

    db.record_hand = refused  # type: ignore[method-assign]
    await until(service, tid, lambda: table.hand_number >= 2 and table.phase is Phase.PLAYING)
    assert calls, "a hand was settled while the ladder refused its write"
    assert await db.last_seq(tid) == table.version  # every move committed, none doubled
    assert await db.table_timers(tid) or 0 in table.to_act()  # armed for the next move, or the human's turn
    settled = [u for u in presenter.updates if any(e.kind == "hand_settled" for e in u.events)]
    assert settled and settled[0].view is not None  # the settling move was still shown to the table
    await db.close()
