"""Conformance: every case of the project's conformance files (``tests/engine/conformance/*.jsonl`` and
``decks/*.jsonl``, a copy of ``../shared/conformance``) through ``python -m engine.judge``.

Each file is piped to one judge process; each answer must equal the line's ``expect`` (``forced`` compared
as a multiset).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from tests.helpers.shared_dir import CONFORMANCE, REPO

#: RULES v2 (two decks) and v3 (``decks/``: one and three decks, RULES §12.2, §12.4)
KNOWN = ("follow", "lead", "trick", "decks/follow", "decks/parse", "decks/trick")
#: every file of the folder: one that arrives later runs without being listed here
FILES = sorted({p.relative_to(CONFORMANCE).with_suffix("").as_posix() for p in CONFORMANCE.rglob("*.jsonl")}
               | set(KNOWN))


def _normalise(obj: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in obj.items() if k != "id"}
    if isinstance(out.get("forced"), list):
        out["forced"] = Counter(out["forced"])
    return out


@pytest.mark.parametrize("name", FILES)
def test_conformance_file(name: str) -> None:
    path = CONFORMANCE / f"{name}.jsonl"
    assert path.is_file(), f"{path} is missing from the project's conformance files"
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    cases = [json.loads(line) for line in lines]
    queries = [json.dumps({k: v for k, v in case.items() if k != "expect"}) for case in cases]
    proc = subprocess.run([sys.executable, "-m", "engine.judge"], input="\n".join(queries) + "\n",
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(cases)
    failures = []
    for case, got in zip(cases, answers, strict=True):
        assert got.get("id") == case["id"]
        if _normalise(got) != _normalise(case["expect"]):
            failures.append(f"{case['id']}: expected {case['expect']}, got {got}")
    assert not failures, f"{len(failures)}/{len(cases)} cases differ:\n" + "\n".join(failures[:20])

