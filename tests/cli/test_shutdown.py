"""SIGTERM and SIGINT stop a running bot process gracefully: every move it made is committed, the presenter's
queued messages are sent before the connection closes, the table's timers stay in the database for the next
start, and the process exits 0 without a traceback (tests/helpers/sim_bot_process.py: the real bot on SimCord)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIM_BOT = ROOT / "tests" / "helpers" / "sim_bot_process.py"  # the real bot on SimCord, as a process


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_stops_the_bot_gracefully(tmp_path: Path, sig: signal.Signals) -> None:
    db_path = tmp_path / "bot.sqlite3"
    env = {**os.environ, "LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen([sys.executable, str(SIM_BOT), str(db_path)], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith('{"ready"'), line + (proc.stderr.read() if proc.stderr else "")
        ready = json.loads(line)["ready"]
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Task was destroyed" not in err and "Unclosed" not in err, err
    closed = json.loads(out.strip().splitlines()[-1])["closed"]
    assert closed["pending_messages"] == 0  # the presenter finished before the connection closed
    with sqlite3.connect(db_path) as conn:
        status = conn.execute("SELECT status FROM game_tables WHERE id = ?", (ready["table"],)).fetchone()[0]
        last = conn.execute("SELECT MAX(seq) FROM actions WHERE table_id = ?", (ready["table"],)).fetchone()[0]
        timers = conn.execute("SELECT COUNT(*) FROM timers WHERE table_id = ?", (ready["table"],)).fetchone()[0]
    assert status == "playing"  # paused by the stop, not ended
    assert last == closed["version"] >= ready["version"] > 0  # every move made is committed
    assert timers >= 1  # the turn's timers wait in the database for the next start


async def test_closing_waits_for_a_move_in_progress(simcord_env):
    """A move holding its table's lock when the bot is told to stop finishes before the database closes."""
    import asyncio

    from cogs.hub import detach_game
    from tests.conftest import open_table, world

    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, _lobby = await open_table(env, alice, channel, mode="async")
    session = env.bot.game.sessions[rec.table_id]
    db = env.bot.game.db
    done: list[bool] = []

    async def move() -> None:
        async with session.lock:
            await asyncio.sleep(0.3)
            await db.get_table(rec.table_id)  # the database is still open for the move's commit
            done.append(True)

    task = asyncio.create_task(move())
    await asyncio.sleep(0)
    await detach_game(env.bot)
    assert done == [True]
    await task
