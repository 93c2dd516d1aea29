"""The faults that stop the whole bot, for ``benchmarks/faults.py``: downtime over a running turn clock (a graceful
stop and a kill, ``clock_worker.py``) and a full disk under the database or the output folder (a real 1 MB tmpfs).
Each returns its measured rows (lost, duplicated, frozen, penalty, recovery)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data.database import Database

CLOCK_WORKER = Path(__file__).resolve().parent / "clock_worker.py"


async def clock_lines(proc: asyncio.subprocess.Process, seconds: float) -> list[dict[str, Any]]:
    """What the clock worker says during ``seconds`` (or until its output ends)."""
    assert proc.stdout is not None
    out: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(TimeoutError):
            line = await asyncio.wait_for(proc.stdout.readline(), max(0.01, end - time.monotonic()))
            if not line:
                break
            with contextlib.suppress(ValueError):
                out.append(json.loads(line))
    return out


async def clock_downtime(folder: Path, how: str, clock: float = 6.0, down: float = 10.0) -> dict[str, Any]:
    """The bot down ``down`` s (SIGTERM or SIGKILL) while a human's ``clock``-second sheet90 clock runs."""
    db = folder / f"clock_{how}.db"
    args = (sys.executable, str(CLOCK_WORKER), str(db), "--clock", str(clock))
    proc = await asyncio.create_subprocess_exec(*args, stdout=subprocess.PIPE)
    seen = await clock_lines(proc, 3.0)  # the deal and the AI's moves: the human's clock runs
    before: dict[str, Any] = next((m for m in reversed(seen) if m.get("to_act")), {})
    proc.send_signal(signal.SIGTERM if how == "term" else signal.SIGKILL)
    await proc.wait()
    await asyncio.sleep(down)
    started = time.monotonic()
    proc = await asyncio.create_subprocess_exec(*args, stdout=subprocess.PIPE)
    first = await clock_lines(proc, 1.0)
    recover = time.monotonic() - started
    after = await clock_lines(proc, 1.0)
    proc.send_signal(signal.SIGTERM)
    await proc.wait()
    seen_after = first + after
    penalty = int(any(m["sanctions"] > before.get("sanctions", 0) or m["away"] for m in seen_after))
    left = next((m["clock_left"] for m in seen_after if m.get("clock_left") is not None), None)
    return {"fault": f"clock_{how}", "recover_s": round(recover, 2), "penalty": penalty,
            "clock_left_before": before.get("clock_left"), "clock_left_after": left, "down_s": down,
            "frozen": [] if seen_after else [1]}


async def created(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


def full_disk(folder: Path) -> list[dict[str, Any]]:
    """``bot.py offline`` on a full 1 MB tmpfs: the database's, then the output folder's."""
    root = Path(__file__).resolve().parent.parent
    mount = folder / "full"
    mount.mkdir(exist_ok=True)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True).returncode:
        return [{"fault": "full_disk", "error": "cannot mount a tmpfs (needs root)"}]
    out: list[dict[str, Any]] = []
    try:
        for place in ("database", "output"):
            for path in list(mount.iterdir()):
                subprocess.run(["rm", "-rf", str(path)], check=True)
            db = (mount if place == "database" else folder) / f"full_{place}.db"
            asyncio.run(created(db))
            with open(mount / "filler", "wb", buffering=0) as f, contextlib.suppress(OSError):  # full, to the block
                while True:
                    f.write(b"\0" * 4096)
            left = 150 if place == "database" else 100  # kB: the match starts, then the disk is full
            os.truncate(mount / "filler", max(0, (mount / "filler").stat().st_size - left * 1024))
            env = {**os.environ, "TRACTOR_DB": str(db), "LOG_LEVEL": "WARNING",
                   "TRACTOR_OUT": str(mount / "out" if place == "output" else folder / "out")}
            started = time.monotonic()
            try:
                done = subprocess.run([sys.executable, str(root / "bot.py"), "offline", "--end-level", "3", "--ai",
                                       "random"], env=env, capture_output=True, text=True, timeout=120)
                code, err = done.returncode, done.stderr
            except subprocess.TimeoutExpired:
                code, err = None, "hung"
            seconds = time.monotonic() - started
            (mount / "filler").unlink()
            whole = None
            if db.exists():
                with contextlib.closing(__import__("sqlite3").connect(db)) as conn:
                    whole = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            out.append({"fault": f"full_disk_{place}", "recover_s": round(seconds, 2), "exit": code,
                        "lines": len(err.strip().splitlines()), "tracebacks": err.count("Traceback"),
                        "database_whole": whole, "frozen": [] if code is not None else [1]})
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)
    return out


# -- checking storage -------------------------------------------------------------------------------------------
