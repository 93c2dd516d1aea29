"""Mine and check declaring puzzles (亮主/反主 题): which declaration, or a pass, wins the most levels.

``python -m benchmarks.ai_puzzle_declare --deals 60 --want 6 [--worlds 60] [--check 600] [--preset standard]``

Basic players play seeded first hands, dealt at once (as the arena deals). At each decision of the declaration
window where the seat has a choice (a ``Declare`` and a ``Pass`` at least), every option is scored on the same
sampled deals consistent with the seat's view: the cards it has not seen are shuffled among the other hands
and the kitty (a standing declaration's cards stay with their declarer), the option is made, and basic players
play the hand to its settlement (bury, overcalls and play), the same AI seeds for every option. The value is
the seat's team's level gain minus the other team's. A position is kept when one option beats every other
by ``MIN_GAIN`` levels with ``MIN_Z`` standard errors, then checked again on ``--check`` fresh deals: a longer
search than the one graded (the AI declares by rule of thumb, ``engine.ai.declare``). ``check_option`` is
that check; ``benchmarks.puzzles`` loads the ``declare`` puzzles.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from benchmarks.ai_puzzle_midhand import MIN_GAIN, MIN_Z, clear_best, margin
from benchmarks.puzzles import miner_parser
from engine.actions import Action, DealAll, Declare, Pass
from engine.ai import choose_action
from engine.cards import ALL_CARDS, Card, format_cards, parse_cards, two_decks
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

MAX_STEPS = 2000  # actions of one played-out hand (a redeal included)


def options_of(table: Table, seat: int) -> list[Action]:
    """The seat's declaring choices: every legal declaration, then the pass."""
    return [a for a in table.legal_actions(seat) if isinstance(a, Declare | Pass)]


def option_text(action: Action | None) -> str:
    """``pass`` or the declared cards (``2H 2H``): how a puzzle writes its answer."""
    return " ".join(format_cards(action.cards)) if isinstance(action, Declare) else "pass"


def _fixed_cards(state: dict[str, Any], seat: int) -> list[list[Card]]:
    """The cards the seat knows each hand holds: its own hand, and a face-up standing declaration."""
    hand = state["hand"]
    fixed: list[list[Card]] = [[] for _ in range(4)]
    fixed[seat] = list(parse_cards(hand["hands"][seat]))
    decl = hand["declaration"]
    if decl is not None and not decl.get("concealed") and decl["seat"] != seat:
        fixed[decl["seat"]] = list(parse_cards(decl["cards"]))
    return fixed


