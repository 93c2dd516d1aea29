"""Every message key the runtime uses (errors and announcements) has English and Chinese text."""

from __future__ import annotations

import re
from pathlib import Path

import i18n
from engine.views import Phase

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"
KEY = re.compile(r"""["']((?:lobby|act|table|announce|offline|runtime)\.[a-z_]+)["']""")


def test_literal_keys_are_in_the_catalogue() -> None:
    code = [path for path in RUNTIME.rglob("*.py") if path != RUNTIME / "__init__.py"]  # the front door names modules
    keys = {k for path in code for k in KEY.findall(path.read_text(encoding="utf-8"))}
    assert len(keys) >= 35
    assert sorted(k for k in keys if k not in i18n.MESSAGES) == []


def test_built_keys_are_in_the_catalogue() -> None:
    built = [f"announce.{kind}" for kind in ("declare", "overcall", "reinforce")]
    built += [f"announce.turn_{p.value}" for p in Phase
              if p not in (Phase.DEALING, Phase.HAND_OVER, Phase.MATCH_OVER)]
    assert [k for k in built if k not in i18n.MESSAGES] == []
    assert i18n.t("announce.reminder", "zh-CN", name="A", seconds=30) != i18n.t("announce.reminder", "en",
                                                                                name="A", seconds=30)
