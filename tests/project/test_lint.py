"""The whole tree is ruff clean (the project's style gate runs with the tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_check_passes() -> None:
    ruff = Path(sys.executable).with_name("ruff")
    command = [str(ruff)] if ruff.exists() else [sys.executable, "-m", "ruff"]
    done = subprocess.run([*command, "check", "--no-cache", str(ROOT)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
