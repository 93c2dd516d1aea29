"""Real small filesystems for fault tests: a tmpfs of a given size (to fill up: a full disk), or mounted read-only
(systemd's ``ProtectSystem=strict``, an image's read-only layer). Mounting needs root (or CAP_SYS_ADMIN): without
it the test is skipped, saying so."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def tmpfs(folder: Path, *, size: str = "1m", read_only: bool = False) -> Iterator[Path]:
    """``folder`` (created) as a fresh tmpfs of ``size`` for the duration; unmounted afterwards (lazily if a
    process still holds it)."""
    folder.mkdir(parents=True, exist_ok=True)
    options = f"size={size},mode=0777" + (",ro" if read_only else "")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN; uid {os.geteuid()}): "
                    f"{done.stderr.strip()}")
    try:
        yield folder
    finally:
        if subprocess.run(["umount", str(folder)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> int:
    """Fill the filesystem of ``folder`` to the last byte (a file ``filler``); the bytes written."""
    written = 0
    chunk = b"\0" * 4096
    with open(folder / "filler", "wb", buffering=0) as f:
        with contextlib.suppress(OSError):
            while True:
                written += f.write(chunk)
        with contextlib.suppress(OSError):  # the last partial block
            while f.write(b"\0"):
                written += 1
    return written
