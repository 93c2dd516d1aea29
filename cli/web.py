"""``python bot.py web [--port N] [--host H] [--locale L] [--options TEXT]``: the demo web table (you against three AI
seats, or AI in every other seat of the shape ``--options`` asks for: ``"mode=friends players=6"``, ``"decks=3"``)
without Discord; prints its address and serves until Ctrl-C (or SIGTERM). The table is stored in ``TRACTOR_DB``."""

from __future__ import annotations

import argparse
import asyncio
import logging
from typing import TYPE_CHECKING

from cli.common import say
from cli.config import Config
from cli.serve import stop_on_signals

if TYPE_CHECKING:
    from engine.rules import Rules

log = logging.getLogger(__name__)

NAME = "web"
HELP = ("serve a local demo web table (you against three AI seats, or any table shape of --options) without Discord, "
        "and print its address")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8080, help="port to listen on (0: any free port; default 8080)")
    parser.add_argument("--host", default=None, help="address to listen on (default TRACTOR_WEB_HOST or 127.0.0.1)")
    parser.add_argument("--locale", default="en", choices=("en", "zh-CN"), help="language of the demo table")
    parser.add_argument("--options", default=None, metavar="TEXT",
                        help='rule options and table shape as in /tractor new, e.g. "mode=friends players=6" or '
                             '"decks=3" (4-8 seats, 1-4 decks, 找朋友)')


def run(args: argparse.Namespace) -> int:
    from runtime import build_rules

    rules = build_rules(None, args.options, any_shape=True)  # refused (RulesError) before anything is served
    return asyncio.run(serve_demo(Config.from_env(), args.host, args.port, args.locale, rules))


async def serve_demo(config: Config, host: str | None, port: int, locale: str, rules: Rules | None = None) -> int:
    from data.database import Database
    from runtime import load_secret
    from web.demo import start_demo

    stop = asyncio.Event()
    with stop_on_signals(stop):
        db = await Database.open(config.database, pool_size=config.db_pool, priority_pool_size=config.db_priority_pool)
        try:
            secret = load_secret(config.web_secret, config.secret_path)
            game, server, url = await start_demo(db, host=host or config.web_host, port=port, locale=locale,
                                                 secret=secret, public_url=config.web_url, rules=rules)
            ready = say("web.demo_ready", url=url) if rules is None or rules.players == 4 \
                else say("web.demo_ready_seats", n=rules.players - 1, url=url)
            print(ready, flush=True)
            try:
                await stop.wait()
            finally:
                await server.stop()
                await game.close()
        finally:
            await db.close()
    return 0
