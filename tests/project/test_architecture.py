"""The layering (docs/ARCHITECTURE.md), over every folder (tools, benchmarks and tests included): no import circle
between modules, dependencies point down only, and every import is one the graph sees (no module loaded by a
computed name, but the cogs as discord.py extensions)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "runtime", "data", "render", "i18n", "cogs", "web", "cli", "tools", "benchmarks", "tests")
ENTRY = "bot"  # bot.py, the program: above everything
# what each layer may import (besides the standard library and itself)
ALLOWED = {
    "bot": {"cli"},
    "cli": {"cogs", "web", "runtime", "engine", "data", "render", "i18n"},
    "engine": set(),
    "i18n": set(),
    "render": {"engine", "i18n"},
    "data": {"engine"},
    "runtime": {"engine", "data", "render", "i18n"},
    "cogs": {"runtime", "engine", "data", "i18n"},  # never render: drawing is the runtime's (pictures as bytes)
    "web": {"runtime", "engine", "data", "i18n"},
    "tools": set(),  # the build and test machinery (the compiled build, a PostgreSQL cluster, a held lock)
    "benchmarks": {"cli", "cogs", "web", "runtime", "engine", "data", "render", "i18n", "tools"},
    "tests": {"bot", "cli", "cogs", "web", "runtime", "engine", "data", "render", "i18n", "tools", "benchmarks"},
}
ENGINE_FORBIDDEN = {"asyncio", "discord", "sqlite3", "aiosqlite", "PIL", "i18n", "os", "pathlib"}
# calls that load a module by name: only a constant name is allowed (the graph sees it as an import)
LOADERS = {"import_module", "__import__", "load_extension"}
# the one loading by computed name: discord.py loads the cogs as extensions, named in this module's literal tuple
EXTENSIONS = {"cli.bot": "COGS"}
# tests that load by name on purpose: the compiled build's test imports each module of ``tools.build_ai.MODULES``
# to see which file Python chose
BY_NAME_IN_TESTS = {"tests.ai.test_compiled"}
# the runtime's front door loads each exported name on first use (``runtime._EXPORTS``); the graph reads the same
# imports under its ``TYPE_CHECKING`` (``test_the_front_door_exports_what_it_imports`` keeps the two equal)
FRONT_DOOR = "runtime"
# the runtime inside: each unit (a subpackage, or a module at its top) imports only units of a lower layer
RUNTIME_LAYERS = (
    {"errors", "presenter", "workers", "ratelimit"},
    {"access", "inputs", "procedures", "aipool"},
    {"options", "views", "announce", "pictures"},
    {"clock"},
    {"records"},
    {"service"},
    {"tournament", "links"},
)
# what the interfaces may not reach into on the game service (its parts are the service's own)
SERVICE_INSIDES = {"db", "sessions", "pipeline", "scheduler"}
SERVICE_NAMES = {"game", "service"}


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {ENTRY: ROOT / f"{ENTRY}.py"}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def _loader(node: ast.AST) -> str | None:
    """The name of a call that loads a module by name (``importlib.import_module(…)``, ``__import__(…)``,
    ``bot.load_extension(…)``), else ``None``."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    return name if name in LOADERS else None


def _extensions(tree: ast.Module, tuple_name: str) -> set[str]:
    """The module names of a literal tuple ``tuple_name = ("cogs.x", …)`` at module level."""
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign) and node.value is not None:
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == tuple_name for t in targets):
                return set(ast.literal_eval(node.value))
    raise AssertionError(f"no literal {tuple_name}")


