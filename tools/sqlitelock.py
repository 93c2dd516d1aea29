"""A second OS process holding an SQLite database's write lock (``BEGIN EXCLUSIVE``): the storage-fault tests and
``benchmarks/faults.py`` lock the bot's file for real for longer than its busy timeout."""

from __future__ import annotations

import subprocess
import sys

LOCKER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA busy_timeout=0")
end = time.monotonic() + 60
while True:  # the bot commits often: SQLite's busy handler would keep losing the race, so try in a tight loop
    try:
        conn.execute("BEGIN EXCLUSIVE")
        break
    except sqlite3.OperationalError:
        if time.monotonic() > end:
            raise
        time.sleep(0.0005)
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
print("released", flush=True)
"""


def hold_lock(path: str, seconds: float) -> subprocess.Popen[str]:
    """A second OS process holding ``BEGIN EXCLUSIVE`` on the SQLite file for ``seconds``; returns once it holds it."""
    proc = subprocess.Popen([sys.executable, "-c", LOCKER, path, str(seconds)], stdout=subprocess.PIPE, text=True)
    if proc.stdout is None or proc.stdout.readline().strip() != "locked":
        proc.kill()
        raise RuntimeError(f"could not lock {path}")
    return proc
