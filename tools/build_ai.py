"""Build the compiled rules and AI with mypyc: ``setup.py`` uses this when pip installs the project
(``pip install .``, the last line of requirements.txt). The same choices as plain Python, the strong AI's
rollouts several times faster.

The modules of ``MODULES`` become C extension modules (plus their shared library ``engine.accel__mypyc``, in the
``engine`` package so that loading it imports no rule or AI module)
in the installed package ``tractor_compiled`` (``tools/tractor_compiled``), with ``manifest.json``: the module
files and the SHA-256 of every project source the build read (the compiled modules and the ``engine`` modules
they import). At run time that package serves them only while every hash still matches (a stale build is never
run). Without a C compiler (or Python's headers) the build records why and installs no compiled module: plain
Python, and the bot says so at start-up and in ``python bot.py check``.
"""

from __future__ import annotations

import ast
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

from setuptools import Distribution
from setuptools.command.build_ext import build_ext

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("engine/cardrules/tables.py", "engine/cardrules/units.py", "engine/cardrules/trick.py",
           "engine/cardrules/follow.py", "engine/cardrules/tuples.py", "engine/cardrules/ladder.py",
           "engine/follow.py", "engine/trick.py", "engine/ai/fasttables.py",
           "engine/ai/playstate.py", "engine/ai/lasttricks.py",
           "engine/ai/fastfollow.py", "engine/ai/fastlead.py", "engine/ai/policy.py", "engine/ai/playout.py",
           "engine/ai/inference.py", "engine/ai/determinize.py", "engine/ai/endgame.py", "engine/ai/strong.py",
           "engine/cards.py", "engine/trump.py", "engine/units.py", "engine/legal.py", "engine/playing.py",
           "engine/hand.py", "engine/randomplay.py", "engine/throws.py", "engine/seeded.py",
           "engine/declaring.py", "engine/rounds.py", "engine/table.py", "engine/bids.py", "engine/window.py",
           "engine/builders.py", "engine/phase.py", "engine/settlement.py", "engine/cardrules/multisets.py",
           "engine/undeclared.py"
           )
GROUP = "engine.accel"  # the shared library's module name (+ "__mypyc")
PACKAGE = "tractor_compiled"  # the installed package holding the build (tools/tractor_compiled)
# site-packages/<HOOK>: Python runs its import line at every start-up, so the finder is in place before the
# first ``engine`` import (the engine package itself imports nothing); a missing package is no error
HOOK = f"{PACKAGE}.pth"
HOOK_LINE = f"import importlib.util as _u; _u.find_spec({PACKAGE!r}) and __import__({PACKAGE!r})\n"


def module_name(rel: str) -> str:
    return rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def imported_sources(root: Path = ROOT, modules: tuple[str, ...] = MODULES) -> list[str]:
    """The compiled modules and every project module they import, transitively (paths relative to ``root``):
    mypyc compiles against all of them, so a change to any makes the build stale."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        rel = todo.pop()
        if rel in seen or not (root / rel).is_file():
            continue
        seen.add(rel)
        tree = ast.parse((root / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            if isinstance(node, ast.ImportFrom) and node.module:
                names += [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                if name.split(".")[0] != "engine":
                    continue
                parts = name.split(".")
                todo += [f"{'/'.join(parts)}.py", f"{'/'.join(parts)}/__init__.py"]
                todo += [f"{'/'.join(parts[:i])}/__init__.py" for i in range(1, len(parts))]
    return sorted(seen)


def hashes(root: Path = ROOT) -> dict[str, str]:
    return {rel: hashlib.sha256((root / rel).read_bytes()).hexdigest() for rel in imported_sources(root)}


def mypy_version() -> str:
    try:
        from mypy.version import __version__
    except ImportError:
        return ""
    return str(__version__)


class CompiledDistribution(Distribution):
    """Always runs ``build_ext`` (the extensions are only known once mypyc has run, inside it)."""

    def has_ext_modules(self) -> bool:
        return True


class BuildCompiled(build_ext):
    """mypyc, then the C compiler, into ``<build_lib>/tractor_compiled``; any failure leaves no compiled module
    and a manifest that says why (the install itself succeeds: plain Python)."""

    build_lib: str  # (set by setuptools)

    def run(self) -> None:
        self.build_lib = str(Path(self.build_lib).resolve())
        out = Path(self.build_lib) / PACKAGE
        shutil.rmtree(out / "engine", ignore_errors=True)
        out.mkdir(parents=True, exist_ok=True)
        manifest: dict[str, Any] = {"state": "failed", "reason": "", "modules": {}, "sources": hashes(),
                                    "mypy": mypy_version(), "python": sys.version.split()[0]}
        started = time.monotonic()
        try:
            manifest["modules"] = self.compile()
            manifest["state"] = "compiled"
        except (Exception, SystemExit) as exc:  # no compiler, no headers, a mypyc error
            shutil.rmtree(out / "engine", ignore_errors=True)
            manifest["reason"] = " ".join(f"{type(exc).__name__}: {exc}".split())[:500]
            print(f"tractor_compiled: not compiled, plain Python ({manifest['reason']})", file=sys.stderr)
        manifest["seconds"] = round(time.monotonic() - started, 1)
        (out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
        (Path(self.build_lib) / HOOK).write_text(HOOK_LINE, encoding="utf-8")

    def compile(self) -> dict[str, str]:
        from mypyc.build import mypycify

        here = os.getcwd()
        os.chdir(ROOT)
        try:
            with tempfile.TemporaryDirectory() as tmp:
                self.extensions = mypycify(list(MODULES), opt_level="3", group_name=GROUP,
                                           target_dir=str(Path(tmp) / "c"))
                self.prepare()
                self.build_temp = str(Path(tmp) / "o")
                self.parallel = max(1, os.cpu_count() or 1)
                self.force = True
                super().run()
        finally:
            os.chdir(here)
        return {ext.name: os.path.relpath(self.get_ext_fullpath(ext.name), Path(self.build_lib) / PACKAGE)
                for ext in self.extensions}

    def prepare(self) -> None:
        """What setuptools' ``finalize_options`` does to each extension (they did not exist then)."""
        self.check_extensions_list(self.extensions)
        for ext in cast(list[Any], self.extensions):
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = ext
            ext._links_to_dynamic = ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)

    def get_ext_fullpath(self, ext_name: str) -> str:
        """``<build_lib>/tractor_compiled/engine/ai/<name>.<suffix>``: never next to the sources."""
        parts = self.get_ext_fullname(ext_name).split(".")
        return str(Path(self.build_lib) / PACKAGE / Path(*parts[:-1]) / self.get_ext_filename(parts[-1]))
