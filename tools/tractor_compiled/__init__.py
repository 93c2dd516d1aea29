"""The compiled rules and AI (编译模块), installed into the venv by ``pip install .`` (the last line of
requirements.txt; ``setup.py`` and ``tools/build_ai.py`` build it with mypyc).

The build's ``tractor_compiled.pth`` (in site-packages) imports this package when Python starts. It puts a
finder first on ``sys.meta_path``
that serves the compiled modules (``engine.ai.policy`` …) from this package's folder instead of the ``.py``
files — only if the build succeeded, every module it lists is here, every source it was built from still has
the content hash (SHA-256) recorded at build time in ``manifest.json``, and ``TRACTOR_PLAIN_PYTHON`` is not set.
Otherwise nothing changes: Python imports the ``.py`` files (plain Python, the same results, slower) and
``status()`` says why. File times are never looked at."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any, NamedTuple

HERE = os.path.dirname(os.path.abspath(__file__))
DISABLE = "TRACTOR_PLAIN_PYTHON"  # set (to anything but "" or "0"): plain Python even with a build
RUNTIME = ("librt.vecs",)  # what the compiled modules import at run time (the count vectors, engine/vectors.py)


class Status(NamedTuple):
    """``state``: ``compiled`` (the compiled modules run), ``disabled`` (``TRACTOR_PLAIN_PYTHON``), ``failed``
    (the build could not compile: ``detail`` says why), ``partial`` (modules missing: ``detail`` names them) or
    ``stale`` (``detail`` names a source changed since the build)."""

    state: str
    detail: str = ""


def digest(path: str) -> str:
    """The SHA-256 of a file's bytes (the build records the same for every source it compiled or read)."""
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def load_manifest(folder: str = HERE) -> dict[str, Any]:
    """What the build wrote: ``state``, ``reason``, ``modules`` (name -> file in this folder) and ``sources``
    (path relative to the project -> SHA-256)."""
    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as handle:
        manifest: dict[str, Any] = json.load(handle)
    return manifest


def installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:  # (its parent package is missing)
        return False


def judge(manifest: dict[str, Any], root: str, folder: str = HERE, environ: Any = os.environ,
          runtime: tuple[str, ...] = RUNTIME) -> Status:
    """Whether the build in ``folder`` may run for the sources under ``root`` (the project folder) with the
    modules of ``runtime`` installed."""
    if environ.get(DISABLE, "") not in ("", "0"):
        return Status("disabled", DISABLE)
    if manifest.get("state") != "compiled":
        return Status("failed", str(manifest.get("reason", "")))
    missing = sorted(name for name, rel in manifest["modules"].items() if not os.path.isfile(os.path.join(folder, rel)))
    missing += [name for name in runtime if not installed(name)]
    if missing:
        return Status("partial", ", ".join(missing))
    for rel, recorded in sorted(manifest["sources"].items()):
        path = os.path.join(root, rel)
        if not os.path.isfile(path) or digest(path) != recorded:
            return Status("stale", rel)
    return Status("compiled")


def project_root() -> str:
    """The folder holding the ``engine`` package that Python imports (a checkout, or /app in the image)."""
    engine = sys.modules.get("engine")
    origin = getattr(engine, "__file__", None) if engine else None
    if origin is None:
        spec = importlib.util.find_spec("engine")
        origin = spec.origin if spec else None
    if not origin:
        raise ImportError("the engine package is not importable")
    return os.path.dirname(os.path.dirname(os.path.abspath(origin)))


_status: Status | None = None


def status() -> Status:
    """The build's state, decided once per process (on the first import of a compiled module's name)."""
    global _status
    if _status is None:
        try:
            _status = judge(load_manifest(), project_root())
        except Exception as exc:  # a missing or unreadable manifest: plain Python, and say so
            _status = Status("failed", f"{type(exc).__name__}: {exc}")
    return _status


class CompiledFinder:
    """Serves ``manifest["modules"]`` from this folder while ``status()`` is ``compiled``."""

    def __init__(self) -> None:
        self.modules: dict[str, str] | None = None

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None) -> ModuleSpec | None:
        del path, target
        if not fullname.startswith("engine."):
            return None
        if self.modules is None:
            self.modules = {}
            if status().state == "compiled":
                self.modules = dict(load_manifest()["modules"])
        rel = self.modules.get(fullname)
        return importlib.util.spec_from_file_location(fullname, os.path.join(HERE, rel)) if rel else None


FINDER = CompiledFinder()
if not any(isinstance(f, CompiledFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, FINDER)
