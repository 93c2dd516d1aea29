"""Typed events keep their wire form: ``{"kind", "data", "to"}`` with the documented keys per kind."""

from __future__ import annotations

import json
import random

from engine.events import EngineEvent, Event, HandSettled
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from engine.wire import result_to_json

WIRE_KEYS: dict[tuple[str, bool], set[str]] = {  # (kind, private) -> the keys of ``data``
    ("hand_started", False): {"hand_number", "dealer", "level", "first_drawer", "redeals", "levels"},
    ("card_dealt", True): {"seat", "card"},
    ("card_dealt", False): {"seat", "count"},
    ("cards_dealt", True): {"seat", "cards"},
    ("dealing_done", False): {"declaration"},
    ("declared", False): {"seat", "cards", "trump", "kind"},
    ("passed", False): {"seat"},
    ("declaring_closed", False): {"trump", "dealer", "how", "kitty"},
    ("redeal", False): {"reason"},
    ("kitty_taken", True): {"seat", "cards"},
    ("kitty_taken", False): {"seat"},
    ("buried", True): {"seat", "cards"},
    ("buried", False): {"seat"},
    ("kitty_overcall_round", False): {"seat", "mode"},
    ("declared", True): {"seat", "cards", "trump", "kind"},  # 暗扣: the declarer's own face-down cards
    ("declared_concealed", False): {"seat", "kind"},
    ("declarations_revealed", False): {"declarations", "trump"},
    ("swap_window", False): {"team", "level", "seat"},
    ("swap_dealer", False): {"dealer", "level"},
    ("play_started", False): {"leader", "trump"},
    ("played", False): {"seat", "cards"},
    ("throw_failed", False): {"seat", "attempted", "forced", "beaten_unit", "penalty"},
    ("trick_won", False): {"seat", "points", "defender_points", "trick_number"},
    ("match_over", False): {"winner", "reason", "levels", "match_points"},
    ("time_called", False): {"hand_number"},
}


def _events(seed: int, preset: str) -> list[Event]:
    table = Table.new(Rules.from_preset(preset), seed)
    rng = random.Random(seed)
    out: list[Event] = []
    while table.phase is not Phase.MATCH_OVER and len(out) < 4000:
        out += table.apply(random_action(table, rng, progressive_deal=rng.random() < 0.5))
    return out


def test_every_event_has_its_documented_wire_form() -> None:
    seen: set[str] = set()
    for seed, preset in ((1, "standard"), (2, "standard"), (3, "minzheng"), (4, "aihua"), (5, "daiwang")):
        for event in _events(seed, preset):
            assert isinstance(event, EngineEvent)
            wire = json.loads(json.dumps(event.to_json()))  # plain JSON: cards as strings
            assert set(wire) == {"kind", "data", "to"} and wire["kind"] == event.kind and wire["to"] == event.to
            seen.add(event.kind)
            if isinstance(event, HandSettled):
                assert wire["data"] == json.loads(json.dumps(result_to_json(event.result)))
                continue
            assert set(wire["data"]) == WIRE_KEYS[(event.kind, event.to is not None)], event
            for key in ("cards", "attempted", "forced", "beaten_unit"):
                if wire["data"].get(key) is not None:
                    assert all(isinstance(c, str) for c in wire["data"][key])
    assert {"hand_started", "played", "trick_won", "hand_settled", "declaring_closed"} <= seen
