"""The optional compiled AI (``tools/build_ai.py``, mypyc): a build is complete and not older than its
sources, and the compiled modules are the ones Python imports — or there is no build at all (plain Python).

A stale build would silently run old code in place of an edited source: rebuild, or remove it with
``python tools/build_ai.py --clean``."""

from __future__ import annotations

import importlib
from pathlib import Path

from tools.build_ai import MODULES, ROOT, built, expected


def test_a_build_is_complete_and_fresh() -> None:
    files = built()
    if not files:
        return  # plain Python
    stems = {p.name.split(".", 1)[0] for p in files}
    assert stems == expected(), f"partial or old build {sorted(stems)}: run python tools/build_ai.py"
    for module in MODULES:
        source = ROOT / module
        compiled = next(p for p in files if p.name.split(".", 1)[0] == source.stem)
        assert compiled.stat().st_mtime >= source.stat().st_mtime, (
            f"{compiled.name} is older than {module}: run python tools/build_ai.py (or --clean)")
        name = module.removesuffix(".py").replace("/", ".")
        assert Path(importlib.import_module(name).__file__ or "").suffix == ".so", name
