"""The deployment files do what they say, checked by behaviour rather than by their text: the Dockerfile parses,
every file it copies is in the build context ``.dockerignore`` leaves (the compile stage gets every source the
build reads), its health check and command run from that context with the image's environment, and its
database lies on its volume; compose.yaml builds that Dockerfile and mounts that volume; the systemd unit's
commands are real entry points that run from the repository with the unit's environment. No Docker engine or
systemd here: the commands run as the container or the unit would start them."""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from cli import commands
from tools.build_ai import MODULES, imported_sources

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER", "WORKDIR",
            "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL"}


@dataclass
class Stage:
    """One build stage of the Dockerfile: its name (``AS``) and its instructions."""

    name: str
    steps: list[tuple[str, str]] = field(default_factory=list)

    def args(self, op: str) -> list[str]:
        return [arg for o, arg in self.steps if o == op]

    def env(self) -> dict[str, str]:
        """``ENV k=v …`` of the stage (the ``k=v`` form, values without spaces)."""
        return assignments(" ".join(self.args("ENV")))


def assignments(text: str) -> dict[str, str]:
    """``k=v k2=v2`` (shell words) as a dict."""
    return {k: v for k, _, v in (word.partition("=") for word in shlex.split(text))}


def stages() -> list[Stage]:
    """The Dockerfile's stages (continuation lines joined, comments dropped); a parse error fails here."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    out: list[Stage] = []
    for line in (raw.strip() for raw in text.splitlines()):
        if not line or line.startswith("#"):
            continue
        op, _, arg = line.partition(" ")
        assert op.upper() in KEYWORDS and arg.strip(), f"not a Dockerfile instruction: {line!r}"
        if op.upper() == "FROM":
            image, _, name = arg.partition(" AS ")
            out.append(Stage(name.strip() or image.strip()))
        assert out, "the Dockerfile must start with FROM"
        out[-1].steps.append((op.upper(), arg.strip()))
    return out


def exec_form(arg: str) -> list[str]:
    """A JSON-array command (``CMD ["python", …]``): the form that gets the stop signal itself, no shell."""
    command = json.loads(arg)
    assert isinstance(command, list) and all(isinstance(word, str) for word in command), arg
    return command


def dockerignore_rule(pattern: str) -> re.Pattern[str]:
    """A .dockerignore pattern as Docker reads it: ``*`` and ``?`` stay within one path segment, ``**/`` spans
    any number, and a pattern that matches a folder covers everything in it."""
    parts = re.split(r"(\*\*/|\*|\?)", pattern.strip("/"))
    regex = "".join({"**/": "(?:.*/)?", "*": "[^/]*", "?": "[^/]"}.get(part, re.escape(part)) for part in parts)
    return re.compile(f"{regex}(?:/.*)?")


def build_context(target: Path) -> Path:
    """Copy what ``docker build .`` sends (the repository minus ``.dockerignore``) to ``target/app``."""
    rules = [(line.startswith("!"), dockerignore_rule(line.removeprefix("!")))
             for line in (line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines())
             if line and not line.startswith("#")]

    def ignored(rel: str) -> bool:
        """Docker's rule: the last pattern that matches decides; ``!`` lets a path through again."""
        verdict = False
        for keep, rule in rules:
            if rule.fullmatch(rel):
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


