"""``python bot.py tournament``: a whole tournament of AI teams offline (``runtime.offline_tournament``),
written as bracket and standings pictures and a log; ``--json`` ends with one summary line."""

from __future__ import annotations

import argparse

NAME = "tournament"
HELP = "run an offline tournament of AI teams (knockout, swiss, groups, duplicate) and write its pictures"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from runtime.offline_tournament import add_arguments as tournament_arguments

    tournament_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from runtime.offline_tournament import run_from_args

    return run_from_args(args)
