"""Free space on the filesystem of a path (the database's folder, the output folder): ``bot.py check`` measures
it, and a write refused for lack of space (SQLite's ``SQLITE_FULL``, ``ENOSPC``, a quota's ``EDQUOT``) is told
as a full disk rather than as a driver's text."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

# what ``check`` wants free beside the database and the output folder: the WAL alone may grow to ~32 MB
# (``data.checkpoint.BACKSTOP_PAGES``) before it is copied back, and a picture is up to ~1 MB
MIN_FREE = 64 * 1024 * 1024
NEARLY_FULL = 256 * 1024  # bytes: a database that cannot be opened for writing with less free is on a full disk
SQLITE_FULL = 13
FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT)


def existing(path: str | Path) -> Path:
    """``path`` itself, or its nearest ancestor that exists (a folder not created yet lies on its filesystem)."""
    here = Path(path).absolute()
    while not here.exists() and here != here.parent:
        here = here.parent
    return here


def free_bytes(path: str | Path) -> int:
    """Bytes the bot's user may still write on the filesystem holding ``path`` (or its nearest existing ancestor)."""
    stats = os.statvfs(existing(path))
    return stats.f_bavail * stats.f_frsize


def is_disk_full(exc: BaseException | None) -> bool:
    """``exc`` (or what caused it) is a write refused for lack of space."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, OSError) and exc.errno in FULL_ERRNOS:
            return True
        if isinstance(exc, sqlite3.Error) and (getattr(exc, "sqlite_errorcode", None) == SQLITE_FULL
                                              or "disk is full" in str(exc)):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def size_text(n: int) -> str:
    """``812 kB``, ``3.1 MB``, ``2.0 GB``."""
    if n >= 1 << 30:
        return f"{n / (1 << 30):.1f} GB"
    if n >= 1 << 20:
        return f"{n / (1 << 20):.1f} MB"
    return f"{n // 1024} kB"
