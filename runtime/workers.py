"""Worker processes die with the bot. The AI pool's and the drawing queue's workers (``runtime.aipool``,
``runtime.pictures.renderqueue``) wait on a queue the bot feeds; a bot killed outright (SIGKILL, the OOM killer, a
crash) never tells them to stop, and every crash-restart would leave one more set of idle workers behind.

Each worker, as it starts (``worker_init``), asks Linux to SIGKILL it when its parent dies
(``prctl(PR_SET_PDEATHSIG)`` through ctypes), and, as a fallback (not Linux, no libc, or a parent that died before
the request), watches its parent's pid on a daemon thread and exits when it changes."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import logging
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger(__name__)

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCH_INTERVAL_S = 1.0  # how often the fallback looks at the parent's pid


def die_with_parent(parent_pid: int) -> bool:
    """Make this process end when ``parent_pid`` does; True if the kernel will signal it (Linux)."""
    armed = _pdeathsig() if sys.platform.startswith("linux") else False
    if os.getppid() != parent_pid:  # the parent died before (or while) the request was made
        os._exit(0)
    threading.Thread(target=_watch, args=(parent_pid,), name="tractor-parent-watch", daemon=True).start()
    return armed


def _pdeathsig() -> bool:
    with contextlib.suppress(OSError, AttributeError, TypeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    return False


def _watch(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(WATCH_INTERVAL_S)
    os._exit(0)  # the bot is gone: nobody will ever read this worker's results


def worker_init(parent_pid: int, niceness: int = 0, warm_up: bool = False) -> None:
    """The initializer of the bot's worker processes: die with ``parent_pid``; ``niceness`` lowers the CPU
    priority (the AI: the event loop's process gets the cores first); ``warm_up`` loads the drawing's fonts and
    card sprites before the first picture."""
    die_with_parent(parent_pid)
    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    if warm_up:
        from render import warm_up as load_drawing

        load_drawing()


def kill_workers(executor: ProcessPoolExecutor) -> list[int]:
    """SIGKILL every process of ``executor`` (a hung one, stopped or deadlocked, never finishes by itself; SIGKILL
    ends a stopped process too); their pids."""
    killed = []
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, ValueError):
            process.kill()
            killed.append(process.pid)
    return killed


def worker_pids(executor: ProcessPoolExecutor | None) -> list[int]:
    """The pids of ``executor``'s processes started so far (none without one)."""
    return sorted((getattr(executor, "_processes", None) or {}).keys()) if executor is not None else []
