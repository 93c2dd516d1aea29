"""The judge's hand questions (docs/JUDGE.md): ``bid`` (may this declaration be made), ``settle`` (the end of a
hand: fixed partners, or 找朋友 with one level per seat) and ``friends`` (who has joined the dealer's team).
A thin layer: it reads the query (``engine.judge_fields``) and calls the rule functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.declaring import check_declaration
from engine.errors import IllegalAction
from engine.friends import FriendCall, Friends, check_calls
from engine.friends_settlement import settle_friends
from engine.judge_fields import (
    JudgeError,
    _card_list,
    _cards,
    _check_copies,
    _field,
    _level,
    _seat,
    _trump,
    _union,
)
from engine.levels import is_team_level, level_index
from engine.rules import Rules
from engine.settlement import settle_hand
from engine.shape import Mode
from engine.trump import TRUMP_CHOICES, Trump
from engine.views import DeclarationView


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
    players, decks = rules.players, rules.decks
    seat = _seat(obj, "seat", players)
    cards = _cards(obj, "cards")
    first_hand = _field(obj, "first_hand", False)
    if not isinstance(first_hand, bool):
        raise JudgeError("'first_hand' must be true or false")
    raw = _field(obj, "current", None)
    current = None
    if raw is not None:
        if not isinstance(raw, dict):
            raise JudgeError("'current' must be null or {\"seat\", \"cards\"}")
        cur_seat, cur_cards = _seat(raw, "seat", players), _cards(raw, "cards")
        if not cur_cards:
            raise JudgeError("'current.cards' is empty")
        trump = _standing_trump(raw, cur_cards)
        reinforced = raw.get("reinforced", False)  # RULES §5 v2: a reinforced pair falls only to a stronger kind
        if not isinstance(reinforced, bool):
            raise JudgeError("'current.reinforced' must be true or false")
        current = DeclarationView(cur_seat, cur_cards, trump, reinforced=reinforced)
        _check_copies(_union(cur_cards, cards) if cur_seat == seat else [*cur_cards, *cards], copies=decks)
    else:
        _check_copies(cards, copies=decks)
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


def _settle_inputs(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """The validated arguments shared by ``settle_hand`` and ``settle_friends`` (``lead`` optional)."""
    shape = rules.shape
    points = _field(obj, "points")
    if isinstance(points, bool) or not isinstance(points, int):
        raise JudgeError("'points' must be an integer")
    kitty, last = _cards(obj, "kitty"), _cards(obj, "last")
    lead = _cards(obj, "lead", None) if obj.get("lead") is not None else last
    if len(kitty) != shape.kitty:
        raise JudgeError(f"'kitty' must hold {shape.kitty} cards")
    if not last or len(lead) != len(last):
        raise JudgeError("'last' is empty or 'lead' has another number of cards")
    _check_copies(kitty, _union(last, lead), copies=shape.decks)
    return {"level": _level(_field(obj, "level")), "trump": _trump(obj), "dealer": _seat(obj, "dealer", shape.players),
            "last_winner": _seat(obj, "last_winner", shape.players), "trick_points": points, "kitty": kitty,
            "last_play": last, "lead": lead}


def _levels(obj: dict[str, Any], count: int, what: str) -> list[str]:
    raw = _field(obj, "levels")
    if not isinstance(raw, list) or len(raw) != count:
        raise JudgeError(f"'levels' must be {what}")
    return [_team_level(v) for v in raw]


def q_settle(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    if rules.mode is Mode.FRIENDS:
        return _settle_friends(obj, rules)
    hand_number = _field(obj, "hand_number", 1)
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
        raise JudgeError("'hand_number' must be a positive integer")
    levels = _levels(obj, 2, "the two teams' levels")
    burier = _seat(obj, "burier", rules.players) if obj.get("burier") is not None else None
    result = settle_hand(rules=rules, hand_number=hand_number, levels=(levels[0], levels[1]), burier=burier,
                         **_settle_inputs(obj, rules))
    return {"kitty_bonus": result.kitty_bonus, "defender_points": result.defender_points,
            "next_dealer": result.next_dealer, "levels": list(result.levels_after),
            "match_winner": result.match_winner}


def _settle_friends(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """``settle`` in 找朋友: one level per seat and the dealer's final ``team`` (RULES §13.5-13.8)."""
    players = rules.players
    levels = _levels(obj, players, f"one level per seat ({players})")
    if any(level_index(v) < 0 for v in levels):
        raise JudgeError("'levels' must be ranks 2..A in 找朋友")
    inputs = _settle_inputs(obj, rules)
    team = _seats(_field(obj, "team"), "team", players)
    if inputs["dealer"] not in team:
        raise JudgeError("'team' must hold the dealer")
    result = settle_friends(rules=rules, levels=levels, team=team, **inputs)
    return {"kitty_bonus": result.kitty_bonus, "defender_points": result.defender_points,
            "next_dealer": result.next_dealer, "levels": list(result.levels_after),
            "match_winner": list(result.winners) or None}


def _seats(value: Any, name: str, players: int) -> list[int]:
    if not isinstance(value, list) or len(set(map(repr, value))) != len(value):
        raise JudgeError(f"'{name}' must be a list of distinct seats")
    return [_seat({name: v}, name, players) for v in value]


def _calls(value: Any) -> list[FriendCall]:
    if not isinstance(value, list):
        raise JudgeError("'calls' must be a list of {\"card\", \"ordinal\"}")
    out = []
    for raw in value:
        if not isinstance(raw, dict):
            raise JudgeError("'calls' must be a list of {\"card\", \"ordinal\"}")
        card = _card_list([_field(raw, "card")], "calls")[0]
        ordinal = _field(raw, "ordinal")
        if isinstance(ordinal, bool) or not isinstance(ordinal, int):
            raise JudgeError("'ordinal' must be an integer")
        out.append(FriendCall(card, ordinal))
    return out


def q_friends(obj: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """Who has joined the dealer's team after the given complete tricks (RULES §13.3-13.4)."""
    players = rules.players
    level, trump = _level(_field(obj, "level")), _trump(obj)
    dealer = _seat(obj, "dealer", players)
    calls = _calls(_field(obj, "calls"))
    check_calls(calls, level, trump, rules, count=False)
    raw = _field(obj, "tricks")
    if not isinstance(raw, list):
        raise JudgeError("'tricks' must be a list of tricks")
    friends = Friends.start(dealer, calls)
    played: list[tuple[Card, ...]] = []
    for trick in raw:
        if not isinstance(trick, list) or not all(isinstance(p, list) and len(p) == 2 for p in trick):
            raise JudgeError("each trick must be a list of [seat, cards]")
        plays = [(_seat({"seat": p[0]}, "seat", players), _card_list(p[1], "tricks")) for p in trick]
        if len({seat for seat, _ in plays}) != len(plays):
            raise JudgeError("a seat plays twice in one trick")
        played.extend(cards for _, cards in plays)
        friends = friends.after_trick(plays, rules)
    _check_copies(*played, copies=rules.decks)
    return {"team": list(friends.team),
            "open": [{"card": str(c.call.card), "ordinal": c.call.ordinal, "skip": c.skip}
                     for c in friends.open_calls]}
