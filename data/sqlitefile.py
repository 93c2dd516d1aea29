"""What an existing SQLite database file must be before the bot writes to it (``data.sqlite`` at every start of
``run``, ``offline``, ``tournament``…; ``bot.py check`` looks the same way): whole (SQLite's ``PRAGMA
quick_check``: every page readable, every b-tree well formed). Looked at read-only: a refused file is left as it
was."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from data.errors import DataError

log = logging.getLogger(__name__)

QUICK_CHECK_ROWS = 5  # problems reported at most (the first is shown)


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
    """An existing database file may be opened for writing: whole (``quick_check``); a new one (no file yet) is not
    looked at."""
    if not path.exists():
        return
    quick_check(path)
    log.debug("%s passed the quick check", path)
