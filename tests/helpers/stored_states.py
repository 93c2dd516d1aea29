"""Write ``tests/engine/golden/hand_states.json``: stored tables (``Table.to_json()``) at every phase and declaring
round of a hand, as the engine wrote them before the hand's state was split by phase (#24). The test
``tests/engine/test_stored_states.py`` reads each back and checks that it is written again byte for byte; and
``event_digests.json``: the hash of the events' wire form over a few hands of seeded random play.

    .venv/bin/python -m tests.helpers.stored_states   # only to add cases: the committed file is the old engine's
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine.actions import Penalize, StartHand
from engine.levels import Level
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

OUT = Path(__file__).resolve().parents[1] / "engine" / "golden" / "hand_states.json"
EVENTS = OUT.with_name("event_digests.json")
PRESETS = ("standard", "aihua", "minzheng", "daiwang", "tournament", "duplicate", "renda")


def signature(preset: str, table: Table) -> tuple[Any, ...]:
    """What makes a stored state worth keeping: its phase and which declaring fields are in use."""
    obj = table.hand.to_json()
    return (preset, table.phase.value, bool(obj.get("hidden")), obj.get("swap_stage", ""), bool(obj["overcall_queue"]),
            bool(obj.get("kitty_rounds")), bool(obj["passed"]) and table.phase is Phase.DECLARING,
            any(lv.startswith("-") for lv in table.levels))


def collect(seeds: int = 3) -> dict[str, Any]:
    found: dict[str, Any] = {}
    seen: set[tuple[Any, ...]] = set()
    for preset in PRESETS:
        for seed in range(seeds):
            rng = random.Random(seed)
            table = Table.new(Rules.from_preset(preset), seed)
            for hand in range(3):
                if hand == 2 and preset == "aihua":
                    table.levels = [Level("-2"), table.levels[1]]  # a negative level (负级), as blocked_gain leaves it
                while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                    if rng.random() < 0.01 and table.rules.timed:
                        table.apply(Penalize(team=rng.randrange(2), points=10, reason="timeout"))
                    table.apply(random_action(table, rng, progressive_deal=rng.random() < 0.05))
                    key = signature(preset, table)
                    if key not in seen:
                        seen.add(key)
                        found[f"{preset}:{seed}:{table.version}:{table.phase.value}"] = table.to_json()
                if table.phase is Phase.MATCH_OVER:
                    break
                table.apply(StartHand())
    return found


def event_digests(seeds: int = 2, hands: int = 3) -> dict[str, str]:
    """Per preset and seed: the SHA-256 of every event's wire form (``Event.to_json()``) over ``hands`` hands of
    random play, one JSON line per event (the events' bytes, as the presenter and the web page receive them)."""
    out: dict[str, str] = {}
    for preset in PRESETS:
        for seed in range(seeds):
            rng, digest = random.Random(seed), hashlib.sha256()
            table = Table.new(Rules.from_preset(preset), seed)
            for _ in range(hands):
                while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                    for event in table.apply(random_action(table, rng)):
                        digest.update(json.dumps(event.to_json()).encode() + b"\n")
                if table.phase is Phase.MATCH_OVER:
                    break
                for event in table.apply(StartHand()):
                    digest.update(json.dumps(event.to_json()).encode() + b"\n")
            out[f"{preset}:{seed}"] = digest.hexdigest()
    return out


def main() -> None:
    states = collect()
    OUT.write_text(json.dumps(states, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    EVENTS.write_text(json.dumps(event_digests(), indent=1) + "\n", encoding="utf-8")
    print(f"{len(states)} states, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
