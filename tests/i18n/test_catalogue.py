"""The message catalogue: both locales everywhere, matching placeholders, and every raised key present."""

from __future__ import annotations

import re
import string
from pathlib import Path

import i18n

ROOT = Path(__file__).resolve().parents[2]
RAISED = re.compile(r"""(?:IllegalAction|InvalidCard|[A-Z][A-Za-z]*Error)\(\s*["']([a-z_]+\.[a-z_.]+)["']""")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_has_both_locales_with_the_same_placeholders() -> None:
    for key, entry in i18n.MESSAGES.items():
        assert set(entry) == set(i18n.LOCALES), key
        assert all(entry[loc].strip() for loc in i18n.LOCALES), key
        assert _fields(entry["en"]) == _fields(entry["zh-CN"]), key


def test_every_key_raised_in_the_code_is_in_the_catalogue() -> None:
    missing: list[str] = []
    found = 0
    for folder in ("engine", "runtime", "data", "cogs", "render"):
        for path in (ROOT / folder).rglob("*.py"):
            for key in RAISED.findall(path.read_text(encoding="utf-8")):
                found += 1
                if key not in i18n.MESSAGES:
                    missing.append(f"{path.relative_to(ROOT)}: {key}")
    assert found > 50  # the scan sees the engine's and the service's raises
    assert not missing, missing


def test_locale_fallbacks() -> None:
    assert i18n.normalize_locale("zh-TW") == "zh-CN"
    assert i18n.normalize_locale("en-GB") == "en"
    assert i18n.normalize_locale(None) == "en"
    assert i18n.t("card.invalid", "zh-CN", card="X") != i18n.t("card.invalid", "en-US", card="X")
    assert i18n.t("no.such.key", "en") == "no.such.key"


def test_every_literal_message_key_of_the_service_and_the_bot_is_in_the_catalogue() -> None:
    literal = re.compile(r"""["']((?:announce|table|lobby|act|panel|error|command)\.[a-z_]+(?:\.[a-z_]+)*)["']""")
    missing: list[str] = []
    found = 0
    for folder in ("runtime", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            for key in literal.findall(path.read_text(encoding="utf-8")):
                if key.endswith("_"):
                    continue  # a prefix such as "announce.turn_"
                found += 1
                if key not in i18n.MESSAGES:
                    missing.append(f"{path.relative_to(ROOT)}: {key}")
    assert found > 50
    assert not missing, missing
