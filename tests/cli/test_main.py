"""The README's main command without a token: ``python bot.py`` plays the offline match, writes its pictures and
ladder, prints a short summary and exits (no database or thread left open that would keep it waiting)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bot_py_without_a_token_runs_the_offline_match_and_exits(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(TRACTOR_OUT=str(tmp_path / "out"), TRACTOR_DB=str(tmp_path / "unused.sqlite3"), LOG_LEVEL="WARNING")
    done = subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[-3] == f"offline match written to {tmp_path / 'out'}"
    assert "hands" in lines[-2] and lines[-1].strip().endswith("s)")
    assert "winners East & West" in lines[-2] or "winners South & North" in lines[-2]  # names, not "team 1"
    written = {p.name for p in (tmp_path / "out").iterdir()}
    assert {"match_summary.png", "ladder.png", "match_log.txt", "hand01_summary.png"} <= written
    assert len(lines) < 200  # the announcements and a summary, not every file name
