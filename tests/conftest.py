"""Shared SimCord fixtures for the bot tests: a bot on an in-memory database with no delays, a fake
clock for timeouts, a guild with a channel and four members, and helpers to drive a table."""

from __future__ import annotations

import pytest

from bot import create_bot
from runtime.config import Config
from runtime.records import TableOptions


class FakeClock:
    """Unix seconds that only move when a test says so."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def bot_options() -> dict:
    """Override in a test module to change how the bot is built."""
    return {}


@pytest.fixture
def simcord_bot(tmp_path, clock, bot_options):
    config = Config(db_path=tmp_path / "bot.sqlite3")
    options = TableOptions.instant()
    kwargs = {"clock": clock, "rng_seed": 7, "limits": {}, "table_options": options}
    kwargs.update(bot_options)
    return create_bot(config, **kwargs)
