"""The web secret's file (issue #51, 11 and 13): kept in the data folder (beside the SQLite database), not the
working folder, which is read-only in both documented set-ups (systemd's ``ProtectSystem=strict``, the image's
``/app``; here a read-only tmpfs); a file that cannot be created is one line and a non-zero exit; ``check`` tests it;
the file is ignored by git."""

from __future__ import annotations

import os
import select
import stat
import subprocess
import sys
import time
from pathlib import Path

from tests.cli.test_commands import ROOT, bot
from tests.helpers.mounts import tmpfs
from tests.project.test_deploy import build_context

QUIET = {"LOG_LEVEL": "WARNING"}


def serve_demo(cwd: Path, env: dict[str, str], timeout: float = 60) -> tuple[int | None, str, str]:
    """``bot.py web --port 0`` started in ``cwd``: (exit code or None while serving, stdout's first line, stderr);
    stopped with SIGTERM once it printed its address."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("TRACTOR_") and k not in ("LANG", "LC_ALL")}
    proc = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "web", "--port", "0"], cwd=cwd,
                            env={**base, **QUIET, **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)
    assert proc.stdout is not None and proc.stderr is not None
    line, deadline = "", time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if select.select([proc.stdout], [], [], 0.5)[0]:
            line = proc.stdout.readline()
            break
    code = proc.wait(timeout=30) if not line else proc.poll()  # no line: stdout closed, the process ends
    if code is None:
        proc.terminate()
    out, err = proc.communicate(timeout=30)
    return code, line or out, err


def test_the_secret_goes_beside_the_database_when_the_working_folder_is_read_only(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with tmpfs(tmp_path / "app", read_only=True) as app:
        code, line, err = serve_demo(app, {"TRACTOR_DB": str(data / "tractor.sqlite3")})
    assert code is None and "open http://" in line, err
    assert "Traceback" not in err
    secret = data / "tractor-web.secret"
    assert secret.is_file() and len(secret.read_bytes().strip()) == 64
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    code, line, err = serve_demo(tmp_path, {"TRACTOR_DB": str(data / "tractor.sqlite3")})
    assert code is None and secret.read_bytes().strip() and not (tmp_path / "tractor-web.secret").exists()


def test_an_older_secret_in_the_working_folder_is_kept(tmp_path: Path) -> None:
    """An install upgraded from a version that wrote it in the working folder keeps its links and sessions."""
    (tmp_path / "tractor-web.secret").write_text("a" * 64 + "\n")
    (tmp_path / "data").mkdir()
    code, line, err = serve_demo(tmp_path, {"TRACTOR_DB": str(tmp_path / "data" / "bot.sqlite3")})
    assert code is None and "open http://" in line, err
    assert not (tmp_path / "data" / "tractor-web.secret").exists()


def test_a_secret_file_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "ro", read_only=True) as ro:
        env = {"TRACTOR_DB": str(tmp_path / "bot.sqlite3"), "TRACTOR_WEB_SECRET_FILE": str(ro / "web.secret")}
        code, _, err = serve_demo(tmp_path, env)
    assert code == 1, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("bot.py: error: The web secret file") and str(ro / "web.secret") in err


def test_check_tests_the_secret_file_where_the_web_table_is_served(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    served = {**QUIET, "TRACTOR_DB": str(data / "bot.sqlite3"), "TRACTOR_WEB_PORT": "8080"}
    done = bot("check", cwd=tmp_path, env=served)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"ok    web secret: {data / 'tractor-web.secret'} will be generated" in done.stdout
    assert not (data / "tractor-web.secret").exists()  # check writes nothing
    with tmpfs(tmp_path / "ro", read_only=True) as ro:
        done = bot("check", cwd=tmp_path, env={**served, "TRACTOR_DB": str(ro / "bot.sqlite3")})
        assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
        assert f"FAIL  web secret: The web secret file {ro / 'tractor-web.secret'} cannot be read or created " \
               "(Read-only file system)" in done.stdout
    done = bot("check", cwd=tmp_path, env={**served, "TRACTOR_WEB_SECRET": "x" * 32})
    assert "ok    web secret: TRACTOR_WEB_SECRET is set" in done.stdout
    done = bot("check", cwd=tmp_path, env={**QUIET, "TRACTOR_DB": str(data / "bot.sqlite3")})
    assert "ok    web secret: the web table is not served" in done.stdout


def test_the_secret_file_is_ignored_by_git_and_left_out_of_the_image(tmp_path: Path) -> None:
    for path in ("tractor-web.secret", "data/tractor-web.secret", "tractor-web.secret.part"):
        done = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT)
        assert done.returncode == 0, f"{path} is not in .gitignore"
    (ROOT / "tractor-web.secret.part").write_text("a developer's key\n")  # a name no other test writes
    try:
        app = build_context(tmp_path)
    finally:
        (ROOT / "tractor-web.secret.part").unlink()
    assert (app / "bot.py").exists() and not (app / "tractor-web.secret.part").exists()


def test_check_fails_a_missing_data_folder_for_the_secret(tmp_path: Path) -> None:
    env = {**QUIET, "TRACTOR_DB": str(tmp_path / "missing" / "bot.sqlite3"), "TRACTOR_WEB_PORT": "0"}
    done = bot("check", cwd=tmp_path, env=env)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert "FAIL  web secret: The web secret file" in done.stdout and "No such file or directory" in done.stdout
