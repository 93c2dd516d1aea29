"""Repository-wide pytest hooks.

SimCord's ``simcord_env`` detaches the bot's machinery but never calls ``bot.close()``, so a bot's
database (an aiosqlite worker thread) would stay open and keep the test process from exiting. Every
test that builds a ``simcord_bot`` gets ``_close_simcord_bot``, which closes the bot's game service and
database after the test (idempotent: a test or fixture may have closed it already).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest


@pytest.fixture
async def _close_simcord_bot(request: pytest.FixtureRequest) -> AsyncIterator[None]:
    yield
    bot = request.node.funcargs.get("simcord_bot")
    if bot is not None and getattr(bot, "game", None) is not None:
        from cogs.hub import detach_game

        await detach_game(bot)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        names = getattr(item, "fixturenames", None)
        if names is not None and "simcord_bot" in names and "_close_simcord_bot" not in names:
            names.insert(0, "_close_simcord_bot")


_EXIT_STATUS: list[int] = [0]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _EXIT_STATUS[0] = int(exitstatus)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Last resort: a database some test left open would keep its aiosqlite worker thread (non-daemon)
    alive and the process from exiting; report it and exit with the session's status instead of hanging."""
    import os
    import sys
    import threading

    leaked = [t for t in threading.enumerate() if t.name.endswith("(_connection_worker_thread)") and t.is_alive()]
    if leaked:
        sys.stderr.write(f"warning: {len(leaked)} aiosqlite connection(s) left open by tests; exiting anyway\n")
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS[0])
