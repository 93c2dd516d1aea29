"""Stored tables restore and are written again byte for byte (#24: the hand's state split by phase, trump and levels
typed). ``golden/hand_states.json`` holds tables written by the engine before that change (made by
``tests.helpers.stored_states``), at every phase: dealing, the declaring window (passes, 暗扣 face-down declarations,
换庄 windows), burying, a 炒地皮 / 暗反 / 反无主 round, playing, a settled hand, negative team levels, penalties."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.randomplay import random_action
from engine.table import Table
from engine.views import Phase
from tests.helpers.stored_states import event_digests

STATES: dict[str, Any] = json.loads((Path(__file__).parent / "golden" / "hand_states.json").read_text("utf-8"))


def test_the_stored_states_cover_every_phase_and_declaring_round() -> None:
    hands = [s["hand"] for s in STATES.values()]
    assert {h["phase"] for h in hands} >= {p.value for p in Phase if p is not Phase.MATCH_OVER}
    assert any(h.get("hidden") for h in hands) and any((h["declaration"] or {}).get("concealed") for h in hands)
    assert {h.get("swap_stage") for h in hands} >= {"due", "other"}
    assert any(h["phase"] == "kitty_overcall" and h["overcall_queue"] for h in hands)
    assert any(h.get("kitty_rounds") for h in hands) and any(h["passed"] for h in hands)
    assert any(lv.startswith("-") for s in STATES.values() for lv in s["levels"])


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_stored_table_is_written_again_byte_for_byte(name: str) -> None:
    stored = STATES[name]
    for separators in ((", ", ": "), (",", ":")):  # the default form, and the session's compact form
        text = json.dumps(stored, separators=separators)
        again = Table.from_json(json.loads(text))
        assert json.dumps(again.to_json(), separators=separators) == text


@pytest.mark.parametrize("name", sorted(STATES)[::4])
def test_a_restored_table_plays_on_and_round_trips(name: str) -> None:
    table = Table.from_json(STATES[name])
    rng = random.Random(name)
    for _ in range(40):
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        table.apply(random_action(table, rng))
        text = json.dumps(table.to_json())
        assert json.dumps(Table.from_json(json.loads(text)).to_json()) == text


def test_the_events_wire_form_is_unchanged() -> None:
    """The events of seeded random play hash as they did before the change (the same choices, the same bytes)."""
    stored = json.loads((Path(__file__).parent / "golden" / "event_digests.json").read_text("utf-8"))
    assert event_digests() == stored
