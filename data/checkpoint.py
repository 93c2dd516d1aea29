"""SQLite's write-ahead log is copied back into the database file on a thread of its own, off the bot's connection.

By default SQLite checkpoints (copies the WAL into the database file and, at ``synchronous`` NORMAL or FULL,
flushes both to disk) inside the commit that grows the WAL past 1,000 pages: that one statement then takes
20-150 ms on a shared disk instead of a fraction of a millisecond, about once a second under load, and the bot's
one connection waits — with every click's statement queued behind it (``benchmarks/click_tail.py`` showed these
statements in the slowest clicks; with checkpoints off they were gone). Here a ``Checkpointer`` thread with a
connection of its own runs a ``PASSIVE`` checkpoint every ``every`` seconds: it copies what is committed without
holding up the bot's reads or writes (a WAL's readers and writer go on meanwhile). The bot's connection
checkpoints only as a backstop (``BACKSTOP_PAGES``): the WAL starts over from its beginning at the first write
after a complete checkpoint, and should writes never leave it a gap, the backstop bounds its size.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

log = logging.getLogger(__name__)

BACKSTOP_PAGES = 8000  # PRAGMA wal_autocheckpoint of the bot's connection (~32 MB of WAL at 4 KB pages)
EVERY_S = 0.5


class Checkpointer:
    """A daemon thread checkpointing the WAL of ``path`` every ``every`` seconds until ``stop()``; ``runs`` counts
    its checkpoints, ``frames`` the WAL frames they found committed (all of them copied unless a read was older)."""

    def __init__(self, path: str, synchronous: str, every: float = EVERY_S) -> None:
        self.path = path
        self.synchronous = synchronous
        self.every = every
        self.runs = 0
        self.frames = 0
        self.failing = 0  # failed checkpoints in a row
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tractor-sqlite-checkpoint", daemon=True)

    def start(self) -> Checkpointer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop after the checkpoint in progress (blocking: call it in a thread from the event loop)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        try:
            conn = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error:
            log.exception("cannot open %s for checkpoints; the bot's connection does them", self.path)
            return
        try:
            conn.execute(f"PRAGMA synchronous={self.synchronous}")  # the same flushes as the bot's connection
            while not self._stop.wait(self.every):
                self.checkpoint(conn)
        finally:
            conn.close()

    def checkpoint(self, conn: sqlite3.Connection) -> None:
        """One checkpoint. A failure (a full disk, a lock) is one warning line, not again until a checkpoint works
        (it is tried every ``every`` seconds: a traceback each time filled the log); the traceback at DEBUG."""
        try:
            row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error as exc:
            if not self.failing:
                log.warning("checkpoint of %s failed (%s); tried again every %.1f s, quietly", self.path, exc,
                            self.every)
            log.debug("checkpoint of %s failed", self.path, exc_info=exc)
            self.failing += 1
            return
        if self.failing:
            log.info("checkpoints of %s work again after %d failed", self.path, self.failing)
            self.failing = 0
        self.runs += 1
        self.frames += max(0, int(row[1])) if row else 0
