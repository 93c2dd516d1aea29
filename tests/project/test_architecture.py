"""The layering (docs/ARCHITECTURE.md): no import circle between modules, dependencies point down only."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "runtime", "data", "render", "i18n", "cogs", "web")
# what each layer may import (besides the standard library and itself)
ALLOWED = {
    "engine": set(),
    "i18n": set(),
    "render": {"engine", "i18n"},
    "data": {"engine"},
    "runtime": {"engine", "data", "render", "i18n"},
    "cogs": {"runtime", "engine", "data", "render", "i18n"},
    "web": {"runtime", "engine", "data", "i18n"},
}
ENGINE_FORBIDDEN = {"asyncio", "discord", "sqlite3", "aiosqlite", "PIL", "i18n", "os", "pathlib"}


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module ``path`` imports (at module level, in functions or under ``TYPE_CHECKING``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.update(f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                         for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(path, modules) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_between_modules() -> None:
    assert _cycles(_graph()) == []


def test_cycles_are_found() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_dependencies_point_down() -> None:
    wrong = []
    for name, imported in _graph().items():
        layer = name.split(".")[0]
        for target in imported:
            top = target.split(".")[0]
            if top in PACKAGES and top != layer and top not in ALLOWED[layer]:
                wrong.append(f"{name} imports {target}")
            if layer == "engine" and top in ENGINE_FORBIDDEN:
                wrong.append(f"{name} imports {target} (the engine is pure)")
    assert wrong == []
