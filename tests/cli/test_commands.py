"""``python bot.py`` as an operator runs it (subprocesses, no network: Discord's login is faked by
tests/helpers/fake_login.py): usage, unknown options, ``check`` on a good and a bad configuration, and start-up
failures as one line on stderr with a non-zero exit code and never a traceback."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcdE.abcdefghijklmnopqrstuvwxyz0123456789AB"  # the shape of a token, not a real one


def bot(*args: str, cwd: Path, env: dict[str, str] | None = None, fake: str | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``bot.py args`` in ``cwd`` with a clean environment (plus ``env``); ``fake`` runs it through
    tests/helpers/fake_login.py (``refuse``: Discord answers 401, ``down``: Discord unreachable)."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("DISCORD_TOKEN", "TRACTOR_DB", "TRACTOR_OUT", "TRACTOR_DEV_GUILD", "LOG_LEVEL", "LANG",
                         "LC_ALL", "LC_MESSAGES", "TRACTOR_LOCALE")}
    base.update(env or {})
    program = [str(ROOT / "tests" / "helpers" / "fake_login.py"), fake] if fake else [str(ROOT / "bot.py")]
    return subprocess.run([sys.executable, *program, *args], cwd=cwd, env=base, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The run failed with exactly one line on stderr (at LOG_LEVEL=WARNING), and no traceback anywhere."""
    assert done.returncode != 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("bot.py: error: ")
    return lines[0]


def test_help_lists_the_subcommands(tmp_path: Path) -> None:
    done = bot("--help", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: bot.py")
    for name in ("run", "offline", "backup", "check"):
        assert f"\n    {name} " in done.stdout
    sub = bot("offline", "--help", cwd=tmp_path)
    for option in ("--seed", "--preset", "--options", "--end-level", "--out", "--db", "--locale"):
        assert option in sub.stdout


def test_unknown_options_are_an_error(tmp_path: Path) -> None:
    for args in (["--frobnicate"], ["run", "--seed", "1"], ["check", "extra"], ["offline", "--locale", "fr"]):
        done = bot(*args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert "usage: bot.py" in done.stderr and "error:" in done.stderr and "Traceback" not in done.stderr
    assert not list(tmp_path.iterdir())  # nothing ran


def test_check_on_a_good_configuration(tmp_path: Path) -> None:
    done = bot("check", cwd=tmp_path, env={"DISCORD_TOKEN": TOKEN, "TRACTOR_DB": "bot.sqlite3"})
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines[:5]] == ["ok"] * 5
    assert lines[-1] == "ready to start"
    assert not (tmp_path / "bot.sqlite3").exists()  # check reads; it creates nothing


def test_check_on_a_bad_configuration(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "not a token", "TRACTOR_DEV_GUILD": "my server", "TRACTOR_DB": "missing/bot.sqlite3"}
    done = bot("check", cwd=tmp_path, env=env)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    failures = [line for line in lines if line.startswith("FAIL")]
    assert len(failures) == 2, lines
    assert "TRACTOR_DEV_GUILD" in failures[0] and f"{tmp_path / 'missing'} does not exist" in failures[1]
    assert lines[-1] == "2 problem(s): not ready to start"
    assert not (tmp_path / "missing").exists()


def test_check_reports_a_newer_schema_and_pending_migrations(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT, applied_at REAL)")
        conn.execute("INSERT INTO schema_version VALUES (1, 'initial', 0)")
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": str(path)})
    assert done.returncode == 0 and "at schema version 1 of" in done.stdout and "run on the next start" in done.stdout
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_version VALUES (999, 'future', 0)")
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": str(path)})
    assert done.returncode == 1 and "FAIL  database: The database schema is version 999" in done.stdout


def test_check_speaks_chinese_to_a_chinese_shell(tmp_path: Path) -> None:
    done = bot("check", cwd=tmp_path, env={"LANG": "zh_CN.UTF-8", "TRACTOR_DB": "x/y.sqlite3"})
    assert done.returncode == 1 and "失败  数据库" in done.stdout and done.stdout.strip().endswith("无法启动")


def test_bad_token_is_one_line_after_the_database_is_ready(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": TOKEN, "TRACTOR_DB": "bot.sqlite3", "LOG_LEVEL": "WARNING"}
    line = one_error_line(bot(cwd=tmp_path, env=env, fake="refuse"))
    assert "Discord refused the token" in line
    with sqlite3.connect(tmp_path / "bot.sqlite3") as conn:  # opened and migrated before logging in
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] >= 5


def test_discord_unreachable_is_one_line(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": TOKEN, "TRACTOR_DB": "bot.sqlite3", "LOG_LEVEL": "WARNING"}
    line = one_error_line(bot("run", cwd=tmp_path, env=env, fake="down"))
    assert "Discord cannot be reached" in line


def test_database_in_a_missing_folder_is_refused_before_login(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": TOKEN, "TRACTOR_DB": "nowhere/bot.sqlite3", "LOG_LEVEL": "WARNING"}
    line = one_error_line(bot(cwd=tmp_path, env=env, fake="refuse"))
    assert f"The database folder {tmp_path / 'nowhere'} does not exist" in line  # not the token: login never ran
    assert not (tmp_path / "nowhere").exists()  # never created silently


def test_unopenable_database_and_newer_schema_are_one_line(tmp_path: Path) -> None:
    (tmp_path / "adir.sqlite3").mkdir()  # a path SQLite cannot open for writing (even as root)
    env = {"DISCORD_TOKEN": TOKEN, "TRACTOR_DB": "adir.sqlite3", "LOG_LEVEL": "WARNING"}
    assert "Cannot open the database adir.sqlite3" in one_error_line(bot(cwd=tmp_path, env=env, fake="refuse"))
    with sqlite3.connect(tmp_path / "new.sqlite3") as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT, applied_at REAL)")
        conn.execute("INSERT INTO schema_version VALUES (99, 'future', 0)")
    env["TRACTOR_DB"] = "new.sqlite3"
    assert "newer than this bot knows" in one_error_line(bot(cwd=tmp_path, env=env, fake="refuse"))


def test_no_voice_warnings_at_start(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": TOKEN, "TRACTOR_DB": "bot.sqlite3", "LOG_LEVEL": "INFO"}
    done = bot(cwd=tmp_path, env=env, fake="refuse")
    assert done.returncode == 1
    assert "voice" not in done.stderr.lower() and "WARNING" not in done.stderr


def test_env_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("TRACTOR_DB=from_dotenv/bot.sqlite3\nTRACTOR_DEV_GUILD=123\n", encoding="utf-8")
    done = bot("check", cwd=tmp_path)
    assert done.returncode == 1 and f"{tmp_path / 'from_dotenv'} does not exist" in done.stdout
    done = bot("check", cwd=tmp_path, env={"TRACTOR_DB": "bot.sqlite3"})
    assert done.returncode == 0, done.stdout
