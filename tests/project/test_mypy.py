"""The whole tree type-checks: mypy with the configuration in pyproject.toml (zero errors; engine/ under the
per-module --strict flags). Keep it green: fix the types, never loosen the configuration."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# long on a core: one at a time with the other "cpu" tests (xdist --dist loadgroup), beside the waiting ones
pytestmark = pytest.mark.xdist_group("cpu")


def test_mypy_finds_no_error() -> None:
    cache = Path(tempfile.gettempdir()) / f"mypy-{hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]}"
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache)], capture_output=True,
                          text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
