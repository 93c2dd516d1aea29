"""Database files are private: a SQLite file holds every deal and every kitty (底牌), so the file, its ``-wal`` and
``-shm`` and every ``bot.py backup`` copy are readable and writable by their owner only (mode 0600), whatever the
umask. SQLite creates ``-wal``/``-shm`` (and ``-journal``) with the mode of the database file, so a 0600 database
keeps them 0600 too; a file found with a wider mode is tightened at start, with a log line (INFO: nothing is
left to do; a WARNING when it cannot be changed)."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

log = logging.getLogger(__name__)

PRIVATE = 0o600
COMPANIONS = ("-wal", "-shm", "-journal")


def create_private(path: Path) -> bool:
    """Create ``path`` empty with mode 0600 if it does not exist (umask-independent); True if it was created."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
    except FileExistsError:
        return False
    try:
        os.fchmod(fd, PRIVATE)  # the umask only removes bits; this sets exactly 0600
    finally:
        os.close(fd)
    return True


def tighten(path: Path) -> bool:
    """Take group's and others' rights from an existing ``path`` (logged); True if it was changed.
    A file this user does not own (so cannot change) is logged as a warning and left alone."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return False
    mode = stat.S_IMODE(info.st_mode)
    if not stat.S_ISREG(info.st_mode) or not mode & 0o077:  # a folder in its place: SQLite refuses it
        return False
    private = mode & 0o700  # the owner's bits as they were (a read-only file stays read-only)
    try:
        os.chmod(path, private)
    except OSError as exc:
        log.warning("%s is readable by other users (mode %04o) and cannot be made private: %s", path, mode, exc)
        return False
    log.info("%s was readable by other users (mode %04o): now %04o (owner only)", path, mode, private)
    return True


def secure_database_file(path: Path) -> None:
    """Before SQLite opens ``path``: create it 0600, or tighten it and its ``-wal``/``-shm``/``-journal``."""
    if create_private(path):
        return
    for each in (path, *(path.with_name(path.name + suffix) for suffix in COMPANIONS)):
        tighten(each)
