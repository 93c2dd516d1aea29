"""What an existing SQLite database file must be before the bot writes to it (``data.sqlite`` at every start of
``run``, ``offline``, ``tournament``…; ``bot.py check`` looks the same way): writable by this user — its folder
(WAL keeps ``-wal`` and ``-shm`` beside it), the file, and its ``-wal``/``-shm`` left by an earlier run — and whole
(SQLite's ``PRAGMA quick_check``: every page readable, every b-tree well formed).

Looked at without changing anything: a refused file is left as it was (no mode changed, no side file created),
so the fix the message names is the whole fix. ``os.access`` answers for the modes, for an immutable file
(``chattr +i``, even for root) and for a read-only mount alike."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

from data.errors import DataError

log = logging.getLogger(__name__)

SIDE_FILES = ("-wal", "-shm")
QUICK_CHECK_ROWS = 5  # problems reported at most (the first is shown)


def side_files(path: Path) -> list[Path]:
    """``path``'s ``-wal`` and ``-shm`` that exist."""
    return [each for each in (path.with_name(path.name + s) for s in SIDE_FILES) if each.exists()]


def check_writable(path: Path) -> None:
    """``data.cannot_open`` for a folder this user cannot write in, ``data.read_only`` for the database file or one
    of its side files it cannot write (``path`` exists)."""
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DataError("data.cannot_open", path=str(path), error=f"folder {folder.absolute()} is not writable")
    if not path.is_file():
        raise DataError("data.cannot_open", path=str(path), error="not a writable file")
    for each in (path, *side_files(path)):
        if not os.access(each, os.R_OK | os.W_OK):
            raise DataError("data.read_only", path=str(path.absolute()), file=each.name)


def is_corruption(exc: sqlite3.Error) -> bool:
    code = int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF  # the primary code of an extended one
    return code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or "malformed" in str(exc)


def quick_check(path: Path) -> None:
    """``PRAGMA quick_check`` on ``path`` opened read-only: ``data.corrupt`` when a page or b-tree is damaged (or
    the file is no database), ``data.cannot_open`` when SQLite cannot read it."""
    try:
        conn = sqlite3.connect(f"file:{path.absolute()}?mode=ro", uri=True)
        try:
            problems = [str(row[0]) for row in conn.execute(f"PRAGMA quick_check({QUICK_CHECK_ROWS})")]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if is_corruption(exc):
            raise DataError("data.corrupt", path=str(path.absolute()), detail=str(exc)) from exc
        raise DataError("data.cannot_open", path=str(path), error=str(exc)) from exc
    if problems != ["ok"]:
        raise DataError("data.corrupt", path=str(path.absolute()), detail=" ".join(problems[0].split()))


def check_before_opening(path: Path) -> None:
    """An existing database file may be opened for writing: writable, then whole (``check_writable``,
    ``quick_check``); a new one (no file yet) is not looked at."""
    if not path.exists():
        return
    check_writable(path)
    quick_check(path)
    log.debug("%s passed the quick check", path)
