"""The split requirements: requirements.txt is what the bot imports to run, requirements-dev.txt adds the tests
and tools, pyproject.toml lists the same pins, and the README's test command is exactly .ci/run's."""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_CODE = ("bot.py", "engine", "data", "render", "runtime", "cogs", "i18n", "web", "cli")
TEST_TOOLS = {"pytest", "pytest-asyncio", "pytest-timeout", "hypothesis", "simcord", "ruff", "mypy"}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path) -> dict[str, str]:
    """``name -> version`` of a requirements file's own lines (``-r`` includes are not followed; ``.``, the
    project itself, neither)."""
    found: dict[str, str] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("-") or line == ".":
            continue
        name, _, version = line.partition("==")
        assert version, f"{path.name}: {line!r} is not pinned with =="
        found[_norm(re.sub(r"\[.*\]", "", name))] = version
    return found


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _as_pins(specs: list[str]) -> dict[str, str]:
    return {_norm(name): version for name, _, version in (spec.partition("==") for spec in specs)}


def test_dev_file_builds_on_the_runtime_file() -> None:
    lines = [line for line in (ROOT / "requirements-dev.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines[0] == "-r requirements.txt"
    assert TEST_TOOLS - {"mypy"} <= set(pins(ROOT / "requirements-dev.txt"))


def test_the_runtime_file_ends_with_the_project_and_its_build_is_pinned() -> None:
    """``.`` last: pip builds the project (setup.py: the compiled rules and AI) once its dependencies are in; the
    build requirements (pyproject.toml) are pinned."""
    lines = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines[-1] == "." and lines.count(".") == 1
    build = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    assert build["build-backend"] == "setuptools.build_meta"
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9.]+", spec) for spec in build["requires"])
    assert {_norm(spec.partition("==")[0]) for spec in build["requires"]} >= {"setuptools", "mypy"}
    dev_mypy = pins(ROOT / "requirements-dev.txt")["mypy"]
    assert f"mypy=={dev_mypy}" in build["requires"]  # the same mypy checks the code and compiles it


def test_runtime_file_holds_no_test_tool() -> None:
    assert not TEST_TOOLS & set(pins(ROOT / "requirements.txt"))


def test_pyproject_lists_the_same_pins() -> None:
    project = _project()
    assert _as_pins(project["dependencies"]) == pins(ROOT / "requirements.txt")
    assert _as_pins(project["optional-dependencies"]["dev"]) == pins(ROOT / "requirements-dev.txt")


def test_readme_test_command_is_ci_run() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = next(line for line in ci.splitlines() if "pytest" in line)
    assert "-r requirements-dev.txt" in command
    assert f"\n{command}\n" in readme
    assert "pip install -q -r requirements.txt && .venv/bin/python bot.py" in readme


def test_preview_file_builds_on_the_dev_file() -> None:
    text = (ROOT / "requirements-preview.txt").read_text(encoding="utf-8")
    assert "-r requirements-dev.txt" in text.splitlines()


def _imported_top_levels() -> set[str]:
    names: set[str] = set()
    files = [ROOT / "bot.py"] + [p for folder in RUNTIME_CODE[1:] for p in (ROOT / folder).rglob("*.py")]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    local = {p.stem if p.suffix else p.name for p in ROOT.iterdir()}
    return {n for n in names if n not in sys.stdlib_module_names and n not in local}


def _closure(roots: set[str]) -> set[str]:
    """The distributions ``roots`` install, their dependencies included (extras left out)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        try:
            requirements = metadata.requires(name) or []
        except metadata.PackageNotFoundError:  # a marker left it out on this Python (e.g. audioop-lts)
            continue
        seen.add(name)
        for requirement in requirements:
            if "extra ==" in requirement:
                continue
            todo.append(_norm(re.split(r"[ ;<>=!~\[(]", requirement, maxsplit=1)[0]))
    return seen


def test_runtime_imports_are_installed_by_requirements_txt() -> None:
    """Every third-party package the bot's code imports comes with requirements.txt (not only with the dev file)."""
    runtime = _closure(set(pins(ROOT / "requirements.txt")) | {_norm(_project()["name"])})
    by_module = metadata.packages_distributions()
    missing = {module: by_module.get(module) for module in _imported_top_levels()
               if not {_norm(d) for d in by_module.get(module, [])} & runtime}
    assert not missing, f"imported by the bot but not installed by requirements.txt: {missing}"
