"""A bot process for the shutdown test: the real bot, run by ``cli.serve.serve`` (the same signal handling and
close path as ``python bot.py``), connected to SimCord instead of Discord. Usage: ``python
tests/helpers/sim_bot_process.py DB [workers]`` (``workers``: the AI and the pictures in worker processes, as the
bot's defaults have them; else both on threads). Prints ``{"ready": …}`` once a table is being played, runs until
SIGTERM or SIGINT, then prints ``{"closed": …}`` (what was still pending when the bot had closed) and exits with
serve's code."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


async def played_table(env, bot) -> int:
    from tests.conftest import button_id, open_table, world

    _guild, channel, (alice,) = world(env, 1)
    rec, lobby = await open_table(env, alice, channel, mode="async", options="start_level=A end_level=A")
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    for _ in range(20):  # the deal and the AI's moves, until it is alice's turn (or a human decision)
        await bot.game.scheduler.run_now()
        await env.settle()
    return rec.table_id


async def main(db_path: Path, workers: bool = False) -> int:
    import simcord

    from cli.bot import create_bot
    from cli.config import Config
    from cli.serve import serve, stop_on_signals
    from cogs.presenter import DiscordPresenter
    from data import Database
    from data.records import TableOptions

    db = await Database.open(db_path)
    processes = 1 if workers else 0  # its AI seats think, and its pictures are drawn, in processes of their own
    if workers:  # started (fonts loaded) before SimCord's clock runs: a start under load takes seconds
        import os

        from runtime.aipool import shared_pool
        from runtime.pictures.renderqueue import QUEUE

        QUEUE.use_processes(processes)
        await QUEUE.run(os.getpid)
        await shared_pool(processes).run(os.getpid)
    bot = create_bot(Config(db_path=db_path, render_processes=processes, ai_processes=processes), db=db, rng_seed=7,
                     limits={}, table_options=TableOptions.instant())

    async def connect() -> None:
        async with simcord.run(bot) as env:
            table_id = await played_table(env, bot)
            session = bot.game.sessions[table_id]
            print(json.dumps({"ready": {"table": table_id, "version": session.table.version}}), flush=True)
            while not bot.is_closed():
                await asyncio.sleep(0.02)
            presenter = bot.presenter
            assert isinstance(presenter, DiscordPresenter)
            workers = [s.worker for s in presenter.states.values() if s.worker is not None]
            print(json.dumps({"closed": {"version": session.table.version,
                                         "pending_messages": sum(not w.done() for w in workers),
                                         "db_closed": db.closed}}), flush=True)

    stop = asyncio.Event()
    with stop_on_signals(stop):
        try:
            return await serve(bot, connect(), stop)
        finally:
            await db.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(Path(sys.argv[1]), workers=sys.argv[2:] == ["workers"])))
