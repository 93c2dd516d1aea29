"""The command line of ``python bot.py``: argparse, one module per subcommand.

A subcommand is a module in ``COMMANDS`` with ``NAME`` (the word typed), ``HELP`` (one line for
``--help``), ``add_arguments(parser)`` and ``run(args) -> int`` (the exit code). To add one, write
``cli/<name>.py`` with those four, import it here and append it to ``COMMANDS`` — nothing else changes. A
subcommand module imports only light modules at its top (its heavy ones inside ``run``), so that ``python bot.py
offline`` never loads discord.py.

No subcommand means ``run``. A refusal (an exception with a catalogue ``key``) is printed as one line on
stderr with exit code 1 — never a traceback; usage errors (unknown options) exit 2 as argparse does.
"""

from __future__ import annotations

import argparse
import logging
import sys
from types import ModuleType

from cli import backup, check, offline, tournament, web
from cli import run as run_command
from cli.common import CliError, configure_logging, failure_line, load_env

log = logging.getLogger(__name__)

COMMANDS: tuple[ModuleType, ...] = (run_command, offline, backup, check, tournament, web)
SUBCOMMANDS: tuple[str, ...] = tuple(module.__name__ for module in COMMANDS)
DEFAULT = "run"
PROG = "bot.py"


def commands() -> dict[str, ModuleType]:
    """``NAME -> module`` for every registered subcommand, in ``COMMANDS`` order."""
    return {module.NAME: module for module in COMMANDS}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="双升 (Tractor) Discord bot. Without a subcommand: run.",
        epilog="Configuration comes from the environment and from a .env file in the working folder "
               "(see README.md and docs/DEPLOY.md).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in commands().items():
        module.add_arguments(sub.add_parser(name, help=module.HELP, description=module.HELP))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``), run the subcommand, return its exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    load_env()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args([DEFAULT, *argv])
    configure_logging()
    try:
        return int(commands()[args.command].run(args))
    except CliError as exc:
        print(failure_line(exc), file=sys.stderr)
        return exc.exit_code
    except Exception as exc:  # a keyed refusal from a lower layer (DataError, RulesError, BotError, …)
        if not isinstance(getattr(exc, "key", None), str):
            raise
        print(failure_line(exc), file=sys.stderr)
        return 1
