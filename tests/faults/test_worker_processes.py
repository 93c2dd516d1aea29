"""Worker processes as faults meet them (issue #23, 9 and 11): the bot killed outright (SIGKILL) takes its AI and
drawing processes with it, and a drawing process that hangs (SIGSTOP) is killed and replaced: the picture still
comes, or its waiter gets a localized "try again" — never an endless wait."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import i18n
from runtime.pictures.renderqueue import PictureUnavailable, RenderQueue

ROOT = Path(__file__).resolve().parents[2]
SIM_BOT = ROOT / "tests" / "helpers" / "sim_bot_process.py"  # the real bot on SimCord, as a process
GONE_WITHIN_S = 60.0  # a generous bound for a loaded machine: the kernel kills them at once


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (from ``/proc``)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and alive(int(entry.name)):
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    """Running or stopped (a zombie has died: only its exit status is left)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the worker processes")
def test_the_bots_workers_die_with_it_when_it_is_killed(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, str(SIM_BOT), str(tmp_path / "b.sqlite3"),
                             "workers"], cwd=ROOT, env={**os.environ, "LOG_LEVEL": "WARNING"},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith('{"ready"'), line + (proc.stderr.read() if proc.stderr else "")
        workers = descendants(proc.pid)
        assert len(workers) >= 2  # the AI's and the drawing's worker processes (and multiprocessing's helper)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + GONE_WITHIN_S
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [pid for pid in workers if alive(pid)] == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in workers:  # the old code's orphans: do not leave them behind
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


async def test_a_hung_drawing_process_is_killed_and_replaced() -> None:
    queue = RenderQueue()
    queue.use_processes(1)
    queue.timeout_s, queue.start_timeout_s = 2.0, 30.0  # a new process gets longer: it starts, loads its fonts
    first = 0
    try:
        first = await queue.run(os.getpid)
        assert first != os.getpid()
        os.kill(first, signal.SIGSTOP)  # hung: it never answers again
        second = await asyncio.wait_for(queue.run(os.getpid), 120)  # the picture comes from a new process
        assert second not in (first, os.getpid())
        assert not alive(first)  # the stopped process was killed, not left behind
        with pytest.raises(PictureUnavailable) as failed:  # hangs twice: its waiter is told to try again
            await asyncio.wait_for(queue.run(time.sleep, 600), 120)
        assert i18n.t(failed.value.key, "zh-CN") != failed.value.key
        assert await asyncio.wait_for(queue.run(os.getpid), 120) != os.getpid()  # and the queue goes on
    finally:
        if first and alive(first):
            os.kill(first, signal.SIGKILL)
        queue.use_processes(0)
