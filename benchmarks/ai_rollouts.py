"""Rollout speed of the strong AI: milliseconds per playout and per sampled deal ("world"), on real positions.

``python benchmarks/ai_rollouts.py [--positions 40] [--worlds 30] [--profile] [--json]`` collects play
decisions from seeded games (basic players, the standard preset) at every stage of a hand, runs the strong
search on each with a fixed number of worlds, and prints CPU ms per world and per playout (a world plays
every surviving candidate out once), and whether the compiled AI (``tools/build_ai.py``) ran;
``--profile`` prints the hottest functions (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (run as a script too)

from engine.ai import choose_action, playstate
from engine.ai.situation import situation_from_view
from engine.ai.strong import SearchStats, choose_play_mc
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase, SeatView


def positions(count: int, preset: str = "standard", seed: int = 1) -> list[SeatView]:
    """``count`` play decisions spread over whole hands of seeded games (basic players)."""
    views: list[SeatView] = []
    game = 0
    while len(views) < count:
        table = Table.new(Rules.from_preset(preset), seed * 1000 + game)
        rng = random.Random(game)
        step = 0
        while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            if table.phase is not Phase.PLAYING:
                table.apply(random_action(table, rng))
                continue
            view = table.seat_view(table.to_act()[0])
            if step % 7 == game % 7 and len(views) < count:
                views.append(view)
            step += 1
            action = choose_action(view, "basic", rng)
            assert action is not None
            table.apply(action)
        game += 1
    return views


def measure(views: list[SeatView], worlds: int) -> dict[str, float | bool]:
    """CPU ms per world and per playout over ``views`` (searched decisions only)."""
    total_worlds = playouts = 0
    cpu = 0.0
    for k, view in enumerate(views):
        sit = situation_from_view(view)
        stats = SearchStats()
        start = time.process_time()
        choose_play_mc(sit, random.Random(k), iterations=worlds, stats=stats)
        cpu += time.process_time() - start
        total_worlds += stats.worlds
        playouts += getattr(stats, "playouts", 0)
    return {"worlds": total_worlds, "playouts": playouts, "compiled": playstate.__file__.endswith(".so"),
            "ms_per_world": round(1000 * cpu / max(total_worlds, 1), 3),
            "ms_per_playout": round(1000 * cpu / max(playouts, 1), 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    views = positions(args.positions)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
    figures = measure(views, args.worlds)
    if args.profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        mode = "compiled" if figures["compiled"] else "plain Python"
        print(f"{figures['worlds']} worlds, {figures['playouts']} playouts: {figures['ms_per_world']} ms CPU per "
              f"world, {figures['ms_per_playout']} ms per playout ({mode})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
