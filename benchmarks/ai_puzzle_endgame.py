"""Mine short endgame puzzles (残局题) whose answers the exact oracle (``benchmarks.endgame_oracle``) proves, and
grade the basic player's versions on them.

``python -m benchmarks.ai_puzzle_endgame mine --deals 300 --want 40 [--seed 1] [--cards 3] [--out FILE]``
``python -m benchmarks.ai_puzzle_endgame mine --replay FILE.all --out FILE`` (pick again from a run's positions)
``python -m benchmarks.ai_puzzle_endgame grade [--iterations 12]``

Mining: basic players play seeded deals (preset ``standard``, two decks, four seats); at each play decision
with 2 to ``--cards`` cards per hand, every legal play of the seat is solved exactly on every deal of the
unseen cards consistent with its view (or a uniform sample of them), and the position is kept when one play
is optimal on every one of them and at least 5 points better on average than any other. Per deal one
position is drawn at random, and every position where an earlier basic (``basic_v1``, ``basic_v2``)
finds the answer and the current one does not is kept besides. The record is a ``play`` puzzle of
``ai_puzzles.json`` with ``exact``: the deals it was judged on, whether they were all of them, the answer's
share of optimal deals and its smallest average gain. Grading prints how many of the exact endgames each
level solves (the earlier basics too).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from benchmarks.ai_puzzle_mine import _record, basic_decisions
from benchmarks.endgame_oracle import OPTIMAL_SHARE, Answer, clear_answer, deals_of, play_values, position_of
from benchmarks.puzzles import Puzzle, load_puzzles
from engine.actions import Play
from engine.ai import choose_action
from engine.cards import ALL_CARDS, format_cards
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

LEVELS = ("basic_v1", "basic_v2", "basic")
MIN_DEALS = 40  # a sampled position judged on fewer deals (strong voids) is left out


def exact_puzzles() -> list[Puzzle]:
    """The puzzles whose answer the exact oracle proved."""
    return [p for p in load_puzzles() if "exact" in p.entry]


def answers(table: Table, seat: int) -> dict[str, str]:
    """Each basic version's play at this position."""
    view = table.seat_view(seat)
    out = {}
    for level in LEVELS:
        action = choose_action(view, level, random.Random(0))
        out[level] = " ".join(format_cards(action.cards)) if isinstance(action, Play) else "-"
    return out


def judge(table: Table, rng: random.Random) -> Answer | None:
    """The oracle's answer at the seat to act, if one play is clearly best."""
    pos = position_of(table)
    if pos is None:
        return None
    deals, exhaustive = deals_of(pos, rng)
    if not exhaustive and len(deals) < MIN_DEALS:
        return None
    plays, rows = play_values(pos, deals)
    return clear_answer(plays, rows, len(deals), exhaustive)


def _same(a: str, b: str) -> bool:
    return sorted(a.split()) == sorted(b.split())


def regression(entry: dict[str, Any]) -> bool:
    """Whether an earlier basic finds the answer and the current one does not."""
    by, best = entry["versions"], entry["best"]
    return not _same(by["basic"], best) and any(_same(by[v], best) for v in ("basic_v1", "basic_v2"))


def mine_deal(rules: Rules, seed: int, max_cards: int, rng: random.Random) -> list[dict[str, Any]]:
    """Every clearly answered position of one deal, recorded as a puzzle."""
    kept: list[dict[str, Any]] = []
    for table, seat in basic_decisions(rules, seed):
        if table.phase is not Phase.PLAYING or not 2 <= len(table.seat_view(seat).hand) <= max_cards:
            continue
        answer = judge(table, rng)
        if answer is None:
            continue
        best = " ".join(format_cards([ALL_CARDS[i] for i in answer.play]))
        entry = _record(table, seed, seat, tuple(ALL_CARDS[i] for i in answer.play), answer.gain)
        entry.update({"kind": "play", "best": best, "versions": answers(table, seat),
                      "exact": {"deals": answer.deals, "exhaustive": answer.exhaustive, "optimal": answer.optimal,
                                "gain": answer.gain}})
        _name_and_why(entry)
        kept.append(entry)
    return kept


