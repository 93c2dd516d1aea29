"""Typed values at the engine's boundaries (#24): ``Trump`` (S H C D NT), ``Level`` (2…A and the negative levels
-1, -2, … of ``blocked_gain: deducted_negative``), ``SanctionReason`` and ``MatchOverReason``. Each is a ``str`` (JSON
and the wire keep the text); parsing a bad value raises the engine's error with a message key, never a bare
``ValueError`` or ``TypeError``, and the stored forms read back as the typed values."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.actions import AwardHand, DealAll, Penalize, SanctionReason, action_from_json
from engine.errors import EngineError
from engine.events import MatchOverReason
from engine.judge import answer
from engine.levels import Level, level_name, playing_rank
from engine.rules import Rules
from engine.table import Table
from engine.trump import Trump
from engine.views import Sanction
from engine.wire import declaration_from_json, result_from_json
from i18n import MESSAGES
from tests.helpers.rounds import later_hand

BAD_LEVELS: list[Any] = ["1", "0", "-0", "B", "", "a", "-", "- 1", "-²", "10 ", None, 3, ["2"]]
BAD_TRUMPS: list[Any] = ["X", "", "T", "nt", "s", None, 1, ["S"]]


@pytest.mark.parametrize("text", ["2", "10", "A", "-1", "-12"])
def test_a_level_is_its_text(text: str) -> None:
    level = Level(text)
    assert level == text and json.dumps(level) == json.dumps(text) and Level.parse(text) == level
    assert Level.parse(level) is level


@pytest.mark.parametrize("value", BAD_LEVELS)
def test_a_bad_level_raises_the_engines_error(value: Any) -> None:
    with pytest.raises(EngineError) as err:
        Level.parse(value)
    assert err.value.key == "play.bad_level"


def test_levels_the_rules_compute_are_typed() -> None:
    assert isinstance(level_name(-2), Level) and level_name(-2) == "-2" and level_name(12) == "A"
    assert isinstance(playing_rank("-3"), Level) and playing_rank("-3") == "2" and playing_rank("K") == "K"


@pytest.mark.parametrize("text", ["S", "H", "C", "D", "NT"])
def test_a_trump_is_its_text(text: str) -> None:
    trump = Trump.parse(text)
    assert trump == text and json.dumps(trump) == json.dumps(text) and f"{trump}" == text and str(trump) == text


@pytest.mark.parametrize("value", BAD_TRUMPS)
def test_a_bad_trump_raises_the_engines_error(value: Any) -> None:
    with pytest.raises(EngineError) as err:
        Trump.parse(value)
    assert err.value.key == "play.bad_trump"
    assert Trump.HIDDEN == ""  # the public trump of a face-down declaration, never a trump choice


def test_the_message_keys_exist_in_both_languages() -> None:
    for key in ("play.bad_level", "play.bad_trump", "action.invalid"):
        assert set(MESSAGES[key]) >= {"en", "zh-CN"}


def test_a_stored_declaration_or_result_with_a_bad_trump_or_level_raises_the_engines_error() -> None:
    with pytest.raises(EngineError) as err:
        declaration_from_json({"seat": 0, "cards": ["2H"], "trump": "Z"})
    assert err.value.key == "play.bad_trump"
    table = later_hand(Rules(), 3)
    good = table.to_json()["results"][0]
    assert result_from_json(good).trump in tuple(Trump) and isinstance(result_from_json(good).levels_after[0], Level)
    for field, bad in (("level", "1"), ("trump", "Q"), ("levels_after", ["2", "0"])):
        with pytest.raises(EngineError):
            result_from_json({**good, field: bad})
    stored = table.to_json()
    with pytest.raises(EngineError) as err:
        Table.from_json({**stored, "levels": ["2", "one"]})
    assert err.value.key == "play.bad_level"


def test_a_table_holds_typed_values_and_writes_the_same_text() -> None:
    table = later_hand(Rules.from_preset("aihua"), 2)
    table.apply(Penalize(team=0, points=0, reason=SanctionReason.TIMEOUT))
    again = Table.from_json(json.loads(json.dumps(table.to_json())))
    assert all(type(level) is Level for level in again.levels) and type(again.hand.level) is Level
    assert again.sanctions[-1].reason is SanctionReason.TIMEOUT
    view = again.public_view()
    assert type(view.level) is Level and all(type(r.trump) is Trump for r in view.results)


def test_sanction_reasons_parse_from_stored_actions_and_sanctions() -> None:
    action = action_from_json({"type": "award_hand", "team": 1, "reason": "referee"})
    assert isinstance(action, AwardHand) and action.reason is SanctionReason.REFEREE
    assert action.to_json() == {"type": "award_hand", "team": 1, "reason": "referee"}
    for bad in ("clock", None, ["timeout"], 1):
        with pytest.raises(EngineError) as err:
            action_from_json({"type": "penalize", "team": 0, "points": 5, "reason": bad})
        assert err.value.key == "action.invalid"
    assert Sanction.from_json({"hand": 1, "team": 0, "points": 0, "kind": "warning", "reason": "timeout"}).reason \
        is SanctionReason.TIMEOUT
    with pytest.raises(EngineError):
        Sanction.from_json({"hand": 1, "team": 0, "points": 0, "kind": "warning", "reason": "bogus"})


def test_a_match_over_reason_is_stored_by_its_text() -> None:
    table = Table.new(Rules(), 1)
    table.apply(DealAll())
    table.match_over_reason = MatchOverReason.TIME_UP
    stored = table.to_json()
    assert json.dumps(stored["match_over_reason"]) == '"time_up"'
    assert Table.from_json(stored).match_over_reason is MatchOverReason.TIME_UP
    with pytest.raises(EngineError) as err:
        Table.from_json({**stored, "match_over_reason": "bored"})
    assert err.value.key == "action.invalid"


def test_the_judge_refuses_a_level_with_a_non_ascii_digit_as_a_bad_level() -> None:
    """``-²`` passed ``str.isdigit`` but not ``int``: the judge answered ``internal error: ValueError``."""
    query = {"q": "settle", "level": "2", "trump": "S", "dealer": 0, "levels": ["-²", "2"], "points": 60,
             "kitty": ["5H", "10D", "KS", "3C", "4C", "6D", "7D", "8D"], "last": ["7C"], "last_winner": 1}
    assert answer(json.dumps(query)) == {"error": "'levels' must hold ranks 2..A or negative levels -1, -2, ..., "
                                                  "not '-²'"}
