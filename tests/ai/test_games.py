"""AI players in whole hands: never an illegal action at any level under any preset, deterministic under a seed."""

from __future__ import annotations

import random

import pytest

from cli.duplicate import play_deal, play_hand
from engine.actions import DealCard, Pass
from engine.ai import choose_action
from engine.rules import PRESETS, Rules
from engine.table import Table
from engine.views import Phase

# long on a core: one at a time with the other "cpu" tests (xdist --dist loadgroup), beside the waiting ones
pytestmark = pytest.mark.xdist_group("cpu")


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", ["random", "basic"])
def test_no_illegal_action_fast_levels(preset: str, level: str) -> None:
    rules = Rules.from_preset(preset)
    for seed in range(3):
        rec = play_hand(rules, 1000 + seed, [level, "random", level, "basic"], ai_seed=seed)
        assert rec.result.hand_number >= 1
        assert rec.cards_played == 100


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_no_illegal_action_strong(preset: str) -> None:
    rules = Rules.from_preset(preset)
    rec = play_hand(rules, 77, ["strong", "basic", "strong", "random"], ai_seed=3, iterations=1)
    assert rec.result.trick_points >= -1000
    assert len(rec.times["strong"]) >= 25


def test_progressive_dealing_declarations_are_legal() -> None:
    """AIs asked after every dealt card (declaring during the deal) only make legal declarations."""
    for level in ("random", "basic", "strong"):
        table = Table.new(Rules.from_preset("standard"), 5)
        rngs = [random.Random(s) for s in range(4)]
        while table.phase is Phase.DEALING:
            table.apply(DealCard())
            for seat in range(4):
                if table.phase is not Phase.DEALING:
                    break
                action = choose_action(table.seat_view(seat), level, rngs[seat], iterations=1)
                if action is not None:
                    table.apply(action)
        assert table.phase is Phase.DECLARING
        for seat in table.to_act():
            action = choose_action(table.seat_view(seat), level, rngs[seat], iterations=1) or Pass(seat=seat)
            table.apply(action)


def test_same_seed_same_game() -> None:
    rules = Rules.from_preset("standard")
    levels = ["strong", "basic", "random", "basic"]
    a = play_hand(rules, 11, levels, ai_seed=4, iterations=2)
    b = play_hand(rules, 11, levels, ai_seed=4, iterations=2)
    assert a.actions == b.actions
    assert a.result == b.result


def test_duplicate_deal_swaps_seats() -> None:
    """A deal between equal AIs is symmetric up to the AIs' own randomness: basic vs basic is an exact tie."""
    out = play_deal((Rules.from_preset("standard"), 21, "basic", "basic", 0.2, None))
    assert out.level_diff == 0 and out.point_diff == 0


def test_the_summary_tells_settled_decisions_from_those_searched_to_their_deadline() -> None:
    from cli.arena import summarize
    from cli.duplicate import DealOutcome

    outcomes = [DealOutcome(1, 1, 10, {"strong": [5.0]}, {"strong": [5.0]}, {"strong": [16, 300, 310]},
                            {"strong": [300, 310]}),
                DealOutcome(2, -1, -5, {"strong": [5.0]}, {"strong": [5.0]}, {"strong": [20, 290]}, {"strong": [290]})]
    summary = summarize(outcomes)
    assert summary["worlds_p50"] == {"strong": 290.0}
    assert summary["worlds_open_p50"] == {"strong": 300.0}
    assert summary["settled_share"] == {"strong": 0.4}
    assert summary["searched"] == {"strong": 5}