def pick(kept: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """The positions of one deal for the puzzle set: one drawn at random (whoever solves it), and every
    regression (``regression``) besides."""
    if not kept:
        return []
    chosen = rng.choice(kept)
    return [chosen] + [e for e in kept if e is not chosen and regression(e)]


def _name_and_why(entry: dict[str, Any]) -> None:
    cards = len(entry["hands"][entry["seat"]].split())
    exact = entry["exact"]
    role = "dealer" if entry["seat"] % 2 == entry["dealer"] % 2 else "defender"
    entry["name"] = f"exact-endgame-{entry['seed']}-seat{entry['seat']}-{cards}cards-move{len(entry['actions'])}"
    judged = f"all {exact['deals']} deals" if exact["exhaustive"] else f"{exact['deals']} sampled deals"
    entry["why"] = (f"Short endgame ({cards} cards each, the seat on the {role}'s team): solved exactly on {judged} "
                    f"of the unseen cards consistent with the seat's view, {entry['best']} is optimal on "
                    f"{exact['optimal']:.0%} of them and gains {exact['gain']} points on average over the next "
                    f"best play (benchmarks/endgame_oracle.py, plain minimax over the table's rules).")


def mine(deals: int, want: int, first_seed: int, max_cards: int, out: str) -> list[dict[str, Any]]:
    """Mine seeded deals from ``first_seed`` until ``want`` puzzles are picked; every clear position is
    also appended to ``out`` + ``.all`` (JSON lines) as it is found."""
    rules = Rules.from_preset("standard")
    rng, picker = random.Random(11), random.Random(5)
    found: list[dict[str, Any]] = []
    for seed in range(first_seed, first_seed + deals):
        kept = mine_deal(rules, seed, max_cards, rng)
        if out != "-":
            with open(out + ".all", "a", encoding="utf-8") as f:
                f.writelines(json.dumps(e) + "\n" for e in kept)
        found += _picked(seed, kept, picker)
        if len(found) >= want:
            break
    return found


def _picked(seed: int, kept: list[dict[str, Any]], picker: random.Random) -> list[dict[str, Any]]:
    chosen = pick(kept, picker)
    for entry in chosen:
        print(json.dumps({"seed": seed, "best": entry["best"], "versions": entry["versions"],
                          "exact": entry["exact"]}), file=sys.stderr, flush=True)
    return chosen


def replay(path: str) -> list[dict[str, Any]]:
    """The puzzles picked from a mining run's ``.all`` file (positions whose answer is optimal on fewer
    than ``OPTIMAL_SHARE`` of their deals left out), as ``mine`` picks them."""
    by_seed: dict[int, list[dict[str, Any]]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["exact"]["optimal"] >= OPTIMAL_SHARE:
            by_seed.setdefault(entry["seed"], []).append(entry)
    picker = random.Random(5)
    return [e for seed in sorted(by_seed) for e in _picked(seed, by_seed[seed], picker)]


def grade(iterations: int) -> dict[str, int]:
    """How many exact endgame puzzles each basic version and the strong player solve."""
    puzzles = exact_puzzles()
    out = {"total": len(puzzles)}
    for level in (*LEVELS, "strong"):
        out[level] = sum(1 for i, p in enumerate(puzzles)
                         if p.solved(choose_action(p.view, level, random.Random(i), iterations=iterations)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mine")
    m.add_argument("--deals", type=int, default=300)
    m.add_argument("--want", type=int, default=40)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--cards", type=int, default=3, help="the most cards per hand")
    m.add_argument("--out", default="-")
    m.add_argument("--replay", default=None, help="pick from this .all file of an earlier run instead")
    g = sub.add_parser("grade")
    g.add_argument("--iterations", type=int, default=12, help="strong AI sampled deals per decision")
    args = parser.parse_args(argv)
    if args.command == "grade":
        print(json.dumps(grade(args.iterations), sort_keys=True))
        return 0
    found = replay(args.replay) if args.replay else mine(args.deals, args.want, args.seed, args.cards, args.out)
    text = json.dumps(found, indent=1) + "\n"
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
