"""What the lot (抽签) decided is said (issue #55, item 9): teams level on points and on every tie-break are marked
``by_lot`` in the standings and the report, and the tournament's end announces the champion or the places the lot
gave; places decided by play are not marked."""

from __future__ import annotations

from engine.tournament import Format
from engine.tournament.report import report
from i18n import t as tr
from runtime.tournament.views import lot_notes
from tests.helpers.tournaments import make as make_tournament
from tests.tournaments.test_duplicate import play_round


def test_all_drawn_the_champion_is_by_lot_and_said() -> None:
    t = make_tournament(4, Format.DUPLICATE, rounds=1, cross_tables=True)
    t.start()
    play_round(t, [[(6, 3), (4, 4)], [(6, 3), (4, 4)]])  # both tables played alike: every cross score 0
    t.draw_next()
    standings = t.standings()
    assert all(s.by_lot for s in standings) and all(s["by_lot"] for s in report(t)["standings"])
    notes = lot_notes(t, standings)
    assert [n.key for n in notes] == ["tournament.champion_by_lot"]
    assert notes[0].params["first"] == 1 and notes[0].params["last"] == 4
    for locale in ("en", "zh-CN"):
        text = tr(notes[0].key, locale, **notes[0].params)
        assert all(t.team(s.team_id).name in text for s in standings)


def test_places_decided_by_play_are_not_marked() -> None:
    t = make_tournament(4, Format.DUPLICATE, rounds=1, cross_tables=True)
    t.start()
    play_round(t, [[(6, 3), (4, 4)], [(3, 6), (4, 4)]])  # cross scores +3 and -3: two teams on +3, two on -3
    t.draw_next()
    standings = t.standings()
    # the two teams on +3 are level on points and level difference (they never met): ordered by lot, and said
    assert [s.by_lot for s in standings] == [True, True, True, True]
    assert [n.key for n in lot_notes(t, standings)] == ["tournament.champion_by_lot", "tournament.places_by_lot"]
    t2 = make_tournament(4, Format.DUPLICATE, rounds=1, cross_tables=True)
    t2.start()
    play_round(t2, [[(6, 3), (4, 4)], [(3, 6), (2, 4)]])  # +5, +1, -1, -5 (rounded): every place by play
    t2.draw_next()
    assert not any(s.by_lot for s in t2.standings()) and lot_notes(t2, t2.standings()) == []
