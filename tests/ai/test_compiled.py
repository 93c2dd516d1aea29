"""The compiled rules and AI (``pip install .``: ``setup.py``, ``tools/build_ai.py``, ``tools/tractor_compiled``).

Under ``CI=true`` the build must be installed and running (CI installs requirements.txt, whose last line builds
it); elsewhere the tests that need it skip, saying why. Compiled and plain Python (``TRACTOR_PLAIN_PYTHON=1``,
in a second process) must give the same judge answers on every conformance file and to every query kind under
every preset, the same choices in whole hands of strong AIs, the same endgame values. A build whose sources
changed (by content, not by file time) or that lacks a module is never run."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cli.compiled import describe, leftovers, state
from engine.judge import QUERIES
from engine.rules import PRESETS
from tests.helpers.shared_dir import REPO
from tools.build_ai import MODULES, hashes, imported_sources

PLAIN = {"TRACTOR_PLAIN_PYTHON": "1"}
# long on a core: one at a time with the other "cpu" tests (xdist --dist loadgroup), beside the waiting ones
pytestmark = pytest.mark.xdist_group("cpu")


def require_build() -> Path:
    """The installed build's folder; a failure under ``CI=true`` when it does not run, else a skip."""
    if state()[0] != "compiled":
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but the rules and AI are not compiled: {describe()}")
        pytest.skip(describe())
    return Path(importlib.import_module("tractor_compiled").HERE)


