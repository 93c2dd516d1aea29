"""Running on Discord: open and migrate the database *before* logging in, connect, and stop cleanly on SIGTERM
or SIGINT (moves in flight finish, the presenter's queued messages are sent, timers stay in the database, exit
code 0). A start-up failure becomes one line (``CliError``): bad token, Discord unreachable, Discord refusing."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Iterator
from typing import TYPE_CHECKING

from cli.common import CliError
from cli.config import Config

if TYPE_CHECKING:  # discord.py is loaded only when the bot runs (the offline job never loads it)
    from cogs.gamebot import GameBot

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
CONNECT_GRACE = 10.0  # seconds the connection task gets to end after the bot closed


@contextlib.contextmanager
def stop_on_signals(stop: asyncio.Event) -> Iterator[None]:
    """While inside, SIGTERM and SIGINT set ``stop`` instead of killing the process."""
    loop = asyncio.get_running_loop()
    installed = []
    for sig in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, _on_signal, stop, sig)
            installed.append(sig)
    try:
        yield
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


def _on_signal(stop: asyncio.Event, sig: signal.Signals) -> None:
    log.info("%s received: stopping", sig.name)
    stop.set()


async def serve_discord(config: Config) -> int:
    """Open the database, log in and run until a stop signal (exit code 0) or a failure (``CliError``)."""
    from cli.bot import create_bot
    from data.database import Database

    stop = asyncio.Event()
    with stop_on_signals(stop):
        # refusals (missing folder, read-only, newer schema) come first
        db = await Database.open(config.database, pool_size=config.db_pool, priority_pool_size=config.db_priority_pool)
        try:
            bot = create_bot(config, db=db)
            return await serve(bot, bot.start(config.discord_token or ""), stop)
        finally:
            await db.close()


async def serve(bot: GameBot, connect: Awaitable[None], stop: asyncio.Event) -> int:
    """Run ``connect`` (the bot's login and gateway loop) until it ends or ``stop`` is set, then close the bot
    (``TractorBot.close``: finish moves, flush the presenter, stop the timers). A failed connection is raised
    as a one-line ``CliError``; a stop is a clean exit (0)."""
    runner = asyncio.ensure_future(connect)
    waiter = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        await bot.close()
        if not runner.done():
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(runner), CONNECT_GRACE)
    finally:
        waiter.cancel()
        if not runner.done():
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner
    error = None if runner.cancelled() else runner.exception()
    if error is None or stop.is_set():
        log.info("stopped")
        return 0
    raise startup_error(error) from error


def startup_error(error: BaseException) -> CliError:
    """The one-line explanation of why the bot could not (stay) connected."""
    import aiohttp
    import discord

    log.debug("connection failed", exc_info=error)
    if isinstance(error, discord.LoginFailure):
        return CliError("ops.bad_token")
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return CliError("ops.intents")
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError | discord.GatewayNotFound):
        return CliError("ops.unreachable", error=_short(error))
    if isinstance(error, discord.HTTPException):
        return CliError("ops.discord_refused", status=error.status, error=_short(error))
    return CliError("ops.crashed", error=_short(error))


def _short(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"
