"""Compile the AI's playout hot path with mypyc: optional, the same choices, rollouts about 2.5x faster.

    python tools/build_ai.py          # build (mypy from requirements-dev.txt and a C compiler)
    python tools/build_ai.py --clean  # remove the build: pure Python again

The play state and the play policy (``MODULES``) become C extension modules next to their sources
(``engine/ai/<name>.cpython-*.so``, plus their shared library ``engine/ai/accel__mypyc…so``); Python imports
them instead of the ``.py`` files. Rebuild after editing any of ``MODULES``: ``tests/test_ai_compiled.py``
fails on a stale or partial build. Without a build everything runs as plain Python, with identical results.
"""

from __future__ import annotations

import argparse
import logging
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("engine/ai/playstate.py", "engine/ai/fastfollow.py", "engine/ai/fastlead.py", "engine/ai/policy.py",
           "engine/ai/playout.py", "engine/ai/determinize.py", "engine/ai/endgame.py", "engine/ai/fastrules.py",
           "engine/ai/fastenum.py")
GROUP = "engine.ai.accel"  # the shared library's module name

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="tractor_ai_accel", packages=[], ext_modules=mypycify({modules!r}, opt_level="3", group_name={group!r},
                                                    target_dir={target!r}))
"""


def built() -> list[Path]:
    """The compiled files in ``engine/ai`` (empty: none; ``tests/test_ai_compiled.py`` checks they are
    exactly those of ``MODULES`` and the shared library)."""
    return sorted((ROOT / "engine" / "ai").glob("*.so"))


def expected() -> set[str]:
    """The module names a complete build compiles (and its shared library's)."""
    return {Path(m).stem for m in MODULES} | {GROUP.rsplit(".", 1)[1] + "__mypyc"}


def freshness() -> tuple[str, str]:
    """The build's state: ``("none", "")`` (plain Python), ``("fresh", "")``, ``("partial", names)`` (modules
    missing or left over) or ``("stale", module)`` (a source edited after the build: Python would run the old
    compiled code). ``python bot.py check`` and ``tests/test_ai_compiled.py`` ask this."""
    files = built()
    if not files:
        return "none", ""
    stems = {p.name.split(".", 1)[0] for p in files}
    if stems != expected():
        return "partial", ", ".join(sorted(stems ^ expected()))
    for module in MODULES:
        source = ROOT / module
        compiled = next(p for p in files if p.name.split(".", 1)[0] == source.stem)
        if compiled.stat().st_mtime < source.stat().st_mtime:
            return "stale", module
    return "fresh", ""


def clean() -> None:
    for path in built():
        path.unlink()


def build() -> None:
    clean()
    with tempfile.TemporaryDirectory() as tmp:
        setup = Path(tmp) / "setup.py"
        setup.write_text(SETUP.format(modules=list(MODULES), group=GROUP, target=str(Path(tmp) / "c")))
        done = subprocess.run([sys.executable, str(setup), "build_ext", "--inplace", "--build-temp",
                               str(Path(tmp) / "o"), "--build-lib", str(Path(tmp) / "l")],
                              cwd=ROOT, capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(done.stdout[-3000:] + done.stderr[-3000:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
    else:
        build()
    print("\n".join(str(p.relative_to(ROOT)) for p in built()) or "no compiled modules: pure Python")
    return 0


if __name__ == "__main__":
    sys.exit(main())
