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
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from engine.cards import format_cards
from engine.errors import EngineError
from engine.follow import follow_error
from engine.judge_fields import (
    _PARSED_LIMIT,
    JudgeError,
    _card_list,
    _cards,
    _check_copies,
    _check_hand,
    _context,
    _field,
    _union,
)
from engine.judge_hand import q_bid, q_friends, q_settle
from engine.rules import Rules
from engine.throws import check_throw, throw_penalty
from engine.trick import trick_points, trick_winner
from engine.units import Unit, UnitKind, decompose_lead

log = logging.getLogger(__name__)

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


QUERIES: dict[str, Callable[[dict[str, Any], Rules], dict[str, Any]]] = {
    "parse": q_parse, "follow": q_follow, "lead": q_lead, "trick": q_trick, "bid": q_bid, "settle": q_settle,
    "friends": q_friends,
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