def _scan(name: str, path: Path, modules: dict[str, Path]) -> tuple[set[str], list[str]]:
    """Every module ``path`` imports (at module level, in functions or under ``TYPE_CHECKING``; a constant name
    given to a loader counts as an import) and the loads by computed name (``module:line``)."""
    found: set[str] = set()
    by_name: list[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.update(f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                         for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif (loader := _loader(node)) is not None:
            arg = node.args[0] if isinstance(node, ast.Call) and node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
            else:
                by_name.append(f"{name}:{getattr(node, 'lineno', 0)} {loader}")
    if name in EXTENSIONS:
        found |= _extensions(tree, EXTENSIONS[name])
    return found, by_name


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _scan(name, path, modules)[0] for name, path in modules.items()}


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
            if top in (*PACKAGES, ENTRY) and top != layer and top not in ALLOWED[layer]:
                wrong.append(f"{name} imports {target}")
            if layer == "engine" and top in ENGINE_FORBIDDEN:
                wrong.append(f"{name} imports {target} (the engine is pure)")
    assert wrong == []



def test_no_module_is_loaded_by_a_computed_name() -> None:
    """Plain imports only, so the graph above is the whole graph; the cogs are discord.py extensions, loaded by
    the names of ``cli.bot.COGS`` (which the graph reads)."""
    modules = _modules()
    by_name = [load for name, path in modules.items() for load in _scan(name, path, modules)[1]]
    allowed = {*EXTENSIONS, *BY_NAME_IN_TESTS, FRONT_DOOR}
    assert [load for load in by_name if load.split(":")[0] not in allowed] == []
    assert {load.split(":")[0] for load in by_name} == allowed  # the allowed are still read


def test_the_graph_sees_the_entry_point_the_cogs_and_the_renderer() -> None:
    graph = _graph()
    assert {"tests.project.test_architecture", "benchmarks.engine_bench", "tools.build_ai"} <= set(graph)
    assert graph["bot"] == {"__future__", "sys", "cli"}
    assert "cli.bot" in graph["cli.serve"] and "cogs.ladder" in graph["cli.bot"]
    assert {"render.table", "render.ladder"} <= graph["runtime.pictures.imaging"]
    assert "i18n.panel" in graph["i18n"]


def test_loads_by_name_are_found(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("import importlib\nname = 'x'\nimportlib.import_module(f'render.{name}')\n"
                      "importlib.import_module('render.table')\n__import__(name)\n", encoding="utf-8")
    found, by_name = _scan("m", source, {})
    assert "render.table" in found and by_name == ["m:3 import_module", "m:5 __import__"]


def _runtime_unit(module: str) -> str:
    """``runtime.service.play`` -> ``service``; ``runtime.errors`` -> ``errors``; the package itself -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_the_runtime_units_import_only_lower_layers() -> None:
    """Concept subpackages with no upward import and no circle between them; inside the runtime nothing imports
    the front door (``runtime`` itself), which is above everything."""
    layer = {unit: i for i, units in enumerate(RUNTIME_LAYERS) for unit in units}
    modules = _modules()
    assert {_runtime_unit(m) for m in modules if m.startswith("runtime.")} == set(layer)  # every unit placed
    wrong = []
    for name, imported in _graph().items():
        if not name.startswith("runtime."):
            continue
        for target in imported:
            if target == FRONT_DOOR:
                wrong.append(f"{name} imports the front door")
            elif target.startswith("runtime.") and target in modules:
                a, b = _runtime_unit(name), _runtime_unit(target)
                if a != b and layer[b] >= layer[a]:
                    wrong.append(f"{name} ({a}, layer {layer[a]}) imports {target} ({b}, layer {layer[b]})")
    assert wrong == []


def _front_door() -> tuple[set[str], set[str]]:
    """The names of ``runtime._EXPORTS`` and those the front door imports under ``TYPE_CHECKING``."""
    tree = ast.parse((ROOT / "runtime" / "__init__.py").read_text(encoding="utf-8"))
    exports: set[str] = set()
    imported: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "_EXPORTS":
            exports = set(ast.literal_eval(node.value))  # type: ignore[arg-type]
        if isinstance(node, ast.If):  # if TYPE_CHECKING:
            imported |= {a.asname or a.name for n in node.body if isinstance(n, ast.ImportFrom) for a in n.names}
    return exports, imported


def test_the_front_door_exports_what_it_imports() -> None:
    import runtime

    exports, imported = _front_door()
    assert exports and exports == imported == set(runtime.__all__)
    assert all(getattr(runtime, name) is not None for name in sorted(exports))


def test_a_worker_process_loads_only_its_module() -> None:
    """The front door loads a name when it is first used: a worker process that imports ``runtime.workers`` (the AI
    pool's, the drawing queue's) does not load the game service or the storage layer."""
    code = ("import sys, runtime.workers\n"
            "print(sorted(m for m in sys.modules if m.startswith(('runtime.service', 'data.')) or m == 'data'))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_interfaces_import_only_the_front_door() -> None:
    """cogs/, web/ and cli/ import the runtime as ``from runtime import X`` with ``X`` one of its exports, never a
    module inside it (the runtime's stable API: ``runtime.__all__``)."""
    exports, _ = _front_door()
    wrong = []
    for package in ("cogs", "web", "cli"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    wrong += [f"{path.name}: import {a.name}" for a in node.names if a.name.split(".")[0] == "runtime"]
                elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "runtime":
                    if node.module != "runtime":
                        wrong.append(f"{path.name}: from {node.module}")
                    wrong += [f"{path.name}: {a.name} not exported" for a in node.names if a.name not in exports]
    assert wrong == []


def _reach_ins(source: str) -> list[str]:
    """``game.db``, ``self.bot.game.sessions``, ``service.pipeline`` … in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in SERVICE_INSIDES:
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
            if name in SERVICE_NAMES:
                found.append(f"{name}.{node.attr}:{node.lineno}")
    return found


def test_no_reach_into_the_game_service() -> None:
    """Outside the runtime nothing uses the service's database, sessions, pipeline or scheduler: what the
    interfaces need is a method of ``GameService``."""
    wrong = [f"{path.relative_to(ROOT)} {hit}" for package in ("cogs", "web", "cli")
             for path in (ROOT / package).rglob("*.py") for hit in _reach_ins(path.read_text(encoding="utf-8"))]
    assert wrong == []


def test_reach_ins_are_found() -> None:
    found = _reach_ins("self.bot.game.db.x()\ngame.sessions.get(1)\nservice.pipeline\nargs.db\nself.db")
    assert sorted(found) == ["game.db:1", "game.sessions:2", "service.pipeline:3"]

