"""Autocomplete matching and plays grouped by suit."""

from __future__ import annotations

from engine.cards import parse_cards
from runtime.views.choices import match_typed, play_text

PLAYS = [parse_cards(p) for p in ("10H", "10H 10H", "JH", "10S", "2C 2C", "AH KH KH")]


def test_empty_typing_offers_short_plays_first() -> None:
    assert match_typed(PLAYS, "")[:4] == ["10H", "JH", "10S", "10H 10H"]


def test_partial_token_matches_card_prefixes() -> None:
    assert match_typed(PLAYS, "10") == ["10H", "10S", "10H 10H"]
    assert match_typed(PLAYS, "10h") == ["10H", "10H 10H"]


def test_finished_cards_must_all_be_in_the_play() -> None:
    assert match_typed(PLAYS, "10H ") == ["10H", "10H 10H"]
    assert match_typed(PLAYS, "10h 10") == ["10H 10H"]
    assert match_typed(PLAYS, "kh kh ") == ["AH KH KH"]
    assert match_typed(PLAYS, "zz ") == []


def test_limit_and_text() -> None:
    assert len(match_typed(PLAYS, "", limit=2)) == 2
    assert play_text(parse_cards("10h bj")) == "10H BJ"
