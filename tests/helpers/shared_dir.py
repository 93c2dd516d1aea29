"""The shared directory (rulebook, conformance cases): ``$TRACTOR_SHARED`` if set, else ``<repo>/../shared``.

Tests that read it skip when it is missing on a developer's machine, and fail when ``CI=true``: CI must
always run them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("TRACTOR_SHARED") or REPO.parent / "shared")


def require_shared(path: Path) -> Path:
    """``path`` (inside the shared directory); skip without it, or fail under ``CI=true``."""
    if path.exists():
        return path
    message = f"{path} does not exist (set TRACTOR_SHARED to the shared directory)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but {message}")
    pytest.skip(message)
