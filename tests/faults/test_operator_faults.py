"""Operator faults (issue #23, 7-8 and 15-18), injected for real: a password in the PostgreSQL URL, world-readable
database files, a read-only (immutable) database file, a stopped PostgreSQL server, a damaged SQLite page, a URL
of an unknown scheme, a database file deleted or replaced under a running bot. Each is one line for the operator,
a non-zero exit code, and nothing lost or exposed."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from data import Database
from data.targets import database_target, mask_secrets
from tests.cli.test_commands import ROOT, TOKEN, bot, one_error_line
from tools.pgcluster import ClusterUnavailable, PgCluster

QUIET = {"LOG_LEVEL": "WARNING"}
SHORT = ("--hands", "1", "--end-level", "3", "--ai", "random")
SIM_BOT = ROOT / "tests" / "helpers" / "sim_bot_process.py"  # the real bot on SimCord, as a process


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextlib.contextmanager
def umask(value: int) -> Iterator[None]:
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` cannot be written, even by root (``chattr +i``); as another user a plain ``chmod 0444``."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield
        path.chmod(0o644)
        return
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)]).returncode != 0:
        pytest.skip("running as root without chattr +i: no way to make a file read-only")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


# -- 7: secrets masked -------------------------------------------------------------------------------------
def test_every_url_and_dsn_form_is_masked() -> None:
    cases = {
        "postgresql://bot:s3cret@db:5432/t": "postgresql://bot:***@db:5432/t",
        "postgresql://bot:p%40ss@db/t": "postgresql://bot:***@db/t",
        "postgresql://bot:p@ss@db/t?sslmode=require": "postgresql://bot:***@db/t?sslmode=require",
        "postgresql:///t?password=s3cret&host=/x": "postgresql:///t?password=***&host=/x",
        "postgresql:///t?host=/x&password=s3cret": "postgresql:///t?host=/x&password=***",
        "postgresql:///t?host=/x&pass%77ord=s3cret": "postgresql:///t?host=/x&pass%77ord=***",
        "postgresql:///t?sslpassword=s3cret": "postgresql:///t?sslpassword=***",
        "host=db user=bot password=s3cret dbname=t": "host=db user=bot password=*** dbname=t",
        "host=db PASSWORD = 's3 cret' dbname=t": "host=db PASSWORD = *** dbname=t",
        "opened x at 'postgresql://bot:s3cret@db/t' (pool)": "opened x at 'postgresql://bot:***@db/t' (pool)",
    }
    for text, masked in cases.items():
        assert mask_secrets(text) == masked, text
    for harmless in ("postgresql:///t?host=/tmp/x&user=postgres", "tractor.sqlite3", "levels=2 / 5"):
        assert mask_secrets(harmless) == harmless


async def test_a_postgres_password_never_reaches_the_log_or_the_screen(pg_cluster: PgCluster, caplog,
                                                                        tmp_path: Path) -> None:
    url = pg_cluster.create_database() + "&password=hunter2"  # the cluster trusts its socket: any password
    with caplog.at_level(logging.DEBUG):
        db = await Database.open(url)
        await db.close()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "opened postgresql:///" in logged and "password=***" in logged
    assert "hunter2" not in logged
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": url, "LOG_LEVEL": "DEBUG"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "password=***" in done.stdout and "hunter2" not in done.stdout + done.stderr


# -- 8: private files ----------------------------------------------------------------------------------------
async def test_database_files_and_backups_are_private_whatever_the_umask(tmp_path: Path, caplog) -> None:
    path = tmp_path / "bot.sqlite3"
    with umask(0):
        db = await Database.open(path)
        await db.execute("INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (1, '{}', 0)")
        for each in (path, path.with_name("bot.sqlite3-wal"), path.with_name("bot.sqlite3-shm")):
            assert mode(each) == 0o600, each
        await db.close()
        copy = tmp_path / "copy.sqlite3"
        done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "backup", str(copy), "--db", str(path)],
                              cwd=tmp_path, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
        assert mode(copy) == 0o600
    path.chmod(0o644)  # a file from an older version: tightened at start, with a log line
    with caplog.at_level(logging.INFO):
        db = await Database.open(path)
        await db.close()
    assert mode(path) == 0o600
    assert any("readable by other users" in r.getMessage() and str(path) in r.getMessage() for r in caplog.records)


# -- 15: a read-only database ---------------------------------------------------------------------------------
def test_a_read_only_database_is_one_line_and_keeps_the_previous_pictures(tmp_path: Path) -> None:
    done = bot("offline", *SHORT, cwd=tmp_path, env={"TRACTOR_DB": "bot.sqlite3", **QUIET})
    assert done.returncode == 0, done.stderr
    before = {p.name: p.read_bytes() for p in (tmp_path / "offline_match").iterdir()}
    assert any(name.endswith(".png") for name in before)
    with read_only(tmp_path / "bot.sqlite3"):
        line = one_error_line(bot(cwd=tmp_path, env={"TRACTOR_DB": "bot.sqlite3", **QUIET}))
    assert "bot.sqlite3" in line and "read-only" in line
    assert {p.name: p.read_bytes() for p in (tmp_path / "offline_match").iterdir()} == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".offline_match")] == []  # no work folder left


# -- 16: PostgreSQL unreachable ---------------------------------------------------------------------------------
def test_an_unreachable_postgres_server_is_one_line_everywhere(tmp_path: Path) -> None:
    try:
        cluster = PgCluster.start()
    except ClusterUnavailable as exc:
        pytest.skip(f"PostgreSQL not available: {exc}")
    try:
        url = cluster.create_database() + "&password=hunter2"
        done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": url})
        assert done.returncode == 0, done.stdout
        assert "ok    database: PostgreSQL" in done.stdout and "migration(s) run on the next start" in done.stdout
    finally:
        cluster.stop()  # the server is gone (its socket with it)
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": url})
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
    assert len(failures) == 1 and "PostgreSQL server" in failures[0] and "cannot be reached" in failures[0]
    assert done.stdout.strip().endswith("not ready to start") and "hunter2" not in done.stdout
    for args in ((), ("offline", *SHORT), ("tournament", "--teams", "2")):
        line = one_error_line(bot(*args, cwd=tmp_path, env={"TRACTOR_DB": url, **QUIET}))
        assert "cannot be reached" in line and "hunter2" not in line, args
    line = one_error_line(bot(cwd=tmp_path, env={"TRACTOR_DB": url, "DISCORD_TOKEN": TOKEN, **QUIET}, fake="refuse"))
    assert "cannot be reached" in line and "hunter2" not in line  # on Discord: refused before logging in


# -- 17: a damaged SQLite page -------------------------------------------------------------------------------
def damage(path: Path, table: str) -> None:
    """Overwrite ``table``'s root b-tree page with garbage (a disk or a copy gone wrong)."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")  # everything in the one file
        page = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    with path.open("r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\x0d\xff\xff\xff" * (size // 4))


async def test_a_damaged_sqlite_file_fails_check_and_the_offline_job_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    db = await Database.open(path)
    await db.close()
    damage(path, "game_tables")
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": str(path)})
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
    assert len(failures) == 1 and "damaged" in failures[0] and "backup" in failures[0], done.stdout
    out = tmp_path / "offline_match"
    out.mkdir()
    (out / "hand01_trick01.png").write_bytes(b"the previous run's picture")
    line = one_error_line(bot("offline", *SHORT, cwd=tmp_path, env={"TRACTOR_DB": str(path), **QUIET}))
    assert "damaged" in line and "backup" in line
    assert (out / "hand01_trick01.png").read_bytes() == b"the previous run's picture"  # kept: the run failed


# -- 18: one parser for every database value ---------------------------------------------------------------------
def test_an_unknown_scheme_is_refused_in_one_line_everywhere(tmp_path: Path) -> None:
    url = "mysql://bot:hunter2@db/tractor"
    with pytest.raises(Exception) as refused:
        database_target(url)
    assert getattr(refused.value, "key", None) == "data.unknown_scheme"
    runs = [((), {"TRACTOR_DB": url}), (("offline", *SHORT), {"TRACTOR_DB": url}),
            (("offline", "--db", url, *SHORT), {}), (("backup", "copy.sqlite3"), {"TRACTOR_DB": url}),
            (("backup", "copy.sqlite3", "--db", url), {}), (("tournament", "--teams", "2"), {"TRACTOR_DB": url}),
            (("tournament", "--teams", "2", "--db", url), {})]
    for args, env in runs:
        line = one_error_line(bot(*args, cwd=tmp_path, env={**env, **QUIET}))
        assert "mysql:// is not supported" in line and "hunter2" not in line, args
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": url})
    assert done.returncode == 1 and "FAIL  database: TRACTOR_DB / --db mysql://bot:***@db/tractor" in done.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no "mysql:" folder, no pictures, no copy


def test_the_offline_tournament_is_stored_in_TRACTOR_DB(tmp_path: Path) -> None:
    done = bot("tournament", "--teams", "2", "--json", cwd=tmp_path, env={"TRACTOR_DB": "cup.sqlite3", **QUIET})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1])["teams"] == 2
    with sqlite3.connect(tmp_path / "cup.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0] == 1


# -- the health signal of check: a database file deleted or replaced under a running bot ---------------------------
def test_check_sees_a_database_deleted_or_replaced_under_a_running_bot(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    proc = subprocess.Popen([sys.executable, str(SIM_BOT), str(path)], cwd=ROOT,
                            env={**os.environ, **QUIET}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith('{"ready"'), line + (proc.stderr.read() if proc.stderr else "")
        env = {"TRACTOR_DB": str(path)}
        assert bot("check", cwd=tmp_path, env=env).returncode == 0
        saved = path.read_bytes()
        path.unlink()  # deleted while the bot runs
        done = bot("check", cwd=tmp_path, env=env)
        assert done.returncode == 1, done.stdout
        failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
        assert len(failures) == 1 and "was deleted while a bot" in failures[0] and str(proc.pid) in failures[0]
        fresh = tmp_path / "restored.sqlite3"
        fresh.write_bytes(saved)
        os.replace(fresh, path)  # a file put in its place: the bot still writes to the deleted one
        done = bot("check", cwd=tmp_path, env=env)
        failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
        assert done.returncode == 1 and len(failures) == 1 and "was replaced while a bot" in failures[0], done.stdout
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
