"""``python bot.py run`` (also ``python bot.py`` alone): connect to Discord with ``DISCORD_TOKEN``; without a
token play the offline AI match (the README's main job). A token that does not have a token's shape is refused at
once (it used to fail as "Discord cannot be reached")."""

from __future__ import annotations

import argparse
import asyncio
import logging

from cli import offline
from cli.check import TOKEN_SHAPE
from cli.common import CliError
from cli.compiled import log_status
from cli.config import Config

log = logging.getLogger(__name__)

NAME = "run"
HELP = "run the bot on Discord (DISCORD_TOKEN), or the offline AI match without a token (the default)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # everything comes from the environment (README: Configuration)


def run(args: argparse.Namespace) -> int:
    del args
    config = Config.from_env()
    log_status()
    if config.offline:
        log.info("DISCORD_TOKEN is not set: running the offline match")
        return offline.play(config.out_dir, db_path=config.database)
    if not TOKEN_SHAPE.match(config.discord_token or ""):  # said before any connection is tried
        raise CliError("ops.check.bad_token_shape")
    from cli.serve import serve_discord

    return asyncio.run(serve_discord(config))
