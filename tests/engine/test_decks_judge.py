"""The judge with one to four decks (JUDGE.md "Deck counts", RULES §12.2, §12.4): copies up to N, units with
``width``/``length``, ``largest_unit``, throws with tuples, and two-deck answers in their v2 form."""

from __future__ import annotations

import json
from typing import Any

from engine.judge import answer

THREE = {"decks": 3}


def ask(**query: Any) -> dict[str, Any]:
    return answer(json.dumps(query))


def test_parse_gives_width_and_length_with_n_decks_and_the_v2_form_with_two() -> None:
    got = ask(q="parse", level="7", trump="C", rules=THREE, cards=["KD", "9D", "9D", "9D", "8D", "8D", "8D"])
    assert got == {"suit": "D", "units": [
        {"type": "tractor", "width": 3, "length": 2, "cards": ["9D", "9D", "9D", "8D", "8D", "8D"]},
        {"type": "single", "width": 1, "cards": ["KD"]}]}
    assert ask(q="parse", level="7", trump="C", rules={"decks": 4}, cards=["AH"] * 4)["units"] == [
        {"type": "quadruple", "width": 4, "cards": ["AH"] * 4}]
    assert ask(q="parse", level="7", trump="C", cards=["9D", "9D"]) == {
        "suit": "D", "units": [{"type": "pair", "cards": ["9D", "9D"]}]}


def test_copies_are_counted_against_the_deck_count() -> None:
    assert "error" in ask(q="parse", level="7", trump="C", cards=["9D", "9D", "9D"])
    assert "three copies" in ask(q="parse", level="7", trump="C", rules=THREE, cards=["9D"] * 4)["error"]
    one = ask(q="parse", level="7", trump="C", rules={"decks": 1}, cards=["9D"] * 2)
    assert "more than one copy of 9D" in one["error"]


def test_trick_answers_the_largest_unit_with_n_decks() -> None:
    plays = [["KH", "KH", "KH"], ["AH", "AH", "4H"], ["3S", "3S", "3S"], ["QH", "QH", "QH"]]
    assert ask(q="trick", level="5", trump="S", rules=THREE, plays=plays) == {
        "winner": 2, "points": 30, "largest_unit": 3}
    two = ask(q="trick", level="5", trump="S", plays=[["KH", "KH"], ["AH", "AH"], ["3S", "4S"], ["QH", "QH"]])
    assert two == {"winner": 1, "points": 20}


def test_a_throw_with_a_triple_fails_on_a_higher_triple_and_forces_it() -> None:
    hand = ["9H", "9H", "9H", "AH", "2C", "3C"]
    others = [["10H", "10H", "10H", "4C"], ["KH", "KH", "5C"], ["QH", "QH", "6C"]]
    query = {"q": "lead", "level": "5", "trump": "S", "rules": THREE, "hand": hand, "others": others,
             "play": ["9H", "9H", "9H", "AH"]}
    assert ask(**query) == {"legal": True, "throw": True, "failed": True, "forced": ["9H", "9H", "9H"],
                            "penalty": 10}
    others[0] = ["10H", "10H", "4C"]  # pairs never beat a triple
    assert ask(**query) == {"legal": True, "throw": True, "failed": False, "penalty": 0}


def test_follow_with_a_triple_to_a_pair_lead_breaks_it_unless_protected() -> None:
    query = {"q": "follow", "level": "5", "trump": "S", "lead": ["KH", "KH"], "hand": ["QH", "QH", "QH", "4H", "3C"],
             "play": ["QH", "4H"]}
    assert ask(**query, rules=THREE) == {"legal": False}
    assert ask(**query, rules={"decks": 3, "follow_policy": "ladder_protected"}) == {"legal": True}
