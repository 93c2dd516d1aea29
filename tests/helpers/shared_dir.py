"""The rulebook and the conformance cases the project carries, and the shared directory they are copied from.

The project's own copies are what the tests read: ``docs/RULES.md``, ``docs/JUDGE.md``, ``docs/seeds/`` and
``tests/engine/conformance/``, so a clone with nothing beside it runs every conformance case. The shared
directory (``$TRACTOR_SHARED`` if set, else ``<repo>/../shared``) is where updates arrive:
``tests/engine/test_rulebook_copies.py`` checks the copies equal it whenever it is present."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("TRACTOR_SHARED") or REPO.parent / "shared")

RULEBOOK = REPO / "docs" / "RULES.md"
JUDGE_DOC = REPO / "docs" / "JUDGE.md"
CONFORMANCE = REPO / "tests" / "engine" / "conformance"

# project copy -> path inside the shared directory
COPIES: dict[Path, str] = {
    RULEBOOK: "RULES.md",
    JUDGE_DOC: "JUDGE.md",
    CONFORMANCE: "conformance",
    REPO / "docs" / "seeds": "seeds",
}
