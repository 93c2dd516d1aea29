"""Swiss rounds are limited before play (issue #55, item 10): five teams over five rounds gave the leader a bye (the
last team without one); an even count cannot go past a round-robin without repeats. Refused at the start with the
numbers, in both languages; within the limit the leader never has the bye."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import NotAllowed
from engine.tournament import Format
from engine.tournament.bracket import default_rounds, max_rounds
from engine.tournament.report import report
from i18n import t as tr
from tests.helpers.tournaments import make, play_out


@pytest.mark.parametrize(("teams", "rounds"), [(5, 5), (5, 9), (4, 4), (3, 3), (2, 2)])
def test_too_many_rounds_refused_at_the_start(teams: int, rounds: int) -> None:
    t = make(teams, Format.SWISS, rounds=rounds)
    with pytest.raises(NotAllowed) as err:
        t.start()
    assert err.value.key == "tournament.too_many_rounds" and t.rounds == []
    assert err.value.params == {"rounds": rounds, "teams": teams, "max": max_rounds(teams)}
    for locale in ("en", "zh-CN"):
        text = tr(err.value.key, locale, **err.value.params)
        assert str(rounds) in text and str(max_rounds(teams)) in text


def test_the_limits() -> None:
    assert [max_rounds(n) for n in (2, 3, 4, 5, 6, 9)] == [1, 2, 3, 4, 5, 8]
    assert all(default_rounds(n) <= max_rounds(n) for n in range(2, 65))
    make(5, Format.DUPLICATE, rounds=5).start()  # duplicate: a bye scores the round's average, not a win
    make(5, Format.SWISS, rounds=4).start()


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=3, max_value=15).filter(lambda n: n % 2 == 1), st.integers(0, 2**16))
def test_within_the_limit_the_leader_never_has_the_bye(teams: int, seed: int) -> None:
    t = make(teams, Format.SWISS, seed=seed, rounds=max_rounds(teams))
    play_out(t, random.Random(seed))
    for rnd in report(t)["schedule"][1:]:
        (bye,) = rnd["byes"]
        assert rnd["ranking"].index(bye) > 0
