"""The rules judge (裁判): ``python -m engine.judge`` answers JSON-lines rule questions (docs/JUDGE.md).

One JSON object per input line, one answer per output line, in order; malformed or impossible input
gets ``{"error": "<reason>"}`` and the judge goes on. A thin layer over the engine: it parses and
validates, calls the rule functions and formats their answers.
"""

from __future__ import annotations

import codecs
import json
import logging
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

from engine.cards import ALL_CARDS, RANKS, Card, format_cards, parse_card
from engine.declaring import check_declaration
from engine.errors import EngineError, IllegalAction
from engine.follow import follow_error
from engine.levels import is_team_level
from engine.rules import Rules
from engine.settlement import settle_hand
from engine.throws import check_throw, throw_penalty
from engine.trick import trick_points, trick_winner
from engine.trump import TRUMP_CHOICES, Trump, TrumpContext, trump_context
from engine.units import Unit, UnitKind, decompose_lead
from engine.views import DeclarationView

log = logging.getLogger(__name__)

MAX_HAND = 25  # cards a player holds while tricks are played
KITTY_SIZE = 8


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


def _seat(obj: dict[str, Any], name: str) -> int:
    value = _field(obj, name)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise JudgeError(f"'{name}' must be a seat 0-3")
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
        raise JudgeError(f"more than {_COPIES.get(copies, str(copies))} copies of {', '.join(sorted(over))}")


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


# -- queries ----------------------------------------------------------------------------------------

