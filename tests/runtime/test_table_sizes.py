"""The game service runs a table of six seats of 找朋友 (RULES §13) as it runs four: stored with its six seats,
restored after a restart exactly (each player's own level in the state), played by the AI to the match's end,
and recorded on the shape's own ladder (``friends-3d6p``: AI seats get no ladder rows)."""

from __future__ import annotations

from engine.rules import Rules
from tests.helpers.runtime_support import HOST, make_service, options


async def test_a_six_seat_friends_table_survives_a_restart_and_is_recorded_on_its_shape(db_target: str) -> None:
    service, db, _ = await make_service(db_target)
    rules = Rules.from_preset("standard", players=6, mode="friends", end_level="3")
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="Hu", rules=rules,
                                   options=options(), seed=5, host_seat=None)
    for seat in range(6):
        await service.add_ai(rec.table_id, HOST, seat, "basic")
    await service.start(rec.table_id, HOST)
    tid = rec.table_id
    table = service.session(tid).table
    while not table.results:  # one hand settled, the next one begun
        assert await service.run_until_idle(1)
    state = table.to_json()
    assert len(service.record(tid).seats) == 6 and len(table.levels) == 6
    await service.close()
    await db.close()

    service, db, presenter = await make_service(db_target)
    assert await service.restore_all() == [tid]
    table = service.session(tid).table
    assert table.to_json() == state and service.record(tid).names == tuple(f"AI {n}" for n in range(1, 7))
    await service.run_until_idle()  # every seat on autopilot: the match runs to its end
    assert service.record(tid).status.value == "finished" and table.match_winner in range(6)
    assert table.results[-1].match_winner == table.match_winner
    won = [n for n in presenter.announcements(tid) if n.key == "announce.match_won"]
    assert [n.params["names"] for n in won] == [f"AI {table.match_winner + 1}"]  # the player, not a team of two
    [match] = await db.match_history(1)
    assert (match.shape, match.winner_team, match.table_id) == ("friends-3d6p", None, tid)
    assert table.match_winner in match.winners and {h.shape for h in await db.hand_history(tid)} == {"friends-3d6p"}
    assert (await db.fetchone("SELECT COUNT(*) FROM ladder"))[0] == 0  # type: ignore[index]
    await db.close()
