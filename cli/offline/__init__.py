"""``python bot.py offline``: a whole match of four AI players, written as pictures, a log and a ladder
(``cli.offline.job``). ``python bot.py`` without a token runs it with the defaults below."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from cli.common import SHORT_END_LEVEL, end_level_for, presets_help, say, storage_failures
from cli.config import Config
from data.targets import MEMORY, database_target

NAME = "offline"
HELP = ("play an offline match of AI players (four, or any table shape of --options) and write its pictures, log "
        "and ladder")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=1, help="deal seed (default 1)")
    parser.add_argument("--preset", default="standard", help=f"rules preset: {presets_help()} (default standard)")
    parser.add_argument("--options", default=None, metavar="TEXT",
                        help='rule options as in /tractor new, e.g. "throw_penalty=none must_play=J,A"')
    parser.add_argument("--end-level", default=None,
                        help=f"the match ends when a team passes this level (default: the preset's own, else "
                             f"{SHORT_END_LEVEL}; the same in tournament)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder of the pictures (default: TRACTOR_OUT, else offline_match)")
    parser.add_argument("--db", default=None, metavar="PATH",
                        help="SQLite file or postgresql:// URL (default: TRACTOR_DB, else tractor.sqlite3); "
                             "':memory:' keeps nothing")
    parser.add_argument("--locale", default="en", choices=("en", "zh-CN"), help="language of the pictures (default en)")
    parser.add_argument("--ai", default="basic", choices=("random", "basic", "strong"), help="AI level (default basic)")
    parser.add_argument("--hands", type=positive_int, default=30,
                        help="end the table after this many hands (default 30)")
    parser.add_argument("--budget", type=positive_float, default=0.1,
                        help="strong AI thinking time per move in seconds (default 0.1)")



def positive_int(text: str) -> int:
    """An argparse type: a whole number ≥ 1 (else a usage error naming the value)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number > 0."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    from runtime import build_rules

    end_level = end_level_for(args.preset, args.end_level)
    rules = build_rules(args.preset, " ".join(filter(None, [f"end_level={end_level}", args.options])),
                        any_shape=True)  # 4-8 seats and 找朋友 (RULES §13), which the bot does not offer yet
    config = Config.from_env()
    db = database_target(args.db) if args.db is not None else config.database
    db_path = None if str(db) == MEMORY else db
    return play(args.out or config.out_dir, db_path=db_path, seed=args.seed, rules=rules, locale=args.locale,
                ai_level=args.ai, max_hands=args.hands, ai_budget=args.budget)


def play(out_dir: Path, *, db_path: str | Path | None, **options: object) -> int:
    """Play the match and print where its files are; exit code 0 when at least one hand was played."""
    from cli.offline.job import run_offline_match

    with storage_failures(db_path if db_path is not None else MEMORY):
        report = asyncio.run(run_offline_match(out_dir, db_path=db_path, **options))  # type: ignore[arg-type]
    print(say("ops.offline_written", folder=out_dir.resolve()))
    for line in report.describe():  # a summary line and the number of pictures, not every file name
        print(f"  {line}")
    return 0 if report.hands > 0 else 1
