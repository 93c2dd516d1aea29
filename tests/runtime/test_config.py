"""Configuration from the environment."""

from __future__ import annotations

from pathlib import Path

from cli.config import Config


def test_defaults_mean_offline() -> None:
    config = Config.from_env({})
    assert config.offline and config.db_path == Path("tractor.sqlite3") and config.out_dir == Path("offline_match")
    assert config.log_level == "INFO" and config.dev_guild is None


def test_values_and_blank_or_bad_ones() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "abc", "TRACTOR_DB": "/tmp/x.db", "TRACTOR_DEV_GUILD": "42",
                              "LOG_LEVEL": "debug", "TRACTOR_OUT": "out"})
    assert not config.offline and config.discord_token == "abc" and config.db_path == Path("/tmp/x.db")
    assert config.dev_guild == 42 and config.log_level == "DEBUG" and config.out_dir == Path("out")
    assert Config.from_env({"DISCORD_TOKEN": "  ", "TRACTOR_DEV_GUILD": "guild"}) == Config()


def test_a_postgresql_url_is_kept_whole() -> None:
    url = "postgresql://bot:pw@db:5432/tractor"
    config = Config.from_env({"TRACTOR_DB": url})
    assert config.db_url == url and config.database == url  # not squashed into a Path ("postgresql:/…")
    assert Config.from_env({"TRACTOR_DB": "game.db"}).database == Path("game.db")


def test_shards_of_this_process() -> None:
    config = Config.from_env({"TRACTOR_SHARD_COUNT": "8", "TRACTOR_SHARDS": "0-3"})
    assert config.sharded and config.shard_count == 8 and config.shard_ids == (0, 1, 2, 3)
    assert Config.from_env({"TRACTOR_SHARD_COUNT": "2"}).shard_ids == (0, 1)  # one process, every shard
    for bad in ({"TRACTOR_SHARDS": "0-3"}, {"TRACTOR_SHARD_COUNT": "4", "TRACTOR_SHARDS": "2-5"},
                {"TRACTOR_SHARD_COUNT": "x"}):
        config = Config.from_env(bad)
        assert not config.sharded and config.shard_ids is None


def test_idle_tables_are_evicted_after_an_hour_by_default() -> None:
    assert Config.from_env({}).idle_evict_s == 3600.0
    assert Config.from_env({"TRACTOR_IDLE_EVICT_S": "600"}).idle_evict_s == 600.0
    assert Config.from_env({"TRACTOR_IDLE_EVICT_S": "0"}).idle_evict_s == 0.0  # never
    assert Config.from_env({"TRACTOR_IDLE_EVICT_S": "soon"}).idle_evict_s == 3600.0


def test_the_bot_draws_in_a_process_of_its_own_unless_told_otherwise() -> None:
    assert Config.from_env({}).render_processes == 1
    assert Config.from_env({"TRACTOR_RENDER_PROCESSES": "2"}).render_processes == 2
    assert Config.from_env({"TRACTOR_RENDER_PROCESSES": "0"}).render_processes == 0  # a thread
    assert Config().render_processes == 1
