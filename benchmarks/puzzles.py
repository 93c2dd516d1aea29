"""AI puzzles (题): positions with one clearly best move, for measuring the AI levels.

``ai_puzzles.json`` holds three kinds. ``play`` puzzles come from seeded deals (preset, seed, and the table's
actions up to the position, replayed with ``Table.replay_json``; every hand and the kitty are written
out too): endgames where one play is optimal on at least 95% of the deals consistent with the seat's view
(each solved exactly) — see ``benchmarks/ai_puzzle_mine.py``. ``bury`` puzzles are hands after taking the
kitty: the cards that must be buried and the ones that must be kept. ``declare`` puzzles are decisions of a first
hand's declaration window (dealt at once, replayed like ``play`` puzzles): the declaration to make, or ``pass``,
checked by ``benchmarks/ai_puzzle_declare.py``. Each has ``why``: an expert's reason.
Positions that are not endgames (mid-hand throws and kitty protection, ``benchmarks/ai_puzzle_midhand.py``)
also record the longer search that checked them (``check_worlds`` deals, the answer's smallest gain over
every other candidate play in levels, ``check_gain``, and its z, ``check_z``). Short endgames with ``exact``
(``benchmarks/ai_puzzle_endgame.py``) have an answer the exact oracle of ``benchmarks/endgame_oracle.py``
(independent of ``engine.ai``) found optimal on every deal consistent with the seat's view, and ``versions``:
each basic version's play when they were mined. The AI sees only the seat's ``SeatView``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions import Action, Bury, Declare, Pass, Play
from engine.ai import choose_action
from engine.cards import Card, parse_cards
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase, PublicView, SeatView

PUZZLES_FILE = Path(__file__).with_name("ai_puzzles.json")
ENDGAME_CARDS = 4


@dataclass(frozen=True)
class Puzzle:
    """One position, and what a correct answer is."""

    name: str
    why: str
    view: SeatView
    solved: Callable[[Action | None], bool]
    entry: dict[str, Any]  # the puzzle's record in the file

    @property
    def endgame(self) -> bool:
        """A play with at most 4 cards per hand (solved exactly by the strong player's search)."""
        return self.view.public.phase is Phase.PLAYING and len(self.view.hand) <= ENDGAME_CARDS


def _same(cards: tuple[Card, ...], text: str) -> bool:
    return sorted(c.index for c in cards) == sorted(c.index for c in parse_cards(text))


def replayed(entry: dict[str, Any]) -> Table:
    """The table of a ``play`` or ``declare`` puzzle: its preset and seed, with its actions replayed."""
    return Table.replay_json(Rules.from_preset(entry["preset"]).to_json(), entry["seed"], entry["actions"])


def _play_puzzle(entry: dict[str, Any]) -> Puzzle:
    table = replayed(entry)
    assert table.phase is Phase.PLAYING and table.to_act()[0] == entry["seat"], entry["name"]
    view = table.seat_view(entry["seat"])
    assert _same(view.hand, entry["hands"][entry["seat"]]), entry["name"]
    best = entry["best"]
    return Puzzle(entry["name"], entry["why"], view, lambda a: isinstance(a, Play) and _same(a.cards, best), entry)


def _bury_puzzle(entry: dict[str, Any]) -> Puzzle:
    hand = parse_cards(entry["hand"])
    level, trump = entry["level"], entry["trump"]
    pub = PublicView(
        rules=Rules(), hand_number=2, phase=Phase.BURYING, levels=(level, level), dealer=0, level=level,
        trump=trump, declaration=None, to_act=(0,), hand_sizes=(33, 25, 25, 25), cards_dealt=100, trick=None,
        tricks=(), defender_points=0, penalties=(), kitty_holder=0, last_result=None, results=(),
        match_winner=None)
    view = SeatView(seat=0, public=pub, hand=hand, kitty=None)
    must, keep = parse_cards(entry["bury"]), parse_cards(entry["keep"])

    def solved(action: Action | None) -> bool:
        if not isinstance(action, Bury):
            return False
        return set(must) <= set(action.cards) and not set(keep) & set(action.cards)

    return Puzzle(entry["name"], entry["why"], view, solved, entry)


def _declare_puzzle(entry: dict[str, Any]) -> Puzzle:
    table = replayed(entry)
    assert table.phase is Phase.DECLARING and entry["seat"] in table.to_act(), entry["name"]
    view = table.seat_view(entry["seat"])
    assert _same(view.hand, entry["hand"]), entry["name"]
    best = entry["best"]

    def solved(action: Action | None) -> bool:
        if best == "pass":
            return action is None or isinstance(action, Pass)
        return isinstance(action, Declare) and _same(action.cards, best)

    return Puzzle(entry["name"], entry["why"], view, solved, entry)


_LOADERS: dict[str, Callable[[dict[str, Any]], Puzzle]] = {
    "bury": _bury_puzzle, "play": _play_puzzle, "declare": _declare_puzzle}


def miner_parser(doc: str, deals: int, want: int, worlds: int, check: int | None = None) -> argparse.ArgumentParser:
    """The options every puzzle miner takes: ``--deals``, ``--want``, ``--seed``, ``--worlds`` (and ``--check``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--deals", type=int, default=deals, help="seeded deals to play")
    parser.add_argument("--want", type=int, default=want, help="stop after this many puzzles")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--worlds", type=int, default=worlds, help="sampled deals per position")
    if check is not None:
        parser.add_argument("--check", type=int, default=check, help="fresh deals of the longer check")
    return parser


def load_puzzles() -> list[Puzzle]:
    """Every puzzle of ``ai_puzzles.json``."""
    entries = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))
    return [_LOADERS[e["kind"]](e) for e in entries]


def solved_count(puzzles: list[Puzzle], level: str, budget_s: float = 0.2, iterations: int | None = None) -> int:
    """How many puzzles ``level`` solves (the strong AI seeded per puzzle: reproducible with ``iterations``)."""
    return sum(1 for i, p in enumerate(puzzles)
               if p.solved(choose_action(p.view, level, random.Random(i), budget_s=budget_s, iterations=iterations)))
