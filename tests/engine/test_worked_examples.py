"""RULES §14's worked examples are tests: every numbered example of §14 has a test, or a parametrized case, named
``example_N`` in the test modules of §12–§13 (the tests themselves check the answers)."""

from __future__ import annotations

import re

from tests.engine import (
    test_decks_units,
    test_declaring_decks,
    test_friends,
    test_judge_friends,
    test_scaled_scoring,
    test_shape,
)
from tests.helpers.shared_dir import RULEBOOK

#: where §14's examples are tested: units, following and winning; declaring; scoring; deals; 找朋友; the judge
MODULES = (test_decks_units, test_declaring_decks, test_scaled_scoring, test_shape, test_friends, test_judge_friends)


def _section_14() -> str:
    text = RULEBOOK.read_text(encoding="utf-8")
    start = text.index("## 14. ")
    return text[start:text.index("\n## ", start + 1)]


def _test_names() -> list[str]:
    """Every test function's name and every parametrized case's id in ``MODULES``."""
    names = []
    for module in MODULES:
        for attr, value in vars(module).items():
            if not attr.startswith("test_") or not callable(value):
                continue
            names.append(attr)
            for mark in getattr(value, "pytestmark", []):
                ids = mark.kwargs.get("ids") if mark.name == "parametrize" else None
                names += [str(i) for i in ids or ()]
    return names


def test_every_worked_example_of_section_14_has_a_test_named_after_it() -> None:
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", _section_14(), flags=re.MULTILINE)]
    assert numbers == list(range(1, 49)), "RULES §14 holds examples 1-48 in order"
    named = {int(n) for name in _test_names() for n in re.findall(r"example_(\d+)(?![0-9])", name)}
    assert set(numbers) - named == set()
