"""The optional compiled AI (``tools/build_ai.py``, mypyc): a build is complete and not older than its
sources, and the compiled modules are the ones Python imports — or there is no build at all (plain Python).

A stale build would silently run old code in place of an edited source: rebuild, or remove it with
``python tools/build_ai.py --clean``."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from tools.build_ai import MODULES, built, freshness


def test_a_build_is_complete_and_fresh() -> None:
    state, what = freshness()
    if state == "none":
        return  # plain Python
    assert state == "fresh", f"{state} build ({what}): run python tools/build_ai.py (or --clean)"
    for module in MODULES:
        name = module.removesuffix(".py").replace("/", ".")
        assert Path(importlib.import_module(name).__file__ or "").suffix == ".so", name


def test_freshness_names_a_partial_or_stale_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a copy of the sources with fake compiled files: none, fresh, stale (a source touched after the
    build), partial (one module missing)."""
    import tools.build_ai as build_ai

    (tmp_path / "engine" / "ai").mkdir(parents=True)
    monkeypatch.setattr(build_ai, "ROOT", tmp_path)
    for module in MODULES:
        (tmp_path / module).write_text("", encoding="utf-8")
        os.utime(tmp_path / module, (1_000, 1_000))
    assert freshness() == ("none", "")
    for stem in build_ai.expected():
        so = tmp_path / "engine" / "ai" / f"{stem}.cpython-311-x86_64-linux-gnu.so"
        so.write_bytes(b"")
        os.utime(so, (2_000, 2_000))
    assert freshness() == ("fresh", "")
    os.utime(tmp_path / MODULES[2], (3_000, 3_000))  # edited after the build
    assert freshness() == ("stale", MODULES[2])
    next(p for p in built() if p.name.startswith("policy.")).unlink()
    assert freshness() == ("partial", "policy")