def q_parse(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    ctx = _context(obj, rules)
    cards = _cards(obj, "cards")
    decks = rules.decks
    _check_copies(cards, copies=decks)
    lead = decompose_lead(cards, ctx)
    if decks == 2:  # (two decks answer as before RULES v3)
        return {"suit": lead.suit,
                "units": [{"type": str(u.kind), "cards": format_cards(u.cards)} for u in lead.units]}
    return {"suit": lead.suit, "units": [_unit_answer(u) for u in lead.units]}


def _unit_answer(unit: Unit) -> dict[str, Any]:
    """A unit with its ``width`` and, for a tractor, ``length`` (JUDGE.md, RULES §12.2)."""
    out: dict[str, Any] = {"type": str(unit.kind), "width": unit.width}
    if unit.kind is UnitKind.TRACTOR:
        out["length"] = unit.length
    out["cards"] = format_cards(unit.cards)
    return out


def q_follow(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    ctx = _context(obj, rules)
    lead, hand, play = _cards(obj, "lead"), _cards(obj, "hand"), _cards(obj, "play")
    decks = rules.decks
    _check_hand(hand, "hand", rules.shape.hand_size)
    _check_copies(lead, _union(hand, play), copies=decks)
    if not lead:
        raise JudgeError("'lead' is empty")
    lead_units = decompose_lead(lead, ctx)
    return {"legal": follow_error(lead_units, hand, play, ctx) is None}


def q_lead(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    ctx = _context(obj, rules)
    hand, play = _cards(obj, "hand"), _cards(obj, "play")
    others_raw = _field(obj, "others")
    if not isinstance(others_raw, list) or len(others_raw) != rules.players - 1:
        raise JudgeError(f"'others' must be a list of the {rules.players - 1} other hands")
    others = [_card_list(h, "others") for h in others_raw]
    team = _field(obj, "leader_team", "dealer")
    if team not in ("dealer", "defenders"):
        raise JudgeError("'leader_team' must be 'dealer' or 'defenders'")
    decks = rules.decks
    for name, h in (("hand", hand), *(("others", o) for o in others)):
        _check_hand(h, name, rules.shape.hand_size)
    _check_copies(_union(hand, play), *others, copies=decks)
    suits = {ctx.suit_of(c) for c in play}
    in_hand = not Counter(play) - Counter(hand)
    if not play or len(suits) != 1 or not in_hand:
        return {"legal": False}
    lead = decompose_lead(play, ctx)
    check = check_throw(play, others, ctx)
    answer: dict[str, Any] = {"legal": True, "throw": lead.is_throw, "failed": check.failed}
    penalty = 0
    if check.failed:
        answer["forced"] = format_cards(check.forced)
        penalty = throw_penalty(len(play), len(play) - len(check.forced), rules)
        penalty = penalty if team == "dealer" else -penalty
    answer["penalty"] = penalty
    return answer


def q_trick(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    ctx = _context(obj, rules)
    raw = _field(obj, "plays")
    if not isinstance(raw, list) or not 1 <= len(raw) <= rules.players:
        raise JudgeError(f"'plays' must be a list of 1 to {rules.players} plays")
    plays = [_card_list(p, "plays") for p in raw]
    decks = rules.decks
    _check_copies(*plays, copies=decks)
    if any(len(p) != len(plays[0]) for p in plays) or not plays[0]:
        raise JudgeError("every play must have as many cards as the lead")
    lead = decompose_lead(plays[0], ctx)  # the lead must be of one effective suit
    answer = {"winner": trick_winner(plays, ctx), "points": trick_points(plays)}
    if decks != 2:  # (two decks answer as before RULES v3) the cards of the lead's largest unit (RULES §12.5)
        answer["largest_unit"] = max([u.size for u in lead.units])
    return answer


def _standing_trump(raw: dict[str, Any], cards: Sequence[Card]) -> Trump:
    """``current.trump``, or the suit of its first non-joker card (``NT`` for jokers alone), as a ``Trump``
    (the compiled engine holds a view's trump to its type: a ``str`` there is a ``TypeError``)."""
    shown = [c for c in cards if not c.is_joker]
    value = raw.get("trump", shown[0].suit if shown else Trump.NT)
    text = value.upper() if isinstance(value, str) else ""
    if text not in TRUMP_CHOICES:
        raise JudgeError(f"'current.trump' must be one of S H C D NT, not {value!r}")
    return Trump.parse(text)


def q_bid(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    level = _level(_field(obj, "level"))
    seat = _seat(obj, "seat")
    cards = _cards(obj, "cards")
    first_hand = _field(obj, "first_hand", False)
    if not isinstance(first_hand, bool):
        raise JudgeError("'first_hand' must be true or false")
    raw = _field(obj, "current", None)
    current = None
    if raw is not None:
        if not isinstance(raw, dict):
            raise JudgeError("'current' must be null or {\"seat\", \"cards\"}")
        cur_seat, cur_cards = _seat(raw, "seat"), _cards(raw, "cards")
        if not cur_cards:
            raise JudgeError("'current.cards' is empty")
        trump = _standing_trump(raw, cur_cards)
        reinforced = raw.get("reinforced", False)  # RULES §5 v2: a reinforced pair falls only to a stronger kind
        if not isinstance(reinforced, bool):
            raise JudgeError("'current.reinforced' must be true or false")
        current = DeclarationView(cur_seat, cur_cards, trump, reinforced=reinforced)
        _check_copies(_union(cur_cards, cards) if cur_seat == seat else [*cur_cards, *cards])
    else:
        _check_copies(cards)
    try:
        trump = check_declaration(current, seat, cards, level, rules, first_hand)
    except IllegalAction:
        return {"legal": False}
    return {"legal": True, "trump": trump}


def _team_level(value: Any) -> str:
    """A team's level: a rank, or a negative level ``-1``, ``-2``, … (RULES §8 ``deducted_negative``)."""
    text = str(value).upper() if isinstance(value, str | int) and not isinstance(value, bool) else ""
    text = "10" if text == "T" else text
    if not is_team_level(text):
        raise JudgeError(f"'levels' must hold ranks 2..A or negative levels -1, -2, ..., not {value!r}")
    return text


def _settle_inputs(obj: dict[str, Any]) -> dict[str, Any]:
    """The validated arguments of ``settle_hand`` from a ``settle`` query (``lead`` and ``burier`` optional)."""
    levels_raw = _field(obj, "levels")
    if not isinstance(levels_raw, list) or len(levels_raw) != 2:
        raise JudgeError("'levels' must be the two teams' levels")
    points = _field(obj, "points")
    if isinstance(points, bool) or not isinstance(points, int):
        raise JudgeError("'points' must be an integer")
    kitty, last = _cards(obj, "kitty"), _cards(obj, "last")
    lead = _cards(obj, "lead", None) if obj.get("lead") is not None else last
    if len(kitty) != KITTY_SIZE:
        raise JudgeError(f"'kitty' must hold {KITTY_SIZE} cards")
    if not last or len(lead) != len(last):
        raise JudgeError("'last' is empty or 'lead' has another number of cards")
    _check_copies(kitty, _union(last, lead))
    hand_number = _field(obj, "hand_number", 1)
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
        raise JudgeError("'hand_number' must be a positive integer")
    return {"hand_number": hand_number, "level": _level(_field(obj, "level")), "trump": _trump(obj),
            "dealer": _seat(obj, "dealer"), "last_winner": _seat(obj, "last_winner"),
            "burier": _seat(obj, "burier") if obj.get("burier") is not None else None,
            "levels": (_team_level(levels_raw[0]), _team_level(levels_raw[1])), "trick_points": points,
            "kitty": kitty, "last_play": last, "lead": lead}


def q_settle(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    result = settle_hand(rules=rules, **_settle_inputs(obj))
    return {"kitty_bonus": result.kitty_bonus, "defender_points": result.defender_points,
            "next_dealer": result.next_dealer, "levels": list(result.levels_after),
            "match_winner": result.match_winner}


QUERIES: dict[str, Callable[[dict[str, Any], Rules], dict[str, Any]]] = {
    "parse": q_parse, "follow": q_follow, "lead": q_lead, "trick": q_trick, "bid": q_bid, "settle": q_settle,
}


def _rules(value: Any) -> Rules:
    """``Rules.from_json``, remembered for the same JSON (rules are immutable; a batch names a few)."""
    key: Any = value
    if not (value is None or isinstance(value, str)):
        try:
            key = ("json", json.dumps(value, sort_keys=True))  # (never equal to a preset's name)
        except (TypeError, ValueError):
            return Rules.from_json(value)
    rules = _RULES.get(key)
    if rules is None:
        rules = Rules.from_json(value)
        if len(_RULES) >= _PARSED_LIMIT:
            _RULES.clear()
        _RULES[key] = rules
    return rules


_RULES: dict[Any, Rules] = {}  # by the preset's name (or None), or the object's JSON


def _error_text(exc: EngineError) -> str:
    """The engine's message key and its parameters (the engine does not know the catalogue's texts)."""
    params = ", ".join(f"{k}={v}" for k, v in sorted(exc.params.items()))
    return f"{exc.key} ({params})" if params else exc.key


def answer(line: str) -> dict[str, Any]:
    """The answer object for one input line (never raises)."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"invalid JSON: {exc.msg}"}
    if not isinstance(obj, dict):
        return {"error": "a query must be a JSON object"}
    out: dict[str, Any] = {}
    try:
        query = _field(obj, "q")
        handler = QUERIES.get(query) if isinstance(query, str) else None
        if handler is None:
            raise JudgeError(f"unknown query {query!r}")
        out = handler(obj, _rules(obj.get("rules")))
    except JudgeError as exc:
        out = {"error": str(exc)}
    except EngineError as exc:
        out = {"error": _error_text(exc)}
    except Exception as exc:  # a bug must not stop the judge: report it on this line
        log.exception("internal error on %r", line)
        out = {"error": f"internal error: {type(exc).__name__}: {exc}"}
    if "id" in obj:
        out = {"id": obj["id"], **out}
    return out


def run(stdin: TextIO, stdout: TextIO) -> None:
    """Answer every line of ``stdin`` on ``stdout``, one line each, flushing as it goes: the answers to the lines
    that have arrived are written at once, before waiting for more (one write per batch piped in, not per line)."""
    for lines in _arriving(stdin):
        stdout.write("".join([_answer_line(line) for line in lines]))
        stdout.flush()


def _answer_line(line: str) -> str:
    out = answer(line)
    legal = out.get("legal")
    return _VERDICTS[legal] if len(out) == 1 and type(legal) is bool else _ENCODE(out) + "\n"


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(..., ensure_ascii=False), made once
_VERDICTS = {v: _ENCODE({"legal": v}) + "\n" for v in (True, False)}  # the commonest answers, written once


def _arriving(stdin: TextIO) -> Iterator[list[str]]:
    """The lines of ``stdin`` as they arrive: each time, those that input already holds (a stream without a
    byte buffer: one line at a time). Read as ``sys.stdin`` reads them: its encoding, lines ending at ``\n``."""
    read1 = getattr(getattr(stdin, "buffer", None), "read1", None)
    if read1 is None:
        yield from ([line] for line in stdin)
        return
    decoder = codecs.getincrementaldecoder(stdin.encoding)(errors=stdin.errors or "strict")
    pending = ""
    while True:
        chunk: bytes = read1(1 << 16)  # what is there, or one read that waits for input
        lines = (pending + decoder.decode(chunk, final=not chunk)).split("\n")
        pending = lines.pop()
        if lines:
            yield [line + "\n" for line in lines]
        if not chunk:
            break
    if pending:
        yield [pending]


def main() -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    run(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
