"""docs/GLOSSARY.md names every Chinese term the code uses in two or more files, and each place it points at
exists (``tools/glossary_terms.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from tools.glossary_terms import GLOSSARY, ROOT, glossary_terms, missing


def test_every_term_used_in_two_files_is_in_the_glossary() -> None:
    assert missing() == {}, "add these terms to docs/GLOSSARY.md"


def test_the_glossary_points_at_files_that_exist_and_use_the_term() -> None:
    rows = [line for line in GLOSSARY.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    checked = 0
    for row in rows[1:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) != 3 or cells[0] == "term" or set(cells[0]) <= {"-"}:
            continue
        places = re.findall(r"`([\w/.]+\.py)`", cells[2])
        if places:  # a term the code no longer uses keeps its row (the sheets use it): nothing to point at
            found = [rel for rel in places if (ROOT / rel).is_file()
                     and cells[0] in (ROOT / rel).read_text(encoding="utf-8")]
            assert found, f"{cells[0]} is in none of {places} (run tools/glossary_terms.py)"
            checked += 1
    assert checked > 150 and len(glossary_terms()) > 150


def test_a_new_term_is_found_missing(tmp_path: Path) -> None:
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text('"""新词 and 托管."""\n', encoding="utf-8")
    glossary = tmp_path / "GLOSSARY.md"
    glossary.write_text("| term | English | where |\n|---|---|---|\n| 托管 | takeover | `a.py` |\n", encoding="utf-8")
    assert missing(tmp_path, glossary) == {"新词": ["a.py", "b.py"]}
