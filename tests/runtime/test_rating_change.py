"""The ladder line of the match-end message: a player's first rated match says *new* (not the whole rating
as a gain); later matches show the change."""

from __future__ import annotations

from runtime.service.pipeline import rating_changes
from tests.helpers.records import new_record


def test_first_rated_match_says_new_in_both_locales() -> None:
    rec = new_record(seats=(11, 12, None, None))
    names = rec.names
    assert rating_changes(rec, {}, {0: 3.3, 1: -1.8}, "en") == f"{names[0]} 3.3 (new) · {names[1]} -1.8 (new)"
    assert rating_changes(rec, {}, {0: 3.3}, "zh-CN") == f"{names[0]} 3.3 (新上榜)"


def test_later_matches_show_the_signed_change() -> None:
    rec = new_record(seats=(11, 12, None, None))
    names = rec.names
    line = rating_changes(rec, {0: 3.3, 1: 2.0}, {0: 4.5, 1: 1.2}, "en")
    assert line == f"{names[0]} 4.5 (+1.2) · {names[1]} 1.2 (-0.8)"
    assert rating_changes(rec, {0: 1.0}, {0: 1.0, 1: 0.5}, "en") == f"{names[0]} 1.0 (+0.0) · {names[1]} 0.5 (new)"
