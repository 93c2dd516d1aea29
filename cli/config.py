"""Process configuration from the environment (the bot and the offline job read the same variables)."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from data.dialect import is_postgres_url
from data.shards import parse_shard_ids
from data.targets import database_target

log = logging.getLogger(__name__)

# The bot draws its pictures in one process of its own by default. Drawn on a thread of the bot's process, a
# picture holds the interpreter lock for most of its 5-10 ms, and each of a click's database round trips then
# waits for the lock before the event loop can resume it: with 200 strong-AI tables on two cores, PostgreSQL
# clicks' p99 was 39-202 ms over ten quiet runs on a thread, 22-43 ms over six with one drawing process
# (SQLite 23-55 vs 26-46 ms; benchmarks/bot_load.py --ai strong, docs/SCALING.md §4). Two drawing processes
# on two cores competed with the rest (p99 476 ms in an earlier run).
DEFAULT_RENDER_PROCESSES = 1
SECRET_NAME = "tractor-web.secret"  # the generated web secret's file, in the data folder (Config.secret_path)


def shards_from_env(count: str | None, ids: str | None) -> dict[str, Any]:
    """``TRACTOR_SHARD_COUNT`` and ``TRACTOR_SHARDS`` (``0-3``; default: every shard) as Config fields;
    malformed values are logged and ignored (one process, Discord's shard count)."""
    if count is None:
        if ids is not None:
            log.warning("TRACTOR_SHARDS=%r without TRACTOR_SHARD_COUNT; ignored", ids)
        return {}
    try:
        total = int(count)
        wanted = parse_shard_ids(ids) if ids is not None else tuple(range(total))
        if total < 1 or wanted[-1] >= total:
            raise ValueError(f"shards {wanted} out of {total}")
    except ValueError as exc:
        log.warning("TRACTOR_SHARD_COUNT=%r / TRACTOR_SHARDS=%r: %s; ignored", count, ids, exc)
        return {}
    return {"shard_count": total, "shard_ids": wanted}


@dataclass(frozen=True)
class Config:
    """``DISCORD_TOKEN`` (unset: run the offline match), ``TRACTOR_DB`` (SQLite path, default
    ``tractor.sqlite3``, or a ``postgresql://user:password@host/db`` URL), ``TRACTOR_DEV_GUILD`` (guild id
    to sync commands to at once), ``LOG_LEVEL`` (default ``INFO``), ``TRACTOR_OUT`` (offline output directory,
    default ``offline_match/``), ``TRACTOR_AI_PROCESSES`` (AI worker processes; default one per core, 0 = AI in
    threads of the bot process), ``TRACTOR_MAX_TABLES`` (open tables per guild, default 25) and
    ``TRACTOR_MAX_HOSTED`` (open tables one user may host, default 3); 0 lifts a limit; ``TRACTOR_SHARD_COUNT``
    and ``TRACTOR_SHARDS`` (``0-3``: this process runs those gateway shards and owns their guilds' tables; see
    docs/SCALING.md); ``TRACTOR_IDLE_EVICT_S`` (seconds without a move after which an async table's engine state
    is evicted from memory, rebuilt on its next click or timer; default 3600, 0 = never),
    ``TRACTOR_RENDER_PROCESSES`` (pictures drawn in that many processes; default 1; 0: one thread of the bot's
    process, whose drawing then holds the interpreter lock the event loop needs — see ``DEFAULT_RENDER_PROCESSES``);
    with PostgreSQL ``TRACTOR_DB_POOL`` (connections for timers, AI moves, dealing; default 10, at least 1) and
    ``TRACTOR_DB_PRIORITY_POOL`` (connections kept for clicks and commands; default 4, 0 = share the first);
    the web table (``web/``): ``TRACTOR_WEB_PORT`` (unset: not served; 0: any free port), ``TRACTOR_WEB_HOST``
    (default ``127.0.0.1``), ``TRACTOR_WEB_URL`` (the public address in links, e.g. ``https://tractor.example``;
    default ``http://host:port``), ``TRACTOR_WEB_SECRET`` (the links' signing key; unset: generated once and kept
    in ``TRACTOR_WEB_SECRET_FILE``, default ``tractor-web.secret`` beside the SQLite database — the data folder,
    writable in every documented set-up, unlike the working folder — or with PostgreSQL in systemd's
    ``STATE_DIRECTORY``, else the working folder: ``secret_path``)."""

    discord_token: str | None = None
    db_path: Path = Path("tractor.sqlite3")
    db_url: str | None = None  # a PostgreSQL URL (TRACTOR_DB=postgresql://…): used instead of db_path
    ai_processes: int | None = None  # TRACTOR_AI_PROCESSES: AI worker processes (None: one per core; 0: threads)
    shard_count: int | None = None  # TRACTOR_SHARD_COUNT: gateway shards of the whole bot (None: Discord decides)
    shard_ids: tuple[int, ...] | None = None  # TRACTOR_SHARDS=0-3: the shards this process runs (None: all)
    dev_guild: int | None = None
    log_level: str = "INFO"
    out_dir: Path = Path("offline_match")
    max_tables_per_guild: int = 25
    max_hosted_per_user: int = 3
    idle_evict_s: float = 3600.0  # TRACTOR_IDLE_EVICT_S
    render_processes: int = DEFAULT_RENDER_PROCESSES  # TRACTOR_RENDER_PROCESSES (0: a thread)
    db_pool: int = 10  # TRACTOR_DB_POOL: PostgreSQL connections for background work
    db_priority_pool: int = 4  # TRACTOR_DB_PRIORITY_POOL: PostgreSQL connections kept for interactions
    web_port: int | None = None  # TRACTOR_WEB_PORT: serve the web table on this port (None: not served)
    web_host: str = "127.0.0.1"  # TRACTOR_WEB_HOST
    web_url: str | None = None  # TRACTOR_WEB_URL: the public base address of the links
    web_secret: str | None = None  # TRACTOR_WEB_SECRET
    web_secret_file: Path | None = None  # TRACTOR_WEB_SECRET_FILE (None: ``secret_path`` chooses)
    state_dir: Path | None = None  # STATE_DIRECTORY (systemd's StateDirectory=): the data folder with PostgreSQL

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read the variables above from ``env`` (default ``os.environ``); blank values count as unset."""
        env = os.environ if env is None else env

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        guild = get("TRACTOR_DEV_GUILD")
        dev_guild: int | None = None
        if guild is not None:
            try:
                dev_guild = int(guild)
            except ValueError:
                log.warning("TRACTOR_DEV_GUILD=%r is not a guild id; ignored", guild)
        db = database_target(get("TRACTOR_DB") or "tractor.sqlite3")  # data.unknown_scheme for mysql:// etc.
        processes = get("TRACTOR_AI_PROCESSES")
        ai_processes = int(processes) if processes is not None and processes.isdigit() else None
        if processes is not None and ai_processes is None:
            log.warning("TRACTOR_AI_PROCESSES=%r is not a number; one worker per core", processes)
        return cls(
            discord_token=get("DISCORD_TOKEN"),
            db_path=Path("tractor.sqlite3" if is_postgres_url(db) else db),
            db_url=str(db) if is_postgres_url(db) else None,
            ai_processes=ai_processes,
            **shards_from_env(get("TRACTOR_SHARD_COUNT"), get("TRACTOR_SHARDS")),
            dev_guild=dev_guild,
            log_level=(get("LOG_LEVEL") or "INFO").upper(),
            out_dir=Path(get("TRACTOR_OUT") or "offline_match"),
            max_tables_per_guild=_count(get("TRACTOR_MAX_TABLES"), cls.max_tables_per_guild),
            max_hosted_per_user=_count(get("TRACTOR_MAX_HOSTED"), cls.max_hosted_per_user),
            idle_evict_s=float(_count(get("TRACTOR_IDLE_EVICT_S"), int(cls.idle_evict_s))),
            render_processes=_count(get("TRACTOR_RENDER_PROCESSES"), cls.render_processes),
            db_pool=max(1, _count(get("TRACTOR_DB_POOL"), cls.db_pool)),
            db_priority_pool=_count(get("TRACTOR_DB_PRIORITY_POOL"), cls.db_priority_pool),
            web_port=_count(get("TRACTOR_WEB_PORT"), 0) if get("TRACTOR_WEB_PORT") is not None else None,
            web_host=get("TRACTOR_WEB_HOST") or cls.web_host,
            web_url=get("TRACTOR_WEB_URL"),
            web_secret=get("TRACTOR_WEB_SECRET"),
            web_secret_file=_path(get("TRACTOR_WEB_SECRET_FILE")),
            state_dir=_path((get("STATE_DIRECTORY") or "").split(":")[0] or None),
        )

    @property
    def secret_path(self) -> Path:
        """Where the generated web secret is kept: ``TRACTOR_WEB_SECRET_FILE``, else ``tractor-web.secret`` in the
        data folder (the SQLite database's folder; with PostgreSQL ``STATE_DIRECTORY``, else the working folder).
        A secret an older version generated in the working folder is kept using while the new place has none, so
        links and sessions stay valid across the upgrade."""
        if self.web_secret_file is not None:
            return self.web_secret_file
        folder = self.db_path.parent if self.db_url is None else (self.state_dir or Path("."))
        chosen = folder / SECRET_NAME
        legacy = Path(SECRET_NAME)
        if not chosen.exists() and legacy.is_file() and legacy.absolute() != chosen.absolute():
            return legacy
        return chosen

    @property
    def sharded(self) -> bool:
        """Several processes share the bot (and its database): this one owns ``shard_ids`` of ``shard_count``."""
        return self.shard_count is not None

    @property
    def database(self) -> str | Path:
        """What ``Database.open`` takes: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.db_url or self.db_path

    @property
    def offline(self) -> bool:
        """True when there is no token: the main job plays an offline AI match instead."""
        return self.discord_token is None


def _count(value: str | None, default: int) -> int:
    """A non-negative whole number from the environment; ``default`` when unset or not one (logged)."""
    if value is None:
        return default
    if value.isdigit():
        return int(value)
    log.warning("%r is not a non-negative whole number; the default %d is used", value, default)
    return default


def _path(value: str | None) -> Path | None:
    return Path(value) if value else None