def probe(env: dict[str, str], cwd: Path = REPO, code: str = "") -> Any:
    args = ["-c", code] if code else ["-m", "tests.helpers.compiled_probe"]
    done = subprocess.run([sys.executable, *args], cwd=cwd, env={**os.environ, **env}, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_the_compiled_modules_are_the_ones_python_imports() -> None:
    folder = require_build()
    assert not leftovers()
    for module in MODULES:
        path = Path(importlib.import_module(module.removesuffix(".py").replace("/", ".")).__file__ or "")
        assert path.suffix == ".so" and path.is_relative_to(folder), module


def test_count_vectors_are_native_compiled_and_lists_in_plain_python() -> None:
    """The playouts' count vectors (engine/vectors.py): librt vecs of machine integers compiled, lists in plain
    Python (a plain librt vec is slower than a list), with the same items."""
    require_build()
    code = ("import json; from engine.ai.playstate import PlayState; from engine.trump import trump_context; "
            "from engine.rules import Rules; "
            "p = PlayState(trump_context('2', 'S', Rules()), [[1] * 54, [0] * 54, [2] * 54, [0] * 54], 0, [], "
            "[0] * 54, [set(), set(), set(), set()], 0, 0, ()); "
            "print(json.dumps([type(p.hands[0]).__name__, type(p.t.suit).__name__, list(p.hands[2])[:3], "
            "list(p.sizes), list(p.clone().held[2])]))")
    compiled, plain = probe({}, code=code), probe(PLAIN, code=code)
    assert compiled[0] == compiled[1] == "vec[i64]" and plain[0] == plain[1] == "list"
    assert compiled[2:] == plain[2:] == [[2, 2, 2], [54, 0, 108, 0], plain[4]] and sum(plain[4]) == 108


SHAPE_REFUSED = ("rules.shape_unsupported", "rules.two_decks_only")


def test_compiled_and_plain_python_agree() -> None:
    require_build()
    compiled, plain = probe({}), probe(PLAIN)
    assert compiled["build"]["state"] == "compiled" and compiled["build"]["policy"].endswith(".so")
    assert plain["build"]["state"] == "disabled TRACTOR_PLAIN_PYTHON" and plain["build"]["policy"].endswith(".py")
    assert sum(len(v) for v in compiled["judge"].values()) == 2000
    assert compiled["judge"] == plain["judge"]
    assert set(compiled["judge_kinds"]) == {f"{kind} {preset}" for kind in QUERIES for preset in PRESETS}
    for key, answers in plain["judge_kinds"].items():  # mostly answered, and never by a crash
        posed = [a for a in answers if not a.get("error", "").startswith(SHAPE_REFUSED)]  # (a preset's own shape)
        assert sum("error" not in a for a in posed) >= len(posed) // 2, key
        assert not any("internal error" in a.get("error", "") for a in answers + compiled["judge_kinds"][key]), key
        if key.startswith(("bid", "follow", "lead")):
            assert {a.get("legal") for a in answers} >= {True, False}, key
    assert compiled["judge_kinds"] == plain["judge_kinds"]
    assert [len(game) for game in compiled["decisions"]] == [len(game) for game in plain["decisions"]]
    assert compiled["decisions"] == plain["decisions"]
    assert len(compiled["endgame"]) >= 8 and any(compiled["endgame"])
    assert compiled["endgame"] == plain["endgame"]
    assert len(compiled["engine"]["follows"]) > 5000 and {None, "play.must_follow_suit"} <= set(
        compiled["engine"]["follows"])
    assert compiled["engine"] == plain["engine"]


WHICH = ("import engine.ai.policy, json, tractor_compiled; "
         "print(json.dumps([str(tractor_compiled.status().state), engine.ai.policy.__file__]))")


def test_a_changed_source_runs_as_plain_python(tmp_path: Path) -> None:
    """On a copy of the sources: newer file times alone change nothing; an edited compiled module, or an edited
    module it imports, makes Python run the sources."""
    require_build()
    shutil.copytree(REPO / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    for path in (tmp_path / "engine").rglob("*.py"):
        os.utime(path, (4_000_000_000, 4_000_000_000))
    status, policy = probe({}, tmp_path, WHICH)
    assert status == "compiled" and policy.endswith(".so")
    for edited in ("engine/ai/policy.py", "engine/cards.py", "engine/hand.py"):
        source = tmp_path / edited
        original = source.read_bytes()
        source.write_bytes(original + b"\n# edited\n")
        status, policy = probe({}, tmp_path, WHICH)
        assert status == "stale" and policy == str(tmp_path / "engine/ai/policy.py"), edited
        source.write_bytes(original)


def loader() -> ModuleType:
    """``tools/tractor_compiled`` loaded from the source tree under another name (its finder removed again)."""
    spec = importlib.util.spec_from_file_location("loader_under_test", REPO / "tools/tractor_compiled/__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.meta_path.remove(module.FINDER)
    return module


def test_the_loader_judges_a_build_by_content(tmp_path: Path) -> None:
    """compiled, disabled, failed, partial (a module file or a run-time library missing), stale (a source's bytes
    changed, or gone); a source's file time changing alone keeps it compiled."""
    judge = loader().judge
    root, folder = tmp_path / "src", tmp_path / "build"
    (root / "engine").mkdir(parents=True)
    (folder / "engine").mkdir(parents=True)
    (root / "engine" / "a.py").write_text("x = 1\n")
    (root / "engine" / "b.py").write_text("y = 2\n")
    (folder / "engine" / "a.so").write_bytes(b"")
    manifest = {"state": "compiled", "modules": {"engine.a": "engine/a.so"},
                "sources": {f"engine/{n}.py": hashlib.sha256((root / "engine" / f"{n}.py").read_bytes()).hexdigest()
                            for n in "ab"}}
    assert judge(manifest, str(root), str(folder), {}) == ("compiled", "")
    assert judge(manifest, str(root), str(folder), {"TRACTOR_PLAIN_PYTHON": "0"}).state == "compiled"
    assert judge(manifest, str(root), str(folder), {"TRACTOR_PLAIN_PYTHON": "1"}).state == "disabled"
    assert judge({**manifest, "state": "failed", "reason": "no gcc"}, str(root), str(folder), {}) == ("failed",
                                                                                                       "no gcc")
    os.utime(root / "engine" / "b.py", (4_000_000_000, 4_000_000_000))
    assert judge(manifest, str(root), str(folder), {}).state == "compiled"
    (root / "engine" / "b.py").write_text("y = 3\n")
    assert judge(manifest, str(root), str(folder), {}) == ("stale", "engine/b.py")
    (root / "engine" / "b.py").unlink()
    assert judge(manifest, str(root), str(folder), {}) == ("stale", "engine/b.py")
    (root / "engine" / "b.py").write_text("y = 2\n")
    assert judge(manifest, str(root), str(folder), {}, ("json", "no_such_runtime.vecs")) == (
        "partial", "no_such_runtime.vecs")  # a run-time library of the compiled modules not installed
    (folder / "engine" / "a.so").unlink()
    assert judge(manifest, str(root), str(folder), {}) == ("partial", "engine.a")


def test_the_build_hashes_every_source_its_modules_import() -> None:
    sources = imported_sources()
    assert set(MODULES) <= set(sources)
    assert {"engine/__init__.py", "engine/ai/__init__.py", "engine/cards.py", "engine/trump.py"} <= set(sources)
    assert all(s.startswith("engine/") for s in sources)
    assert hashes()["engine/cards.py"] == hashlib.sha256((REPO / "engine/cards.py").read_bytes()).hexdigest()


def test_check_and_the_start_up_log_say_which_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    """``bot.py check`` prints the line (plain Python is no failure); the start-up warns when the project is not
    installed; old compiled files next to the sources fail the check."""
    import cli.compiled
    from cli.check import Problem, check_compiled_ai

    env = {**PLAIN, "TRACTOR_LOCALE": "en", "TRACTOR_DB": str(tmp_path / "t.sqlite3")}
    done = subprocess.run([sys.executable, "bot.py", "check"], cwd=REPO, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok    AI and rules: plain Python, about 8× slower: TRACTOR_PLAIN_PYTHON is set" in done.stdout
    monkeypatch.setenv("TRACTOR_LOCALE", "en")
    monkeypatch.setitem(sys.modules, "tractor_compiled", None)  # the project not installed
    assert state() == ("missing", "")
    with caplog.at_level("INFO", logger="cli.compiled"):
        cli.compiled.log_status()
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "AI and rules: plain Python" in caplog.text and "pip install -r requirements.txt" in caplog.text
    (tmp_path / "engine" / "ai").mkdir(parents=True)
    (tmp_path / "engine" / "ai" / "policy.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    monkeypatch.setattr(cli.compiled, "ROOT", tmp_path)
    with pytest.raises(Problem) as raised:
        check_compiled_ai()
    assert raised.value.key == "ops.compiled.leftover"


def test_the_engine_package_imports_nothing_and_the_build_installs_its_hook() -> None:
    """``engine/__init__.py`` is empty of imports; the finder arrives through site-packages' ``tractor_compiled.pth``
    (so the package needs no import hook, and a process that imports ``engine.cards`` first gets the build)."""
    import ast

    tree = ast.parse((REPO / "engine" / "__init__.py").read_text(encoding="utf-8"))
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]
    folder = require_build()
    hook = folder.parent / "tractor_compiled.pth"
    assert hook.is_file() and "tractor_compiled" in hook.read_text(encoding="utf-8")
    code = "import engine.cards, tractor_compiled, sys; print(tractor_compiled.status().state)"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "compiled", done.stderr
