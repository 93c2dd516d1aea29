"""The AI levels on the puzzle file (``ai_puzzles.json``): basic solves at least 70%, strong at least 90%.

The strong AI runs with a fixed number of sampled deals (``iterations``): deterministic and short."""

from __future__ import annotations

from tests.helpers.ai_puzzles import load_puzzles, solved_count

STRONG_ITERATIONS = 12
BASIC_SHARE = 0.7


def test_the_puzzle_file_has_thirty_positions_with_reasons() -> None:
    puzzles = load_puzzles()
    assert len(puzzles) >= 30
    assert all(p.why.strip() for p in puzzles)
    assert len({p.name for p in puzzles}) == len(puzzles)


def test_basic_solves_seventy_percent() -> None:
    puzzles = load_puzzles()
    assert solved_count(puzzles, "basic") >= BASIC_SHARE * len(puzzles)


def test_strong_solves_ninety_percent() -> None:
    puzzles = load_puzzles()
    assert solved_count(puzzles, "strong", iterations=STRONG_ITERATIONS) >= 0.9 * len(puzzles)
