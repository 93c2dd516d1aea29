"""What every subcommand shares: the ``.env`` file, logging, the operator's locale, one-line failures."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dotenv import load_dotenv

import i18n
from data.targets import mask_secrets
from engine.errors import EngineError

log = logging.getLogger(__name__)


class CliError(EngineError):
    """A command-line refusal: ``key`` names a catalogue message (``i18n/ops.py``)."""

    exit_code = 1


def load_env(path: Path | None = None) -> bool:
    """Read ``.env`` (default: the working folder's) into the environment; variables already set win."""
    return load_dotenv(path or Path.cwd() / ".env", override=False)


class MaskingFormatter(logging.Formatter):
    """Every log line (its message, arguments and traceback) with passwords masked (``data.targets``)."""

    def format(self, record: logging.LogRecord) -> str:
        return mask_secrets(super().format(record))


def configure_logging(level: str | None = None) -> None:
    """``LOG_LEVEL`` (default INFO) to stderr, one line per record, passwords masked."""
    name = (level or os.environ.get("LOG_LEVEL", "") or "INFO").strip().upper()
    logging.basicConfig(level=getattr(logging, name, logging.INFO))
    for handler in logging.getLogger().handlers:
        handler.setFormatter(MaskingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))


@contextmanager
def storage_failures(target: str | Path) -> Iterator[None]:
    """Inside, a database failure of the driver (a damaged SQLite page, a read-only file, a server gone) is one
    keyed ``CliError`` (``data.corrupt`` / ``data.failed``, naming ``target`` with its password masked) instead
    of the driver's traceback; the details are logged at DEBUG."""
    import sqlite3

    import asyncpg

    from data.dialect import is_postgres_url
    from data.diskspace import NEARLY_FULL, free_bytes, is_disk_full, size_text
    from data.errors import DataError
    from data.health import is_corruption
    from data.postgres import short_error

    shown = mask_secrets(str(target))
    try:
        yield
    except DataError as exc:  # refused at opening: a full disk shows there as a write (or -shm) that failed
        nearly_full = exc.key == "data.cannot_open" and free_bytes(str(target)) < NEARLY_FULL
        if (is_disk_full(exc) or nearly_full) and not is_postgres_url(str(target)):
            raise CliError("data.disk_full", path=shown, free=size_text(free_bytes(str(target)))) from exc
        raise
    except sqlite3.Error as exc:
        log.debug("database failure", exc_info=exc)
        if is_disk_full(exc) and not is_postgres_url(str(target)):
            raise CliError("data.disk_full", path=shown, free=size_text(free_bytes(str(target)))) from exc
        if is_corruption(exc):
            raise CliError("data.corrupt", path=shown, detail=short_error(exc)) from exc
        raise CliError("data.failed", path=shown, error=short_error(exc)) from exc
    except (asyncpg.PostgresError, asyncpg.InterfaceError, ConnectionError) as exc:
        log.debug("database failure", exc_info=exc)
        raise CliError("data.failed", path=shown, error=short_error(exc)) from exc


SHORT_END_LEVEL = "5"  # an offline match or tournament: a short match (2 to 5) unless the preset has its own end


def end_level_for(preset: str, given: str | None) -> str:
    """The end level of an offline match or tournament: ``given``, else the preset's own (``tournament``: 10), else
    ``SHORT_END_LEVEL``. One rule for ``offline`` and ``tournament``."""
    from engine.rules import PRESETS

    return given or str(PRESETS.get(preset, {}).get("end_level", SHORT_END_LEVEL))


def presets_help() -> str:
    """The presets for an option's help: their names and, where a preset has one, its own end level."""
    from engine.rules import PRESETS

    return ", ".join(f"{name} (to {p['end_level']})" if "end_level" in p else name for name, p in PRESETS.items())


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
    return say("ops.failure", message=mask_secrets(" ".join(text.split())))

