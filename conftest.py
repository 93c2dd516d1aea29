"""Repository-wide pytest hooks.

SimCord's ``simcord_env`` detaches the bot's machinery but never calls ``bot.close()``, so a bot's
database (an aiosqlite worker thread) would stay open and keep the test process from exiting. Every
test that builds a ``simcord_bot`` gets ``_close_simcord_bot``, which closes the game service and
database of that bot and of the bot running at the end of the test (after ``env.restart_bot`` that is
another one) — idempotent: a test or fixture may have closed them already.

A database a test still leaves open fails the run: the test is named, the session's exit status becomes
1, and the process exits instead of hanging on the worker thread.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import AsyncIterator, Iterator

import pytest

WORKER_SUFFIX = "(_connection_worker_thread)"  # aiosqlite's thread name ends so (``Thread-N (...)``)
_LEAKS: list[str] = []  # node ids of tests after which a new connection was still open
_EXIT_STATUS: list[int] = [0]


@pytest.fixture
async def _close_simcord_bot(request: pytest.FixtureRequest) -> AsyncIterator[None]:
    yield
    from cogs.hub import detach_game

    env = request.node.funcargs.get("simcord_env")
    for bot in (request.node.funcargs.get("simcord_bot"), getattr(env, "bot", None)):
        if bot is not None and getattr(bot, "game", None) is not None:
            await detach_game(bot)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        names = getattr(item, "fixturenames", None)
        if names is not None and "simcord_bot" in names and "_close_simcord_bot" not in names:
            names.insert(0, "_close_simcord_bot")


def open_connections(wait: float = 0.0) -> set[threading.Thread]:
    """The live aiosqlite worker threads (one per open connection); ``wait`` lets closing ones finish."""
    threads = {t for t in threading.enumerate() if t.name.endswith(WORKER_SUFFIX) and t.is_alive()}
    for thread in threads:
        thread.join(wait)
    return {t for t in threads if t.is_alive()}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    before = open_connections()
    yield
    if open_connections(wait=1.0) - before:
        _LEAKS.append(item.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if (_LEAKS or open_connections(wait=1.0)) and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    _EXIT_STATUS[0] = int(session.exitstatus)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    leaked = open_connections()
    if leaked or _LEAKS:
        terminalreporter.section("aiosqlite connections left open", red=True)
        terminalreporter.write_line(f"{len(leaked)} still open; opened and not closed by: "
                                    f"{', '.join(_LEAKS) or 'unknown tests'} (the run fails)", red=True)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Last resort: a database left open keeps its aiosqlite worker thread (non-daemon) alive and the
    process from exiting; exit with the session's status (failed, see above) instead of hanging."""
    if open_connections():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS[0])
