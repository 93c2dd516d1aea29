"""``python bot.py backup FILE``: a consistent copy of the live database (SQLite's online backup; safe while
the bot runs). Restoring = stopping the bot and putting the copy in place of ``TRACTOR_DB`` (docs/DEPLOY.md)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from cli.common import CliError, say
from cli.config import Config
from data.targets import database_target

NAME = "backup"
HELP = "copy the live database to FILE (SQLite online backup, safe while the bot runs)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, metavar="FILE", help="where to write the copy (its folder must exist)")
    parser.add_argument("--db", default=None, metavar="PATH", help="the database to copy (default: TRACTOR_DB)")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")


def run(args: argparse.Namespace) -> int:
    from data.backup import backup_database
    from data.dialect import is_postgres_url

    source = database_target(args.db) if args.db is not None else Config.from_env().database
    if is_postgres_url(str(source)):
        raise CliError("ops.backup_sqlite_only")
    report = asyncio.run(backup_database(source, args.file, overwrite=args.force))
    print(say("ops.backup_done", file=report.target, size=_size(report.size), version=report.version,
              tables=report.tables))
    return 0


def _size(n: int) -> str:
    return f"{n / 1_048_576:.1f} MB" if n >= 1_048_576 else f"{max(1, round(n / 1024))} kB"
