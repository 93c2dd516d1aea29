"""Which rules and AI run: compiled (``pip install .`` built them with mypyc, ``tools/tractor_compiled``) or
plain Python, and why. Logged once at start-up (``python bot.py run``) and printed by ``python bot.py check``."""

from __future__ import annotations

import importlib
import logging
from pathlib import Path

from cli.common import say

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent
SLOWER = 8  # the strong AI samples about this many times fewer deals in its budget as plain Python (55 to 421)


def leftovers(root: Path | None = None) -> list[Path]:
    """Compiled files next to the sources (the old ``tools/build_ai.py`` built there): Python would import
    them, unchecked, whenever the installed build does not run."""
    return sorted(((root or ROOT) / "engine").rglob("*.so"))


def state() -> tuple[str, str]:
    """``(state, detail)``: ``compiled``, ``disabled``, ``failed``, ``partial``, ``stale`` (see
    ``tractor_compiled.Status``) or ``missing`` (the project itself is not installed in this venv)."""
    try:
        loader = importlib.import_module("tractor_compiled")
    except ImportError:
        return "missing", ""
    status = loader.status()
    return str(status.state), str(status.detail)


def describe() -> str:
    """One line for the operator: compiled, or plain Python with the reason and what to do."""
    what, detail = state()
    if what == "compiled":
        return say("ops.compiled.on")
    return say("ops.compiled.plain", factor=SLOWER, why=say(f"ops.compiled.why_{what}", detail=detail))


def log_status() -> None:
    """The start-up line (a warning when the rules and AI run as plain Python)."""
    line = f"{say('ops.check.compiled_ai')}: {describe()}"
    if state()[0] == "compiled":
        log.info("%s", line)
    else:
        log.warning("%s", line)
    for path in leftovers():
        log.warning("%s", say("ops.compiled.leftover", path=path))
