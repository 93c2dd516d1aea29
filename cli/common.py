"""What every subcommand shares: the ``.env`` file, logging, the operator's locale, one-line failures."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from dotenv import load_dotenv

import i18n
from engine.errors import EngineError

log = logging.getLogger(__name__)


class CliError(EngineError):
    """A command-line refusal: ``key`` names a catalogue message (``i18n/ops.py``)."""

    exit_code = 1


def load_env(path: Path | None = None) -> bool:
    """Read ``.env`` (default: the working folder's) into the environment; variables already set win."""
    return load_dotenv(path or Path.cwd() / ".env", override=False)


def configure_logging(level: str | None = None) -> None:
    """``LOG_LEVEL`` (default INFO) to stderr, one line per record."""
    name = (level or os.environ.get("LOG_LEVEL", "") or "INFO").strip().upper()
    logging.basicConfig(level=getattr(logging, name, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def operator_locale() -> str:
    """The locale of messages printed for the operator: ``TRACTOR_LOCALE``, else the shell's ``LANG``."""
    for name in ("TRACTOR_LOCALE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").strip()
        if value:
            return i18n.normalize_locale(value.replace("_", "-"))
    return "en"


def say(key: str, **params: Any) -> str:
    """The catalogue message ``key`` in the operator's locale."""
    return i18n.t(key, operator_locale(), **params)


def failure_line(exc: BaseException) -> str:
    """One line for a refusal: ``bot.py: error: <message>`` (newlines folded)."""
    key = getattr(exc, "key", None)
    text = say(key, **getattr(exc, "params", {})) if isinstance(key, str) else str(exc) or type(exc).__name__
    return say("ops.failure", message=" ".join(text.split()))

