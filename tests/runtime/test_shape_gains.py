"""Who gained what, and why, at the end of every hand outside the standard game (``runtime.announce.gains``), and
the match end rated on the table shape's own ladder: a six-seat 找朋友 table with three humans (on 托管) and three
AI seats played to its match's end through the game service."""

from __future__ import annotations

from dataclasses import replace

from data.records import TableRecord
from engine.rules import Rules
from engine.views import HandResult
from runtime.announce.gains import gain_reasons, gains_announcement
from tests.helpers.runtime_support import HOST, make_service, options

FRIENDS = Rules.from_preset("standard", players=6, mode="friends", end_level="3")
HUMANS = {0: HOST, 2: HOST + 1, 3: HOST + 2}


def expected_gains(rec: TableRecord, r: HandResult) -> str:
    """Each player who gained, from its own level (RULES §13.7), in seat order."""
    return " · ".join(f"{rec.names[s]} {r.levels_before[s]} → {r.levels_after[s]} (+{g})"
                      for s, g in enumerate(r.level_gains) if g > 0)


async def test_a_friends_match_says_who_gained_what_and_rates_its_own_ladder(db_target: str) -> None:
    service, db, presenter = await make_service(db_target)
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="Hu", rules=FRIENDS,
                                   options=options(), seed=4, host_seat=None)
    tid = rec.table_id
    for seat in range(6):
        if seat in HUMANS:
            await service.sit(tid, HUMANS[seat], f"P{seat + 1}", seat)
        else:
            await service.add_ai(tid, HOST, seat, "basic")
    await service.start(tid, HOST)
    for user in HUMANS.values():
        await service.go_away(tid, user)  # 托管: the AI plays their seats
    await service.run_until_idle()
    table, rec = service.session(tid).table, service.record(tid)
    assert rec.status.value == "finished" and table.results

    notes = presenter.announcements(tid)
    gains = [n for n in notes if n.key in ("announce.level_gains", "announce.level_gains_none")]
    assert len(gains) == len(table.results)  # one after every settled hand
    for note, result in zip(gains, table.results, strict=True):
        assert note.params.get("gains", "") == expected_gains(rec, result)
        assert note.params["why"] == " ".join(gain_reasons(rec, result))
        assert (note.key == "announce.level_gains_none") == (not any(g > 0 for g in result.level_gains))

    # the match end: the humans' ratings on the friends-3d6p ladder (they read the standard one, and said "-")
    [ladder] = [n for n in notes if n.key == "announce.ladder_updated"]
    changes = ladder.params["changes"]
    assert all(f"P{seat + 1} " in changes for seat in HUMANS) and "AI" not in changes, changes
    for user in HUMANS.values():
        assert await db.player_stats(1, user, shape="friends-3d6p") is not None
        assert await db.player_stats(1, user) is None
    await service.close()
    await db.close()


def test_the_reasons_of_a_level_change() -> None:
    """大光, 小光 (under one step of 20 N, RULES §12.5), 上台, and the small team's extra level (§13.6); none in the
    standard game, where the summary says it as before."""
    rec = TableRecord(table_id=1, guild_id=1, channel_id=2, host_id=HOST, rules=FRIENDS, seed=1,
                      seats=(None,) * 6)
    base = HandResult(hand_number=1, dealer=0, level="2", trump="S", kitty=(), kitty_points=0, trick_points=0,
                      kitty_multiplier=0, kitty_bonus=0, defender_points=70, last_winner=0, levels_before=("2",) * 6,
                      levels_after=("3", "2", "3", "3", "2", "2"), level_gains=(1, 0, 1, 1, 0, 0),
                      defenders_take_over=False, next_dealer=2, match_winner=None, team=(0, 2, 3))
    assert gain_reasons(rec, base) == []
    assert gain_reasons(rec, replace(base, defender_points=0)) == ["grand_slam"]
    assert gain_reasons(rec, replace(base, defender_points=55)) == ["small_slam:60"]
    assert gain_reasons(rec, replace(base, defender_points=55, team=(0, 2))) == ["small_slam:60", "small_team"]
    taken = replace(base, defender_points=130, defenders_take_over=True, level_gains=(0,) * 6,
                    levels_after=("2",) * 6, team=(0,))
    assert gain_reasons(rec, taken) == ["take_over"]  # a lone dealer that lost gets no bonus
    note = gains_announcement(rec, taken)
    assert note is not None and note.key == "announce.level_gains_none" and note.params == {"why": "take_over"}
    standard = replace(rec, rules=Rules.from_preset("standard"))
    assert gains_announcement(standard, replace(base, levels_before=("2", "2"), levels_after=("3", "2"),
                                                level_gains=(1, 0), team=())) is None
