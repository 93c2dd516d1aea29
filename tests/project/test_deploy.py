"""The deployment files: the Dockerfile's facts (slim Python 3.11, non-root, database on a volume, ``check`` as
HEALTHCHECK, runtime requirements only), its build context run as the image would run it (no Docker engine
here: the files ``.dockerignore`` lets through, started from their own folder), compose.yaml and the systemd
unit."""

from __future__ import annotations

import configparser
import fnmatch
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions (continuation lines joined, comments dropped)."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's build stages, each from its FROM on."""
    out: list[list[tuple[str, str]]] = []
    for op, arg in instructions():
        if op == "FROM":
            out.append([])
        out[-1].append((op, arg))
    return out


def test_dockerfile_facts() -> None:
    steps = stages()[-1]  # the image itself
    assert steps[0] == ("FROM", "python:3.11-slim")
    users = [arg for op, arg in steps if op == "USER"]
    assert users and users[-1] not in ("root", "0")
    env = " ".join(arg for op, arg in steps if op == "ENV")
    assert "TRACTOR_DB=/data/tractor.sqlite3" in env
    assert ("VOLUME", '["/data"]') in steps
    health = next(arg for op, arg in steps if op == "HEALTHCHECK")
    assert health.endswith('CMD ["python", "bot.py", "check"]')
    assert steps[-1] == ("CMD", '["python", "bot.py", "run"]')
    installs = [arg for op, arg in steps if op == "RUN" and "pip install" in arg]
    # requirements.txt minus its last line (the project), then the project's wheel built in the first stage
    assert installs == ["grep -vx '[.]' requirements.txt > /tmp/runtime.txt && pip install -r /tmp/runtime.txt",
                        "pip install --no-deps /wheels/*.whl && rm -rf /wheels /tmp/runtime.txt"]
    assert "requirements-dev" not in " ".join(arg for _, arg in steps)


def test_the_compiled_ai_is_built_in_its_own_stage() -> None:
    """gcc and the build requirements stay in the build stage, which builds the project's wheel as the README's
    install does (requirements.txt's last line ``.``: setup.py, the pins of pyproject.toml); the image installs
    that wheel, and everything else requirements.txt lists."""
    build, image = stages()
    assert build[0] == ("FROM", "python:3.11-slim AS ai-build")
    runs = " ".join(arg for op, arg in build if op == "RUN")
    assert "gcc" in runs and "pip wheel --no-cache-dir --no-deps --wheel-dir /wheels ." in runs
    copies = {arg for op, arg in build if op == "COPY"}
    assert copies == {"pyproject.toml setup.py ./", "tools/build_ai.py tools/build_ai.py",
                      "tools/tractor_compiled tools/tractor_compiled", "engine engine"}
    assert ("COPY", "--from=ai-build /wheels /wheels") in image
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    assert lines[-1] == "." and "." not in lines[:-1]  # what the image's grep -vx '[.]' leaves out
    context = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()]
    assert {"!tools/build_ai.py", "!tools/tractor_compiled", "**/*.so"} <= set(context)
    assert "requirements-dev.txt" not in context


def build_context(target: Path) -> Path:
    """Copy what ``COPY . .`` sends (the repository minus ``.dockerignore``) to ``target/app``."""
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
                if line.strip() and not line.startswith("#")]

    def ignored(rel: str) -> bool:
        """Docker's rule: the last pattern that matches decides; ``!`` lets a path through again."""
        name = rel.rsplit("/", 1)[-1]
        verdict = False
        for p in patterns:
            keep = p.startswith("!")
            p = p.removeprefix("!")
            if fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(name, p.removeprefix("**/")):
                verdict = not keep
        return verdict

    app = target / "app"
    for dirpath, dirnames, filenames in os.walk(ROOT):
        rel_dir = Path(dirpath).relative_to(ROOT).as_posix()
        prefix = "" if rel_dir == "." else f"{rel_dir}/"
        dirnames[:] = [d for d in dirnames if not ignored(prefix + d)]
        for name in filenames:
            rel = prefix + name
            if not ignored(rel):
                (app / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(Path(dirpath) / name, app / rel)
    return app


def test_the_image_contents_run_on_their_own(tmp_path: Path) -> None:
    app = build_context(tmp_path)
    assert (app / "bot.py").exists() and (app / "data" / "migrations").is_dir()
    assert not {".git", ".venv", "tests", "docs", ".env"} & {p.name for p in app.iterdir()}
    data = tmp_path / "data"  # the volume
    data.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TRACTOR_", "DISCORD_", "PYTHON"))}
    env.update(TRACTOR_DB=str(data / "tractor.sqlite3"), TRACTOR_OUT=str(data / "offline_match"), LOG_LEVEL="WARNING")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-E", "-s", *args], cwd=app, env=env, capture_output=True, text=True,
                              timeout=180, stdin=subprocess.DEVNULL)

    check = run("bot.py", "check")
    assert check.returncode == 0, check.stdout + check.stderr
    imports = run("-c", "import importlib, bot, cli; [importlib.import_module(m) for m in (*bot.COGS, *cli.SUBCOMMANDS,"
                        " 'cogs.hub', 'cogs.items', 'cli.serve')]")
    assert imports.returncode == 0, imports.stderr
    match = run("bot.py", "offline", "--end-level", "3")
    assert match.returncode == 0, match.stderr
    assert (data / "tractor.sqlite3").exists() and (data / "offline_match" / "ladder.png").exists()


def test_compose_runs_the_image_with_the_volume() -> None:
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    assert "build: ." in text and "restart: unless-stopped" in text
    assert "- tractor-data:/data" in text and "TRACTOR_DB: /data/tractor.sqlite3" in text
    assert "stop_signal: SIGTERM" in text and "path: .env" in text


def test_systemd_unit() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(ROOT / "deploy" / "tractor-bot.service", encoding="utf-8")
    service = unit["Service"]
    assert service["User"] not in ("root", "0")
    assert service["ExecStart"].endswith("python bot.py run")
    assert service["ExecStartPre"].endswith("python bot.py check")
    assert service["KillSignal"] == "SIGTERM" and service["Restart"] == "on-failure"
    assert "TRACTOR_DB=/var/lib/tractor-bot/" in service["Environment"]
    assert unit["Install"]["WantedBy"] == "multi-user.target"
