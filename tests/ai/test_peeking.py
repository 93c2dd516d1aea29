"""The no-peeking guarantee: an AI decides from its ``SeatView`` only."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from engine.ai import choose_action, suggest
from engine.cards import parse_card
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from tests.helpers.basic_play import play_basic_until

AI_DIR = Path(__file__).resolve().parents[2] / "engine" / "ai"


def test_ai_package_never_imports_the_table() -> None:
    for path in AI_DIR.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert not name.startswith(("engine.table", "engine.hand", "engine.randomplay")), (path, name)


def _table_in_play(seed: int) -> Table:
    """A table a few tricks into the play, driven by basic AIs."""
    table = Table.new(Rules.from_preset("standard"), seed)
    assert play_basic_until(table, random.Random(0),
                            lambda t: t.phase is Phase.PLAYING and len(t.public_view().tricks) >= 3)
    return table


def _swap_hidden_cards(table: Table, me: int) -> Table:
    """The same table with one card exchanged between two other seats (``me``'s view unchanged)."""
    state = table.to_json()
    hands = state["hand"]["hands"]
    a, b = [s for s in range(4) if s != me][:2]
    for i, x in enumerate(hands[a]):
        for j, y in enumerate(hands[b]):
            if x != y:
                hands[a][i], hands[b][j] = y, x
                return Table.from_json(state)
    raise AssertionError("no card to swap")


def test_same_view_same_choice_whatever_the_hidden_hands() -> None:
    for seed in (1, 2, 3):
        table = _table_in_play(seed)
        me = table.to_act()[0]
        other = _swap_hidden_cards(table, me)
        assert other.seat_view(me) == table.seat_view(me)
        assert [parse_card(c) for c in other.to_json()["hand"]["hands"][me]] == list(table.seat_view(me).hand)
        assert other.to_json()["hand"]["hands"] != table.to_json()["hand"]["hands"]
        assert suggest(other.seat_view(me)) == suggest(table.seat_view(me))
        for level in ("basic", "strong"):
            one = choose_action(table.seat_view(me), level, random.Random(9), iterations=3)
            two = choose_action(other.seat_view(me), level, random.Random(9), iterations=3)
            assert one == two, level
