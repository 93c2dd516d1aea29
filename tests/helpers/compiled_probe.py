"""What the compiled and the plain-Python builds must agree on, printed as one JSON line:
``python -m tests.helpers.compiled_probe`` (``TRACTOR_PLAIN_PYTHON=1``: plain Python even with a build).

- ``build``: which one ran (``tractor_compiled``'s state, or ``missing``) and the file of ``engine.ai.policy``;
- ``judge``: the judge's answer to every line of the conformance files (``tests/engine/conformance``);
- ``judge_kinds``: its answers to every query kind under every preset (``tests/helpers/judge_queries.py``);
- ``decisions``: every action of whole hands played by strong AIs with a fixed number of sampled deals (their
  searches, rollouts and endgames all run the compiled modules) against basic AIs, under two presets;
- ``endgame``: the exact solver's value of positions reached by basic play, 3 to 5 cards per hand;
- ``engine``: ``benchmarks/engine_bench.py``'s random hands (the table, the hand, the legal plays, the deck's
  shuffle and the random players' draws are compiled too): a hash of every event and of each hand's final state,
  and the follow check's answer to the play chosen and to a random play of the same size at every follow.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import engine.ai.policy
from cli.duplicate import play_hand
from engine.actions import Play
from engine.ai.endgame import Endgame, hands_of
from engine.ai.playstate import to_counts
from engine.follow import follow_error
from engine.judge import answer
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.trump import trump_context
from engine.views import Phase
from tests.helpers.basic_play import play_basic_until
from tests.helpers.judge_queries import queries
from tests.helpers.shared_dir import CONFORMANCE

DEALS = ((7, "standard"), (12, "standard"), (5, "national"))


def build() -> dict[str, str]:
    try:
        status = importlib.import_module("tractor_compiled").status()
        state = f"{status.state} {status.detail}".strip()
    except ImportError:
        state = "missing"
    return {"state": state, "policy": engine.ai.policy.__file__ or ""}


def judge() -> dict[str, list[dict[str, Any]]]:
    out = {}
    for name in ("follow", "lead", "trick"):
        lines = (CONFORMANCE / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        queries = [json.dumps({k: v for k, v in json.loads(line).items() if k != "expect"}) for line in lines
                   if line.strip()]
        out[name] = [answer(q) for q in queries]
    return out


def judge_kinds() -> dict[str, list[dict[str, Any]]]:
    return {key: [answer(q) for q in lines] for key, lines in queries().items()}


def decisions() -> list[list[dict[str, object]]]:
    games = []
    for seed, preset in DEALS:
        record = play_hand(Rules.from_preset(preset), seed, ["strong", "basic", "strong", "basic"], ai_seed=seed,
                           iterations=24)
        games.append(record.actions)
    return games


def _cards_left(n: int) -> Callable[[Table], bool]:
    def reached(table: Table) -> bool:
        return table.phase is Phase.PLAYING and len(table.seat_view(table.to_act()[0]).hand) <= n

    return reached


def endgames() -> list[int]:
    values = []
    for seed in range(1, 13):
        table = Table.new(Rules.from_preset("standard"), seed)
        if not play_basic_until(table, random.Random(seed), _cards_left(3 + seed % 3)):
            continue
        pub = table.public_view()
        assert pub.dealer is not None and pub.trump is not None
        ctx = trump_context(pub.level, pub.trump, pub.rules)
        trick: tuple[tuple[int, tuple[int, ...]], ...] = ()
        if pub.trick is not None and not pub.trick.complete:
            trick = tuple((s, tuple(sorted(c.index for c in p))) for s, p in pub.trick.plays)
        solver = Endgame(ctx, pub.dealer % 2, table.seat_view(pub.dealer).kitty or ())
        hands = hands_of([to_counts(table.seat_view(s).hand) for s in range(4)])
        values.append(solver.solve(hands, trick, trick[0][0] if trick else table.to_act()[0]))
    return values


def engine_hands(hands: int = 60, seed: int = 1) -> dict[str, Any]:
    """The engine benchmark's workload (same seeds and draws): ``hash`` of every event and final state,
    ``follows``: the follow check's answers (None or a message key)."""
    rng, digest = random.Random(seed), hashlib.sha256()
    follows: list[str | None] = []
    for i in range(hands):
        table = Table.new(Rules(), seed + i)
        while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            action = random_action(table, rng)
            h = table.hand
            if isinstance(action, Play) and h.trick:
                hand, ctx = h.hands[action.seat or 0], h.ctx()
                follows.append(follow_error(h.trick[0][1], hand, action.cards, ctx))
                follows.append(follow_error(h.trick[0][1], hand, rng.sample(hand, len(action.cards)), ctx))
            digest.update(json.dumps([e.to_json() for e in table.apply(action)]).encode())
        digest.update(json.dumps(table.to_json(), sort_keys=True).encode())
    return {"hash": digest.hexdigest(), "follows": follows}


def main() -> int:
    print(json.dumps({"build": build(), "judge": judge(), "judge_kinds": judge_kinds(), "decisions": decisions(),
                      "endgame": endgames(), "engine": engine_hands()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
