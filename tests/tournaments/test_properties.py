"""Properties of the tournament formats for every team count 2–33 (hypothesis draws seeds and results):
no team plays twice in a round, Swiss never repeats a pairing while another is possible, byes are fair,
every tournament ends with one champion, the JSON form round-trips, and the outside check of the JSON report
(``tests/helpers/tournament_checks.py``: Swiss byes to the lowest-ranked team without one, balanced groups of three or
more, ranks consistent with points and tie-breaks) passes."""

from __future__ import annotations

import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.tournament import Format, Stage, Status, Tournament
from engine.tournament.bracket import max_rounds
from engine.tournament.pairing import bye_candidates, knockout_rounds_left
from engine.tournament.report import report
from tests.helpers.tournament_checks import check_report
from tests.helpers.tournaments import make, play_out

SETTINGS = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
COUNTS = range(2, 34)
seeds = st.integers(min_value=0, max_value=2**32)


def rounds_for(fmt: Format, n: int, extra: int) -> int:
    """Swiss: up to its limit (a full round-robin); duplicate: up to a round more (repeats become unavoidable)."""
    if fmt is Format.SWISS:
        return min(20, max(1, n - 1 + extra), max_rounds(n))
    return min(20, max(1, n - 1 + extra)) if fmt is Format.DUPLICATE else 0


class Checker:
    """Checks each round as it is drawn (before any result of it)."""

    def __init__(self) -> None:
        self.byes: Counter[int] = Counter()
        self.played: set[frozenset[int]] = set()
        self.rounds = 0

    def __call__(self, t: Tournament) -> None:
        rnd = t.current
        assert rnd is not None
        self.rounds += 1
        teams = [x for m in rnd.matches for x in m.teams]
        assert len(teams) == len(set(teams)), f"a team plays twice in round {rnd.number}"
        byes = [m.a for m in rnd.matches if m.is_bye]
        assert len(byes) <= (1 if rnd.stage is not Stage.GROUP else len(t.groups))
        if rnd.stage is not Stage.GROUP:
            for team in byes:  # nobody gets a second bye while a team of this round has none
                assert self.byes[team] == min(self.byes[x] for x in teams), (rnd.number, team, self.byes)
        pairs = [frozenset(m.teams) for m in rnd.matches if not m.is_bye]
        if rnd.stage is Stage.SWISS and any(p in self.played for p in pairs):
            assert not repeat_free_possible(teams, self.played, self.byes), f"avoidable repeat in {rnd.number}"
        self.played.update(pairs)
        self.byes.update(byes)


def repeat_free_possible(teams: list[int], played: set[frozenset[int]], byes: Counter[int]) -> bool:
    """Whether the round's teams could be paired without a repeat (the bye among the fewest byes)."""
    graph = nx.Graph()
    graph.add_nodes_from(teams)
    for i, x in enumerate(teams):
        for y in teams[i + 1:]:
            if frozenset((x, y)) not in played:
                graph.add_edge(x, y)
    if len(teams) % 2:
        for x in bye_candidates(teams, byes):
            graph.add_edge(x, "bye")
    size = len(teams) + len(teams) % 2
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == size


@pytest.mark.parametrize("fmt", list(Format))
@pytest.mark.parametrize("n", COUNTS)
@SETTINGS
@given(seed=seeds, extra=st.integers(min_value=-30, max_value=2))
def test_every_format_and_team_count(fmt: Format, n: int, seed: int, extra: int) -> None:
    t = make(n, fmt, seed=seed, rounds=rounds_for(fmt, n, extra), best_of_three=seed % 3,
             third_place=bool(seed // 3 % 2), rank_levels=bool(seed // 6 % 2) and fmt is not Format.DUPLICATE)
    check = Checker()
    play_out(t, random.Random(seed), check)
    assert t.status is Status.FINISHED
    standings = t.standings()
    assert sorted(s.team_id for s in standings) == [x.team_id for x in t.teams]
    assert [s.rank for s in standings] == list(range(1, n + 1))
    assert t.champion == standings[0].team_id
    if fmt is Format.KNOCKOUT:
        assert check.rounds == knockout_rounds_left(n)
        unbeaten = [s.team_id for s in standings if s.eliminated_in is None]
        assert unbeaten == [t.champion]
    if fmt in (Format.SWISS, Format.DUPLICATE):
        assert check.rounds == t.total_rounds()
    assert Tournament.from_json(t.to_json()).to_json() == t.to_json()
    check_report(report(t))


@pytest.mark.parametrize("n", COUNTS)
def test_knockout_halves_with_byes(n: int) -> None:
    """9 → 5 → 3 → 2 → 1: each round keeps ⌈teams/2⌉."""
    t = make(n, Format.KNOCKOUT)
    sizes: list[int] = []
    play_out(t, random.Random(n), lambda x: sizes.append(len([p for m in x.current.matches for p in m.teams])))  # type: ignore[union-attr]
    expected = [n]
    while expected[-1] > 1:
        expected.append((expected[-1] + 1) // 2)
    assert sizes == expected[:-1]


def test_nine_teams_go_five_three_two_one() -> None:
    t = make(9, Format.KNOCKOUT, seed=7)
    sizes: list[int] = []
    play_out(t, random.Random(3), lambda x: sizes.append(len([p for m in x.current.matches for p in m.teams])))  # type: ignore[union-attr]
    assert sizes == [9, 5, 3, 2]


@pytest.mark.parametrize("n", COUNTS)
def test_groups_round_robin_then_top_two(n: int) -> None:
    t = make(n, Format.GROUPS, seed=n)
    t.start()
    if n < 3:  # two teams: no groups, a final
        assert t.groups == []
        return
    assert sorted(x for g in t.groups for x in g) == [x.team_id for x in t.teams]
    assert all(3 <= len(g) <= 5 for g in t.groups)
    play_out(t, random.Random(n))
    group_pairs = Counter(frozenset(m.teams) for r in t.rounds for m in r.matches if r.stage is Stage.GROUP
                          and not m.is_bye)
    for g in t.groups:  # everyone met everyone of its group exactly once
        for i, x in enumerate(g):
            for y in g[i + 1:]:
                assert group_pairs[frozenset((x, y))] == 1
    first_ko = next(r for r in t.rounds if r.stage is Stage.KNOCKOUT)
    qualified = {x for m in first_ko.matches for x in m.teams}
    assert len(qualified) == 2 * len(t.groups)
    for index in range(len(t.groups)):
        leaders = [s.team_id for s in t.group_standings(index)][:2]
        assert set(leaders) <= qualified
