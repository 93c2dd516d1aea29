"""``python bot.py check``: is this installation ready to start? Configuration, database (read only: nothing
is created or migrated; a SQLite file deleted or replaced under a running bot, a damaged one, an unreachable
PostgreSQL server are each one FAIL line: ``data.health``), migrations, font and which rules and AI run (compiled or
plain Python, and why); one line per check, exit code 1 when anything is wrong.
Safe while the bot runs (the Dockerfile's HEALTHCHECK)."""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path

from cli.common import say
from cli.config import Config

log = logging.getLogger(__name__)

NAME = "check"
HELP = "check the configuration, database, migrations and font; print what is wrong (exit code 1 if anything)"

# a bot token: three dot-separated base64url parts (user id, timestamp, signature)
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG", "NOTSET")


class Problem(Exception):
    """A failed check: ``key`` names the catalogue message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser


def run(args: argparse.Namespace) -> int:
    del args
    checks: list[tuple[str, Callable[[], str]]] = [
        ("ops.check.config", check_config), ("ops.check.migrations", check_migrations),
        ("ops.check.database", check_database), ("ops.check.disk_space", check_disk_space),
        ("ops.check.web_secret", check_web_secret),
        ("ops.check.font", check_font),
        ("ops.check.compiled_ai", check_compiled_ai)]
    failed = 0
    for label, check in checks:
        try:
            detail, ok = check(), True
        except Exception as exc:  # every failure is reported as one line, the others still run
            failed += 1
            detail, ok = _message(exc), False
            log.debug("check %s failed", label, exc_info=exc)
        print(say("ops.check.ok" if ok else "ops.check.fail", what=say(label), detail=detail))
    print(say("ops.check.summary_ok") if not failed else say("ops.check.summary_fail", count=failed))
    return 1 if failed else 0


def _message(exc: BaseException) -> str:
    key = getattr(exc, "key", None)
    text = say(key, **getattr(exc, "params", {})) if isinstance(key, str) else f"{type(exc).__name__}: {exc}"
    return " ".join(text.split())


def check_config() -> str:
    env = {k: os.environ.get(k, "").strip() for k in ("DISCORD_TOKEN", "TRACTOR_DEV_GUILD", "LOG_LEVEL")}
    if env["TRACTOR_DEV_GUILD"] and not env["TRACTOR_DEV_GUILD"].isdigit():
        raise Problem("ops.check.bad_guild", value=env["TRACTOR_DEV_GUILD"])
    if env["LOG_LEVEL"] and env["LOG_LEVEL"].upper() not in LOG_LEVELS:
        raise Problem("ops.check.bad_log_level", value=env["LOG_LEVEL"], levels=", ".join(LOG_LEVELS[:5]))
    if not env["DISCORD_TOKEN"]:
        return say("ops.check.no_token")
    if not TOKEN_SHAPE.match(env["DISCORD_TOKEN"]):
        raise Problem("ops.check.bad_token_shape")
    return say("ops.check.token_set")


def check_migrations() -> str:
    from data.migrate import load_migrations

    found = load_migrations()
    return say("ops.check.migrations_ok", count=len(found), newest=f"{found[-1].version:04d}_{found[-1].name}")


def check_database() -> str:
    """The configured database as the next start would find it: a SQLite file (folder, deleted or replaced under
    a running bot, quick integrity check, schema) or a PostgreSQL server (reached and logged into, schema)."""
    from data.health import inspect_database

    health = asyncio.run(inspect_database(Config.from_env().database))
    if health.server:  # PostgreSQL
        key = "ops.check.pg_pending" if health.pending else "ops.check.pg_ok"
        return say(key, server=health.server, url=health.path, version=health.version, known=health.known,
                   pending=health.pending)
    path = Path(health.path).absolute()
    if not health.exists:
        return say("ops.check.db_new", path=path)
    if health.pending:
        return say("ops.check.db_pending", path=path, version=health.version, known=health.known,
                   pending=health.pending)
    return say("ops.check.db_ok", path=path, version=health.version)


def check_disk_space() -> str:
    """Free space where the bot writes: the SQLite database's folder (its WAL, its growth) and the offline job's
    output folder (each measured on its nearest existing folder); FAIL below ``data.diskspace.MIN_FREE``."""
    from data.diskspace import MIN_FREE, existing, free_bytes, size_text

    config = Config.from_env()
    places = [existing(config.out_dir)]
    if config.db_url is None and str(config.db_path) != ":memory:":
        places.insert(0, existing(config.db_path.absolute().parent))
    free = {place: free_bytes(place) for place in places}
    for place, amount in free.items():
        if amount < MIN_FREE:
            raise Problem("ops.check.space_low", folder=place, free=size_text(amount), need=size_text(MIN_FREE))
    db_folder = places[0] if len(places) > 1 else None
    return say("ops.check.space_ok", free_db=size_text(free[db_folder]) if db_folder else "-",
               db_folder=db_folder or "PostgreSQL", free_out=size_text(free[places[-1]]), out_folder=places[-1])


def check_web_secret() -> str:
    """When the web table is served: the secret is set, or its file (``Config.secret_path``) is readable, or its
    folder lets the bot create it — what ``load_secret`` does at start, tested without writing anything."""
    config = Config.from_env()
    if config.web_port is None:
        return say("ops.check.web_off")
    if config.web_secret:
        return say("ops.check.web_secret_env")
    path = config.secret_path.absolute()
    if path.exists():
        if not os.access(path, os.R_OK):
            raise Problem("web.secret_file", path=path, error=os.strerror(errno.EACCES))
        return say("ops.check.web_secret_kept", path=path)
    if not path.parent.is_dir():
        raise Problem("web.secret_file", path=path, error=os.strerror(errno.ENOENT))
    if _read_only_mount(path.parent):
        raise Problem("web.secret_file", path=path, error=os.strerror(errno.EROFS))
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise Problem("web.secret_file", path=path, error=os.strerror(errno.EACCES))
    return say("ops.check.web_secret_new", path=path)


def _read_only_mount(folder: Path) -> bool:
    """The folder's filesystem is mounted read-only (systemd's ProtectSystem=strict, a read-only image layer):
    ``os.access`` says writable to root there."""
    return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)


def check_font() -> str:
    from render.fonts import font, font_path, has_glyph

    paths = [font_path(weight) for weight in ("regular", "bold")]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise Problem("ops.check.font_missing", path=missing[0])
    font(24, "regular")
    font(24, "bold")
    if not all(has_glyph(ch) for ch in "双升♠A"):
        raise Problem("ops.check.font_glyphs", path=paths[0])
    return say("ops.check.font_ok", name=paths[0].name)


def check_compiled_ai() -> str:
    """Which rules and AI run (``cli/compiled.py``): compiled, or plain Python and why (not a failure: the bot
    plays the same, slower); a failure only for old compiled files next to the sources, which Python would run
    unchecked."""
    from cli.compiled import describe, leftovers

    found = leftovers()
    if found:
        raise Problem("ops.compiled.leftover", path=found[0])
    return describe()
