"""The one escaping helper (``cogs.safetext``): every hostile name of the corpus shows as its literal text, with
no markdown, mention or link left active; thread names lose only the controls and the ``@`` trigger."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from cogs.safetext import SPECIAL, ZWSP, escape_params, escape_text, plain_text
from tests.helpers.security import STATIC_CORPUS, displayed, hostile_names, literal

CORPUS = [*hostile_names(123456789012345678, 876543210987654321), *STATIC_CORPUS]


def active_markup(shown: str) -> list[str]:
    """Markdown/mention characters that are not escaped (what a client would still interpret)."""
    unescaped = re.sub(r"\\.", "", shown)
    return [ch for ch in unescaped if SPECIAL.fullmatch(ch)]


def test_corpus_shows_literally_and_inertly() -> None:
    for name in CORPUS:
        shown = escape_text(name)
        assert literal(shown) == displayed(name), name
        assert not active_markup(shown), (name, shown)
        assert "@everyone" not in shown and "@here" not in shown and "<@" not in shown.replace("\\<@", "")
        assert "\u202e" not in shown and "\n" not in shown


@given(st.text(max_size=40))
def test_any_text_round_trips(text: str) -> None:
    shown = escape_text(text)
    assert literal(shown) == displayed(text).replace("\n", " ").replace("\r", " ")
    assert not active_markup(shown)


def test_thread_names_and_params() -> None:
    assert plain_text("@everyone\u202e final\nround", limit=100) == f"@{ZWSP}everyone final round"
    assert len(plain_text("龍" * 200)) == 100 and plain_text("龍" * 200).endswith("…")
    params = escape_params({"name": "*bob*", "cards": "10H", "n": 3}, keep=frozenset({"cards"}))
    assert params == {"name": "\\*bob\\*", "cards": "10H", "n": 3}