def sampled_state(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """``state`` (``Table.to_json`` in the declaration window) with the cards the seat has not seen dealt anew."""
    fixed = _fixed_cards(state, seat)
    pool = Counter(c.index for c in two_decks())
    for cards in fixed:
        pool.subtract(c.index for c in cards)
    unseen = [ALL_CARDS[i] for i, n in sorted(pool.items()) for _ in range(n)]
    rng.shuffle(unseen)
    hand = dict(state["hand"])
    hands = []
    for s in range(4):
        if s == seat:
            hands.append(hand["hands"][s])
            continue
        need = len(hand["hands"][s]) - len(fixed[s])
        hands.append(format_cards(fixed[s] + unseen[:need]))
        unseen = unseen[need:]
    hand["hands"], hand["kitty"] = hands, format_cards(unseen)
    return {**state, "hand": hand}


def play_out(state: dict[str, Any], seat: int, option: Action, ai_seed: int) -> float:
    """The seat's team's level gain minus the other's when ``option`` is made and basic players finish the hand."""
    table = Table.from_json(state)
    table.apply(option)
    rngs = [random.Random(ai_seed * 4 + s) for s in range(4)]
    for _ in range(MAX_STEPS):
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if table.phase is Phase.DEALING:  # nobody declared: a redeal
            table.apply(DealAll())
            continue
        s = table.to_act()[0]
        table.apply(choose_action(table.seat_view(s), "basic", rngs[s]) or Pass(seat=s))
    result = table.public_view().last_result
    assert result is not None, "the hand was not settled"
    team = seat % 2
    return float(result.level_gains[team] - result.level_gains[1 - team])


def paired_values(table: Table, seat: int, options: list[Action], worlds: int,
                  rng: random.Random) -> list[list[float]]:
    """Each option's value on ``worlds`` sampled deals (one row per deal, the same AI seeds across a row)."""
    state = table.to_json()
    rows = []
    for _ in range(worlds):
        world = sampled_state(state, seat, rng)
        ai_seed = rng.randrange(1 << 30)
        rows.append([play_out(world, seat, option, ai_seed) for option in options])
    return rows


def check_option(table: Table, seat: int, answer: str, worlds: int, seed: int = 11) -> tuple[float, float]:
    """The answer's smallest gain over the seat's other options (levels per deal) and its z, on fresh deals."""
    options = options_of(table, seat)
    best = next(i for i, o in enumerate(options) if option_text(o) == answer)
    return margin(paired_values(table, seat, options, worlds, random.Random(seed)), best)


def declaring_decisions(rules: Rules, seed: int) -> Iterator[tuple[Table, int]]:
    """The table and seat at each decision of a first hand's declaration window (dealt at once), basic players
    choosing; the move is made when the next decision is asked for."""
    table = Table.new(rules, seed)
    table.apply(DealAll())
    ai_rng = random.Random(seed)
    while table.phase is Phase.DECLARING:
        seat = table.to_act()[0]
        yield table, seat
        table.apply(choose_action(table.seat_view(seat), "basic", ai_rng) or Pass(seat=seat))


def record(table: Table, seed: int, preset: str, seat: int, answer: str) -> dict[str, Any]:
    """A puzzle's entry: the position (seed and actions) and what the seat sees."""
    view = table.seat_view(seat)
    decl = view.public.declaration
    hand = " ".join(format_cards(sorted(view.hand, key=lambda c: c.index)))
    return {"kind": "declare", "name": "", "why": "", "seed": seed, "preset": preset, "seat": seat,
            "best": answer, "hand": hand, "level": view.public.level,
            "declaration": None if decl is None else f"seat {decl.seat}: {' '.join(format_cards(decl.cards))}",
            "actions": table.actions_json()}


def _try(table: Table, seed: int, preset: str, seat: int, args: argparse.Namespace,
         rng: random.Random) -> dict[str, Any] | None:
    options = options_of(table, seat)
    if len(options) < 2:
        return None
    hit = clear_best(paired_values(table, seat, options, args.worlds, rng))
    if hit is None:
        return None
    answer = option_text(options[hit[0]])
    gain, z = check_option(table, seat, answer, args.check)
    if gain < MIN_GAIN or z < MIN_Z:
        return None
    entry = record(table, seed, preset, seat, answer)
    basic = choose_action(table.seat_view(seat), "basic", random.Random(0))
    entry.update({"check_worlds": args.check, "check_gain": round(gain, 3), "check_z": round(z, 1),
                  "options": [option_text(o) for o in options], "basic_answer": option_text(basic)})
    return entry


def mine(args: argparse.Namespace) -> list[dict[str, Any]]:
    rules = Rules.from_preset(args.preset)
    rng = random.Random(5)
    found: list[dict[str, Any]] = []
    for seed in range(args.seed, args.seed + args.deals):
        for table, seat in declaring_decisions(rules, seed):
            entry = _try(table, seed, args.preset, seat, args, rng)
            if entry is not None:
                found.append(entry)
                print(json.dumps(entry, ensure_ascii=False), flush=True)
                break
        if len(found) >= args.want:
            break
    return found


def main(argv: list[str] | None = None) -> int:
    parser = miner_parser(__doc__, deals=60, want=6, worlds=60, check=600)
    parser.add_argument("--preset", default="standard")
    mine(parser.parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
