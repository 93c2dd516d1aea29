"""The draw (抽签): groups, round 1 and every table's seats come from the tournament's seed — the same seed and
sign-up give the same draw — and the announcement lists them for everyone."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.tournament import Format, Tournament
from engine.tournament.draw import first_draw, seat_order, seats
from runtime.tournament.views import draw_announcement, seats_announcement
from tests.helpers.tournaments import make


def started(n: int, fmt: Format, seed: int) -> Tournament:
    t = make(n, fmt, seed=seed)
    t.start()
    return t


@pytest.mark.parametrize("fmt", list(Format))
@pytest.mark.parametrize("n", [2, 5, 8, 9])
def test_the_same_seed_gives_the_same_draw(fmt: Format, n: int) -> None:
    a, b = started(n, fmt, 11), started(n, fmt, 11)
    assert first_draw(a) == first_draw(b)
    assert draw_announcement(a, "en") == draw_announcement(b, "en")
    for m in a.rounds[0].matches:
        if m.b is not None:
            assert seats(a, m, 1) == seats(b, m, 1)


def test_different_seeds_draw_differently() -> None:
    draws = {str(first_draw(started(8, Format.KNOCKOUT, seed))) for seed in range(12)}
    assert len(draws) > 6
    orders = Counter(seat_order(seed, "r1m1", 1) for seed in range(200))
    assert len(orders) == 4 and min(orders.values()) > 20  # every arrangement is drawn, none favoured much


def test_each_team_holds_its_two_seats_opposite_each_other() -> None:
    t = started(8, Format.KNOCKOUT, 3)
    for m in t.rounds[0].matches:
        for game in (1, 2, 3):
            drawn = seats(t, m, game)
            assert [team for team, _ in drawn] == [m.a, m.b, m.a, m.b]
            assert sorted(i for _, i in drawn[0::2]) == [0, 1] and sorted(i for _, i in drawn[1::2]) == [0, 1]
    games = {tuple(seats(t, t.rounds[0].matches[0], g)) for g in range(1, 30)}
    assert len(games) > 1  # each game of a best of three draws again


def test_the_announcement_lists_the_groups_or_the_pairings_in_the_drawn_order() -> None:
    t = started(9, Format.KNOCKOUT, 4)
    note = draw_announcement(t, "en")
    assert note.key == "tournament.draw" and note.params["seed"] == 4
    parts = note.params["order"].split(" · ")
    pairs = [(m.a, m.b) for m in t.rounds[0].matches]
    assert len(parts) == len(pairs) == 5
    for part, (a, b) in zip(parts, pairs, strict=True):
        assert t.team(a).name in part
        assert "(bye)" in part if b is None else t.team(b).name in part
    g = started(7, Format.GROUPS, 4)
    order = draw_announcement(g, "zh-CN").params["order"]
    assert order.startswith("A 组：") and order.count("组：") == len(g.groups) == 2
    for group in g.groups:
        assert ", ".join(g.team(x).name for x in group) in order


def test_the_seats_announcement_names_each_seat_and_player() -> None:
    t = started(4, Format.KNOCKOUT, 2)
    m = t.rounds[0].matches[0]
    text = seats_announcement(t, m, 7, "en").params["seats"]
    names = []
    for team, i in seats(t, m, 1):
        names.append(t.team(team).names[i])
    assert text == " · ".join(f"{d} {n}" for d, n in zip(("South", "East", "North", "West"), names, strict=True))

