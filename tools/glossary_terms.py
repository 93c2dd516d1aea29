"""The Chinese terms in the code and the glossary (docs/GLOSSARY.md): ``python tools/glossary_terms.py`` lists
each term the code uses in two or more files that the glossary lacks (exit 1 if any), with its files.

A term is a run of Chinese characters in a ``.py`` file outside ``i18n/`` (the message tables translate
every text), ``tests/`` and ``docs/``; a glossary term is the first cell of a table row, in backticks or not."""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
SKIPPED = {".venv", ".git", "i18n", "tests", "docs", "node_modules", "build"}
CHINESE = re.compile(r"[\u4e00-\u9fff]+")
ROW = re.compile(r"^\|\s*`?([\u4e00-\u9fff]+)`?\s*\|")


def terms_in_code(root: Path = ROOT) -> dict[str, Counter[str]]:
    """Each term -> the files (relative paths) that use it, with counts."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in SKIPPED:
            continue
        for term in CHINESE.findall(path.read_text(encoding="utf-8")):
            out[term][rel.as_posix()] += 1
    return out


def glossary_terms(glossary: Path = GLOSSARY) -> set[str]:
    """The terms the glossary's tables define."""
    return {m.group(1) for line in glossary.read_text(encoding="utf-8").splitlines() if (m := ROW.match(line))}


def missing(root: Path = ROOT, glossary: Path = GLOSSARY, min_files: int = 2) -> dict[str, list[str]]:
    """The terms used in ``min_files`` or more files that the glossary lacks, with their files."""
    known = glossary_terms(glossary)
    return {term: sorted(files) for term, files in terms_in_code(root).items()
            if len(files) >= min_files and term not in known}


def main() -> int:
    gaps = missing()
    for term, files in sorted(gaps.items()):
        print(f"{term}\t{', '.join(files)}")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
