"""Enums at the boundaries (#24): the 换庄 stage of a hand (``engine.rounds.SwapStage``) and a seat's AI level
(``engine.ai.levels.AiLevel``) are enums in memory and the same strings in stored JSON, so states and records saved
before they were typed restore unchanged and are written back byte for byte."""

from __future__ import annotations

import json

import pytest

import engine.ai
from data.records import Seat
from engine.actions import Pass
from engine.ai.levels import LEVELS, AiLevel
from engine.bids import SwapStage
from engine.hand import HandState
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime.errors import NotAllowed
from runtime.inputs import ai_level
from tests.helpers.rounds import later_hand


def _stored(table: Table) -> str:
    return json.dumps(table.to_json(), sort_keys=True)


def test_a_swap_dealer_hand_is_typed_in_memory_and_stored_as_before() -> None:
    table = later_hand(Rules(no_declaration="swap_dealer"), 1)
    assert table.hand.bids.swap_stage is SwapStage.DUE and table.hand.to_json()["swap_stage"] == "due"
    for seat in range(4):  # the first window: everyone passes; the other team's window opens
        table.apply(Pass(seat=seat))
    assert table.hand.phase is Phase.DECLARING and table.hand.bids.swap_stage is SwapStage.OTHER
    text = _stored(table)
    assert '"swap_stage": "other"' in text
    again = Table.from_json(json.loads(text))
    assert again.hand.bids.swap_stage is SwapStage.OTHER and _stored(again) == text
    assert again.to_act() == table.to_act() and again.legal_actions(again.to_act()[0]) == \
        table.legal_actions(table.to_act()[0])


@pytest.mark.parametrize("stage", ["", "due", "other"])
def test_a_hand_stored_with_a_plain_stage_string_restores_it_as_the_enum(stage: str) -> None:
    hand = later_hand(Rules(no_declaration="swap_dealer"), 2).hand
    obj = json.loads(json.dumps(hand.to_json()))
    obj.pop("swap_stage", None)
    if stage:
        obj["swap_stage"] = stage
    restored = HandState.from_json(hand.rules, obj)
    assert restored.bids.swap_stage is SwapStage(stage)
    assert json.dumps(restored.to_json(), sort_keys=True) == json.dumps(obj, sort_keys=True)  # "": not written


def test_ai_levels_are_one_enum_stored_by_value() -> None:
    assert engine.ai.LEVELS is LEVELS == tuple(level.value for level in AiLevel)  # one definition
    seat = Seat.from_json({"name": "AI 2", "user_id": None, "ai_level": "strong", "away": False})
    assert seat.ai_level is AiLevel.STRONG
    assert json.dumps(seat.to_json()) == '{"name": "AI 2", "user_id": null, "ai_level": "strong", "away": false}'
    assert json.dumps(seat.occupant_json()) == '{"ai": "strong"}'
    assert Seat.from_occupant({"ai": "random"}).ai_level is AiLevel.RANDOM
    assert ai_level("basic") is AiLevel.BASIC
    with pytest.raises(NotAllowed):
        ai_level("expert")
