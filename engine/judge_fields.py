"""The judge's input: fields, cards, seats, levels and trump read from a query object, and the checks that cards
could exist (no more copies than the decks hold, no hand larger than the deal gives). Bad input is a
``JudgeError`` whose text is the answer's one-line reason (docs/JUDGE.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.cards import ALL_CARDS, RANKS, Card, parse_card
from engine.rules import Rules
from engine.trump import TRUMP_CHOICES, TrumpContext, trump_context

MAX_HAND = 25  # cards a player holds while tricks are played


class JudgeError(Exception):
    """A query the judge cannot answer (malformed or impossible input)."""


def _field(obj: dict[str, Any], name: str, default: Any = ...) -> Any:
    if name in obj:
        return obj[name]
    if default is ...:
        raise JudgeError(f"missing field '{name}'")
    return default


def _cards(obj: dict[str, Any], name: str, default: Any = ...) -> tuple[Card, ...]:
    value = _field(obj, name, default)
    return _card_list(value, name)


def _card_list(value: Any, name: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise JudgeError(f"'{name}' must be a list of card strings")
    try:
        return tuple(map(_PARSED.__getitem__, value))
    except (KeyError, TypeError):  # a new spelling or an unhashable element: one by one below
        pass
    out: list[Card] = []
    for text in value:
        card = _PARSED.get(text) if isinstance(text, str) else None
        if card is None:
            if not isinstance(text, str):
                raise JudgeError(f"'{name}' must be a list of card strings")
            card = parse_card(text)
            if len(_PARSED) < _PARSED_LIMIT:
                _PARSED[text] = card
        out.append(card)
    return tuple(out)


# card texts already read, from the canonical ones on (a batch repeats the same few dozen spellings)
_PARSED: dict[str, Card] = {str(c): c for c in ALL_CARDS}
_PARSED_LIMIT = 4096


def _seat(obj: dict[str, Any], name: str, players: int = 4) -> int:
    value = _field(obj, name)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise JudgeError(f"'{name}' must be a seat 0-{players - 1}")
    return value


def _level(value: Any, name: str = "level") -> str:
    text = str(value).upper() if isinstance(value, str | int) and not isinstance(value, bool) else ""
    text = "10" if text == "T" else text
    if text not in RANKS:
        raise JudgeError(f"'{name}' must be a rank 2..A, not {value!r}")
    return text


def _trump(obj: dict[str, Any]) -> str:
    value = _field(obj, "trump")
    text = value.upper() if isinstance(value, str) else ""
    if text not in TRUMP_CHOICES:
        raise JudgeError(f"'trump' must be one of S H C D NT, not {value!r}")
    return text


def _context(obj: dict[str, Any], rules: Rules) -> TrumpContext:
    return trump_context(_level(_field(obj, "level")), _trump(obj), rules)


def _check_copies(*groups: Iterable[Card], copies: int = 2) -> None:
    """No card may exist more than ``copies`` times (the deck count) across the given disjoint groups."""
    total = [0] * len(ALL_CARDS)
    for group in groups:
        for c in group:
            total[c.index] += 1
    if max(total) > copies:
        over = [str(ALL_CARDS[i]) for i, n in enumerate(total) if n > copies]
        noun = "copy" if copies == 1 else "copies"
        raise JudgeError(f"more than {_COPIES.get(copies, str(copies))} {noun} of {', '.join(sorted(over))}")


_COPIES = {1: "one", 2: "two", 3: "three", 4: "four"}


def _check_hand(cards: Sequence[Card], name: str, limit: int = MAX_HAND) -> None:
    if len(cards) > limit:
        raise JudgeError(f"'{name}' holds {len(cards)} cards; at most {limit} are possible")


def _union(a: Iterable[Card], b: Iterable[Card]) -> list[Card]:
    """The multiset union (each card as often as in the group holding more of it)."""
    out = list(a)
    have = [0] * len(ALL_CARDS)
    for c in out:
        have[c.index] += 1
    for c in b:
        i = c.index
        have[i] -= 1
        if have[i] < 0:
            out.append(c)
    return out
