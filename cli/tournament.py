"""``python bot.py tournament``: a whole tournament of AI teams offline (``cli.offline.tournament``),
written as bracket and standings pictures and a log; ``--json`` ends with one summary line. Stored in ``--db``,
else ``TRACTOR_DB``, else in memory."""

from __future__ import annotations

import argparse
import os

NAME = "tournament"
HELP = "run an offline tournament of AI teams (knockout, swiss, groups, duplicate) and write its pictures"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from cli.offline.tournament import add_arguments as tournament_arguments

    tournament_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """``--db`` (else ``TRACTOR_DB``, else an in-memory database) read by the one parser of database values
    (``data.targets``: an unknown ``scheme://`` is refused in one line)."""
    from cli.common import storage_failures
    from cli.offline.tournament import run_from_args
    from data.targets import MEMORY, database_target

    args.db = args.db if args.db is not None else os.environ.get("TRACTOR_DB", "").strip() or None
    with storage_failures(database_target(args.db) if args.db is not None else MEMORY):
        return run_from_args(args)
