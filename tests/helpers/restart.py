"""Restarting the bot in a SimCord test the way a real restart happens: the old bot closes its game
service and database (``bot.close()`` → ``detach_game``), a new bot on the same database file attaches,
restores every open table and settles. The root conftest closes the new bot after the test."""

from __future__ import annotations

from typing import Any

from cli.bot import create_bot
from cli.config import Config
from cogs.hub import detach_game
from data.records import TableOptions


async def restart(env: Any, clock: Any, **game_kwargs: Any) -> Any:
    """Close the running bot's game, attach a new bot on its database file; the new bot (restored)."""
    old = env.bot
    await env.settle()
    await detach_game(old)
    kwargs: dict[str, Any] = {"clock": clock, "rng_seed": 7, "limits": {}, "table_options": TableOptions.instant()}
    kwargs.update(game_kwargs)
    new = create_bot(Config(db_path=old.config.db_path, db_url=old.config.db_url,
                             render_processes=old.config.render_processes), **kwargs)
    await env.restart_bot(new)
    await env.settle()
    assert env.bot is new and new.restored.is_set()
    return new