def run_from(folder: Path, command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``command`` started in ``folder`` with only ``env`` (plus PATH), ``python`` being this interpreter."""
    program = [sys.executable, "-E", "-s"] if command[0] in ("python", "python3") else [command[0]]
    base = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
    return subprocess.run([*program, *command[1:]], cwd=folder, capture_output=True, text=True, timeout=180,
                          stdin=subprocess.DEVNULL, env={**base, **env})


def copied(stage: Stage) -> set[str]:
    """The context paths a stage's ``COPY`` instructions name (not those from another stage)."""
    out: set[str] = set()
    for arg in stage.args("COPY"):
        words = [w for w in arg.split() if not w.startswith("--")]
        if arg.split()[0].startswith("--from="):
            continue
        out |= {source.rstrip("/") for source in words[:-1]}
    return out


def test_every_copy_source_is_in_the_build_context(tmp_path: Path) -> None:
    """Each ``COPY`` names files the context holds (not left out by .dockerignore) or an earlier stage."""
    app = build_context(tmp_path)
    names: list[str] = []
    for stage in stages():
        for arg in stage.args("COPY"):
            source = arg.split()[0]
            assert not source.startswith("--from=") or source.removeprefix("--from=") in names, arg
        missing = {source for source in copied(stage) if not (app / source).exists()}
        assert not missing, f"stage {stage.name} copies what the build context lacks: {sorted(missing)}"
        names.append(stage.name)


def test_the_compile_stage_gets_every_source_the_build_reads() -> None:
    """The stage that builds the wheel (``pip wheel``) copies setup.py, the build configuration and every
    module the compiled modules import (``tools/build_ai.imported_sources``)."""
    stage = next(s for s in stages() if any("pip wheel" in arg for arg in s.args("RUN")))
    have = copied(stage)
    needed = {"setup.py", "pyproject.toml", "tools/build_ai.py", *MODULES, *imported_sources()}
    missing = {rel for rel in needed if not any(rel == c or rel.startswith(f"{c}/") for c in have | {"."})}
    assert not missing, f"the compile stage lacks {sorted(missing)}"


def test_the_image_runs_its_health_check_and_command_from_its_context(tmp_path: Path) -> None:
    """The last stage as the container starts it: a non-root user, the database under a declared volume, the
    health check's command passing on a fresh volume, the command a real subcommand, and an offline match
    writing onto the volume."""
    image = stages()[-1]
    assert image.args("USER") and image.args("USER")[-1] not in ("root", "0")
    volumes = [PurePosixPath(v) for arg in image.args("VOLUME") for v in exec_form(arg)]
    env = image.env()
    db = PurePosixPath(env["TRACTOR_DB"])
    volume = next((v for v in volumes if db.is_relative_to(v)), None)
    assert volume is not None, f"TRACTOR_DB={db} is not on a volume {volumes}: the data would not survive"
    data = tmp_path / "volume"
    data.mkdir()
    on_volume = {k: str(data / PurePosixPath(v).relative_to(volume)) for k, v in env.items()
                 if v.startswith("/") and PurePosixPath(v).is_relative_to(volume)}
    env = {**env, **on_volume, "LOG_LEVEL": "WARNING"}
    app = build_context(tmp_path)
    assert not (app / "tests").exists() and (app / "bot.py").exists()
    health = exec_form(image.args("HEALTHCHECK")[-1].split(" CMD ", 1)[1])
    done = run_from(app, health, env)
    assert done.returncode == 0, done.stdout + done.stderr
    command = exec_form(image.args("CMD")[-1])
    assert command[:2] == ["python", "bot.py"] and command[2] in commands(), command
    done = run_from(app, [*command, "--help"], env)
    assert done.returncode == 0 and done.stdout.startswith(f"usage: bot.py {command[2]}"), done.stderr
    done = run_from(app, ["python", "bot.py", "offline", "--end-level", "3"], env)
    assert done.returncode == 0, done.stderr
    assert Path(env["TRACTOR_DB"]).exists() and (Path(env["TRACTOR_OUT"]) / "ladder.png").exists()


def compose_service() -> dict[str, str]:
    """compose.yaml's one service as ``dotted.key -> value`` (list items keyed by their index): the block
    subset of YAML the file uses, read by indentation."""
    flat: dict[str, str] = {}
    path: list[tuple[int, str]] = []
    counters: dict[str, int] = {}
    for raw in (ROOT / "compose.yaml").read_text(encoding="utf-8").splitlines():
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while path and path[-1][0] >= indent:
            path.pop()
        text = line.strip()
        if text.startswith("- "):
            parent = ".".join(k for _, k in path)
            counters[parent] = counters.get(parent, -1) + 1
            path.append((indent, str(counters[parent])))
            text, indent = text[2:], indent + 2
        pair = re.fullmatch(r"([\w.-]+):(?:\s+(.*))?", text)
        if pair is None:  # a plain list item (``- tractor-data:/data``)
            flat[".".join(k for _, k in path)] = text
            continue
        path.append((indent, pair[1]))
        if pair[2]:
            flat[".".join(k for _, k in path)] = pair[2]
    services = {k.split(".")[1] for k in flat if k.startswith("services.")}
    assert len(services) == 1, services
    prefix = f"services.{services.pop()}."
    return {k.removeprefix(prefix): v for k, v in flat.items() if k.startswith(prefix)}


def test_compose_builds_the_dockerfile_and_keeps_the_database_on_its_volume() -> None:
    service = compose_service()
    assert (ROOT / service["build"] / "Dockerfile").is_file()
    image = stages()[-1]
    declared = {v for arg in image.args("VOLUME") for v in exec_form(arg)}
    mounts = {target: name for k in service if k.startswith("volumes.")
              for name, _, target in [service[k].partition(":")]}
    db = PurePosixPath(service.get("environment.TRACTOR_DB", image.env()["TRACTOR_DB"]))
    assert any(db.is_relative_to(target) for target in mounts), (db, mounts)
    assert set(mounts) <= declared, "a mount the image does not declare as a volume"
    assert service["stop_signal"] == (image.args("STOPSIGNAL") or ["SIGTERM"])[-1]  # what the bot handles


def unit() -> configparser.ConfigParser:
    parsed = configparser.ConfigParser(strict=False, interpolation=None)
    parsed.optionxform = str  # type: ignore[assignment,method-assign]
    assert parsed.read(ROOT / "deploy" / "tractor-bot.service", encoding="utf-8")
    return parsed


def test_the_systemd_units_commands_run_from_the_repository(tmp_path: Path) -> None:
    """``ExecStartPre``/``ExecStart`` name the venv's Python under ``WorkingDirectory`` and real subcommands of
    ``bot.py``: the check passes with the unit's environment on an empty state directory, and ``run`` exists; the
    database is in the one place the unit may write (``ReadWritePaths``, ``StateDirectory``)."""
    service = unit()["Service"]
    assert service["User"] not in ("root", "0")
    workdir = PurePosixPath(service["WorkingDirectory"])
    env = assignments(service["Environment"])
    db = PurePosixPath(env["TRACTOR_DB"])
    writable = [PurePosixPath(p) for p in service["ReadWritePaths"].split()]
    assert any(db.is_relative_to(p) for p in writable)
    assert db.parent == PurePosixPath("/var/lib") / service["StateDirectory"]
    env["TRACTOR_DB"] = str(tmp_path / db.name)
    for key, extra in (("ExecStartPre", []), ("ExecStart", ["--help"])):
        program, *args = shlex.split(service[key])
        python = ROOT / PurePosixPath(program).relative_to(workdir)
        assert args[0] == "bot.py" and args[1] in commands(), service[key]
        local = python if python.exists() else Path(sys.executable)  # the README's .venv, if installed here
        done = run_from(ROOT, [str(local), *args, *extra], {**env, "LOG_LEVEL": "WARNING"})
        assert done.returncode == 0, f"{key}: {done.stdout}{done.stderr}"
    assert service["Restart"] == "on-failure" and unit()["Install"]["WantedBy"] == "multi-user.target"
