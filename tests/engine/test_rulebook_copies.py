"""The project carries the rulebook (docs/RULES.md, docs/JUDGE.md, docs/seeds/) and the conformance cases
(tests/engine/conformance/): each copy equals the shared directory's file whenever that directory is present,
so an update there shows here as a failing test until it is copied in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.shared_dir import CONFORMANCE, COPIES, JUDGE_DOC, RULEBOOK, SHARED


def _files(root: Path) -> dict[str, bytes]:
    if root.is_file():
        return {"": root.read_bytes()}
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_project_carries_its_rulebook_and_cases() -> None:
    assert "v3" in RULEBOOK.read_text(encoding="utf-8").splitlines()[0]
    assert "largest_unit" in JUDGE_DOC.read_text(encoding="utf-8")
    names = {p.relative_to(CONFORMANCE).as_posix() for p in CONFORMANCE.rglob("*.jsonl")}
    assert {"follow.jsonl", "lead.jsonl", "trick.jsonl"} <= names
    assert any(name.startswith("decks/") for name in names)


@pytest.mark.parametrize("copy", list(COPIES), ids=[COPIES[c] for c in COPIES])
def test_each_copy_equals_the_shared_directory(copy: Path) -> None:
    shared = SHARED / COPIES[copy]
    if not shared.exists():
        pytest.skip(f"{shared} is not present: the project's copy stands alone")
    ours, theirs = _files(copy), _files(shared)
    assert sorted(ours) == sorted(theirs), f"{copy} and {shared} hold different files"
    differing = [name or copy.name for name in ours if ours[name] != theirs[name]]
    assert not differing, f"copy {shared} into {copy} again: {differing} differ"
