"""What declaring by rule of thumb costs: the gain a search over the declaration window's options would make.

``python -m benchmarks.ai_declare_regret --deals 40 [--seed 1] [--worlds 100] [--check 100] [--workers 2]``

Basic players play seeded first hands (dealt at once, as the arena deals). At each decision of the declaration
window where the seat has a choice, every option is scored on ``--worlds`` sampled deals consistent with the
seat's view, basic players finishing the hand (``benchmarks.ai_puzzle_declare.paired_values``). Where the best of
them is not ``basic``'s choice, the two are compared again on ``--check`` fresh deals: that difference is what a
searching declarer of ``--worlds`` deals would have gained at this decision (the selection's own luck does not
count twice). A deal's gain is the sum over its decisions, every seat's: in the arena a team holds each seat in
one of a deal's two games, so this is about what a searching team would gain per duplicate deal. Prints every
changed decision, then the mean gain per deal and per decision kind (``first``: the table's first declaration,
``overcall``: basic overcalls, ``pass-first`` / ``pass-over``: basic passes, with nothing or something standing).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from benchmarks.ai_puzzle_declare import declaring_decisions, option_text, options_of, paired_values
from engine.actions import Declare
from engine.ai import choose_action
from engine.rules import Rules


@dataclass(frozen=True)
class Decision:
    """One choice of a declaration window: basic's option, the search's, and the search's checked gain."""

    seed: int
    seat: int
    kind: str
    options: list[str]
    means: list[float]  # each option's value on the search's deals (levels, the seat's team minus the other)
    basic: str
    search: str
    gain: float  # the search's option minus basic's on fresh deals (0 when they agree)


def decision_kind(standing: bool, basic_declares: bool) -> str:
    if not standing:
        return "first" if basic_declares else "pass-first"
    return "overcall" if basic_declares else "pass-over"


def deal_regret(args: tuple[str, int, int, int]) -> list[Decision]:
    """Every choice of one seeded deal's declaration window (``preset, seed, worlds, check``)."""
    preset, seed, worlds, check = args
    rng = random.Random(seed * 7919)
    found = []
    for table, seat in declaring_decisions(Rules.from_preset(preset), seed):
        options = options_of(table, seat)
        if len(options) < 2:
            continue
        basic = choose_action(table.seat_view(seat), "basic", random.Random(0))
        at = [option_text(o) for o in options].index(option_text(basic))
        rows = paired_values(table, seat, options, worlds, rng)
        means = [statistics.fmean(r[i] for r in rows) for i in range(len(options))]
        best = max(range(len(options)), key=lambda i: means[i])
        gain = 0.0
        if best != at:
            fresh = paired_values(table, seat, [options[best], options[at]], check, rng)
            gain = statistics.fmean(r[0] - r[1] for r in fresh)
        found.append(Decision(seed, seat, decision_kind(table.public_view().declaration is not None,
                                                        isinstance(basic, Declare)),
                              [option_text(o) for o in options], [round(m, 3) for m in means],
                              option_text(basic), option_text(options[best]), round(gain, 3)))
    return found


def summary(per_deal: list[list[Decision]]) -> dict[str, object]:
    """The mean gain per deal (with its standard error) and, per decision kind, decisions, changes and gain."""
    totals = [sum(d.gain for d in deal) for deal in per_deal]
    n = len(totals)
    kinds: dict[str, list[float]] = {}
    for deal in per_deal:
        for d in deal:
            kinds.setdefault(d.kind, []).append(d.gain)
    return {"deals": n, "gain_per_deal": round(statistics.fmean(totals), 4) if n else 0.0,
            "se": round(statistics.stdev(totals) / n ** 0.5, 4) if n > 1 else None,
            "kinds": {k: {"decisions": len(v), "changed": sum(1 for g in v if g != 0.0),
                          "gain_per_deal": round(sum(v) / n, 4)} for k, v in sorted(kinds.items())}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=100, help="sampled deals per option for the search")
    parser.add_argument("--check", type=int, default=100, help="fresh deals comparing a changed choice")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--preset", default="standard")
    args = parser.parse_args(argv)
    jobs = [(args.preset, s, args.worlds, args.check) for s in range(args.seed, args.seed + args.deals)]
    per_deal = []
    with ProcessPoolExecutor(args.workers) as pool:
        for decisions in pool.map(deal_regret, jobs):
            per_deal.append(decisions)
            for d in decisions:
                if d.search != d.basic:
                    print(json.dumps(asdict(d), ensure_ascii=False), flush=True)
    print(json.dumps(summary(per_deal)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
