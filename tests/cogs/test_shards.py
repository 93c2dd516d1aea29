"""The bot as one shard process (``TRACTOR_SHARD_COUNT=2``, ``TRACTOR_SHARDS=0``): discord.py's
AutoShardedBot; it restores only the tables of its shard's guilds and serves its guilds as usual."""

from __future__ import annotations

from pathlib import Path

import simcord

from cli.bot import ShardedTractorBot, create_bot
from cli.config import Config
from cogs.hub import detach_game
from data.database import Database
from data.records import TableOptions
from data.shards import shard_of
from tests.conftest import open_table
from tests.helpers.records import new_record


async def test_a_shard_process_restores_and_serves_only_its_guilds(tmp_path: Path) -> None:
    path = tmp_path / "cluster.sqlite3"
    db = await Database.open(path)
    other = (await db.create_table(new_record(7 << 22, 1, 1, seed=1))).table_id  # a lobby on shard 1 of 2
    await db.close()
    bot = create_bot(Config(db_path=path, shard_count=2, shard_ids=(0,), render_processes=0),
                     table_options=TableOptions.instant(),
                     limits={})
    assert isinstance(bot, ShardedTractorBot) and (bot.shard_count, bot.shard_ids) == (2, [0])
    async with simcord.run(bot, shard_count=2) as env:
        try:
            await env.settle()
            assert bot.restored.is_set() and other not in bot.game.sessions
            guild = env.create_guild(shard_id=0)
            channel = guild.create_text_channel("cards")
            alice = guild.add_member(env.create_user("alice"))
            assert shard_of(guild.id, 2) == 0
            rec, _lobby = await open_table(env, alice, channel)
            assert rec.table_id in bot.game.sessions and bot.game.db.shard_scope.ids == (0,)
        finally:
            await detach_game(bot)
