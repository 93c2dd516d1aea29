"""Files stay small enough to read in one sitting: no source file (Python, JavaScript, CSS, HTML, shell, SQL) over
``LIMIT`` lines — a longer one is split by idea (docs/ARCHITECTURE.md, "House rules"). Data, lock files and what
a build or npm writes are not source."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 400
SOURCE = {".py", ".js", ".css", ".html", ".sh", ".sql"}
NOT_SOURCE = {".venv", "node_modules", "build", "__pycache__", ".git", ".hypothesis", "out", "tmp"}


def _sources(root: Path) -> list[Path]:
    out: list[Path] = []
    for folder, dirs, files in os.walk(root):  # not into what is not source (node_modules is large)
        dirs[:] = [d for d in dirs if d not in NOT_SOURCE]
        out.extend(Path(folder, name) for name in files if Path(name).suffix in SOURCE)
    return out


def _too_long(root: Path) -> list[str]:
    out: list[str] = []
    for path in _sources(root):
        with path.open(encoding="utf-8", errors="replace") as f:
            count = sum(1 for _ in f)
        if count > LIMIT:
            out.append(f"{path.relative_to(root)}: {count} lines")
    return sorted(out)


def test_no_source_file_is_over_the_limit() -> None:
    assert _too_long(ROOT) == []


def test_a_long_file_is_found(tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "long.js").write_text("x;\n" * (LIMIT + 1))
    (tmp_path / "short.py").write_text("x = 1\n" * LIMIT)
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "lib.js").write_text("x;\n" * (LIMIT + 50))
    (tmp_path / "data.json").write_text("{}\n" * (LIMIT + 50))
    assert _too_long(tmp_path) == [f"web/long.js: {LIMIT + 1} lines"]
