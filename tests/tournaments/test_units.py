"""Entry by unit (单位): the max-per-unit limit (限报) refused at entry with a localized message, and a unit's teams
kept apart in round 1 of every format and in the group draw, whenever the draw can avoid it — hypothesis over
2–33 teams and any spread of units."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import i18n
from engine.errors import NotAllowed
from engine.tournament import Config, Format, Stage, Tournament
from engine.tournament.report import report
from engine.tournament.units import apart_pairs, same_unit, unavoidable
from tests.helpers.tournament_checks import check_report
from tests.helpers.tournaments import play_out

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def with_units(units: list[int | None], fmt: Format, seed: int = 1, **config: object) -> Tournament:
    """A tournament whose team i enters for ``units[i]`` (``None``: no unit)."""
    t = Tournament(tournament_id=1, guild_id=1, channel_id=1, organiser_id=1, name="Cup",
                   config=Config(format=fmt, **config), seed=seed)  # type: ignore[arg-type]
    for i, unit in enumerate(units):
        t.add_team(f"Team {i + 1}", (100 + 2 * i, 101 + 2 * i), (f"p{2 * i}", f"p{2 * i + 1}"), unit,
                   f"Unit {unit}" if unit is not None else "")
    return t


def fewest(teams: list[int], unit_of: dict[int, int | None], bye_ok: list[int]) -> int:
    """The fewest same-unit pairs possible among ``teams`` (the bye, with an odd count, to one of ``bye_ok``)."""
    if len(teams) % 2 == 0:
        return unavoidable(teams, unit_of)
    return min(unavoidable([x for x in teams if x != c], unit_of) for c in bye_ok)


unit_lists = st.integers(min_value=2, max_value=33).flatmap(
    lambda n: st.lists(st.one_of(st.none(), st.integers(min_value=1, max_value=5)), min_size=n, max_size=n))


@SETTINGS
@given(units=unit_lists, seed=st.integers(min_value=0, max_value=2**32),
       fmt=st.sampled_from([Format.KNOCKOUT, Format.SWISS, Format.DUPLICATE]))
def test_round_one_pairs_no_unit_with_itself_when_avoidable(units: list[int | None], seed: int, fmt: Format) -> None:
    t = with_units(units, fmt, seed, units_apart=True)
    t.start()
    rnd = t.current
    assert rnd is not None
    unit_of = t.unit_of()
    pairs = [(m.a, m.b) for m in rnd.matches]
    teams = [x for m in rnd.matches for x in m.teams]
    bye = [m.a for m in rnd.matches if m.is_bye]
    # the knock-out's lot may give the bye to any team; Swiss's goes to the lowest-ranked (a hard rule, kept)
    bye_ok = teams if fmt is Format.KNOCKOUT else bye
    assert same_unit(pairs, unit_of) == fewest(teams, unit_of, bye_ok), (units, pairs)
    play_out(t, random.Random(seed))
    check_report(report(t))  # the bye and pairing rules of later rounds still hold


@SETTINGS
@given(units=unit_lists, seed=st.integers(min_value=0, max_value=2**32), size=st.integers(min_value=3, max_value=6))
def test_groups_spread_each_unit_and_open_apart(units: list[int | None], seed: int, size: int) -> None:
    t = with_units(units, Format.GROUPS, seed, units_apart=True, group_size=size)
    t.start()
    unit_of = t.unit_of()
    if t.groups:
        sizes = [len(g) for g in t.groups]
        assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 3
        for unit in {u for u in units if u is not None}:
            counts = [sum(1 for x in g if unit_of[x] == unit) for g in t.groups]
            assert max(counts) - min(counts) <= 1, (unit, t.groups)
        rnd = t.current
        assert rnd is not None and rnd.stage is Stage.GROUP
        for g in t.groups:
            pairs = [(m.a, m.b) for m in rnd.matches if m.a in g]
            assert same_unit(pairs, unit_of) == fewest(list(g), unit_of, list(g)), (g, pairs)
    play_out(t, random.Random(seed))
    check_report(report(t))


def test_two_teams_of_one_unit_never_meet_first_when_four_teams() -> None:
    """The sheet's case (seed 001): two departments with two teams each — round 1 pairs across departments."""
    for seed in range(30):
        t = with_units([1, 1, 2, 2], Format.KNOCKOUT, seed, units_apart=True)
        t.start()
        assert t.current is not None
        assert all(t.team(m.a).unit != t.team(m.b).unit for m in t.current.matches if m.b is not None)  # type: ignore[arg-type]


def test_without_the_option_the_lot_alone_pairs() -> None:
    same = 0
    for seed in range(30):
        t = with_units([1, 1, 2, 2], Format.KNOCKOUT, seed)
        t.start()
        assert t.current is not None
        same += same_unit([(m.a, m.b) for m in t.current.matches], t.unit_of())
    assert same > 0  # the option is what keeps them apart


@SETTINGS
@given(entries=st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=30),
       limit=st.integers(min_value=1, max_value=3))
def test_the_unit_limit_is_refused_at_entry_and_changes_nothing(entries: list[int], limit: int) -> None:
    t = with_units([], Format.SWISS, unit_limit=limit)
    for i, unit in enumerate(entries):
        before = len(t.teams)
        full = sum(1 for x in t.teams if x.unit == unit) >= limit
        if full:
            with pytest.raises(NotAllowed) as err:
                t.add_team(f"T{i}", (10 * i, 10 * i + 1), ("a", "b"), unit, f"Club {unit}")
            assert err.value.key == "tournament.unit_full" and len(t.teams) == before
            for locale in ("en", "zh-CN"):
                text = i18n.t(err.value.key, locale, **err.value.params)
                assert f"Club {unit}" in text and str(limit) in text and "{" not in text
        else:
            t.add_team(f"T{i}", (10 * i, 10 * i + 1), ("a", "b"), unit, f"Club {unit}")
    counts = Counter(x.unit for x in t.teams)
    assert counts == Counter({u: min(c, limit) for u, c in Counter(entries).items()})


def test_a_unit_is_needed_when_entry_is_by_unit() -> None:
    t = with_units([], Format.KNOCKOUT, unit_limit=2)
    with pytest.raises(NotAllowed) as err:
        t.add_team("Loners", (1, 2), ("a", "b"))
    assert err.value.key == "tournament.unit_needed"
    assert "unit:" in i18n.t(err.value.key, "zh-CN", **err.value.params)


def test_units_survive_the_json_round_trip() -> None:
    t = with_units([7, 8, 7], Format.GROUPS, units_apart=True, unit_limit=2)
    t.start()
    back = Tournament.from_json(t.to_json())
    assert back.unit_of() == {1: 7, 2: 8, 3: 7} and back.config.units_apart and back.config.unit_limit == 2
    assert back.team(1).unit_name == "Unit 7"
    assert [x["unit"] for x in report(back)["teams"]] == [7, 8, 7]


def test_apart_pairs_gives_the_bye_where_it_frees_the_rest() -> None:
    pairs = apart_pairs([1, 2, 3], {1: 5, 2: 5, 3: 6})
    assert (3, None) not in pairs and same_unit(pairs, {1: 5, 2: 5, 3: 6}) == 0
