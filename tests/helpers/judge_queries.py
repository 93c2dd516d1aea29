"""Judge queries of every kind (``engine.judge.QUERIES``) under every preset (``engine.rules.PRESETS``), made
from random two-deck deals with fixed seeds: what the compiled and the plain-Python builds must answer alike.

Written from card texts alone (no engine code builds them), so both builds ask the same questions. Most are
well formed (a lead of one effective suit, hands from one deal, the dealer's team at the hand's level); some
are not, on purpose: the error answers must agree too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engine.judge import QUERIES
from engine.rules import PRESETS

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "C", "D")
DECK = (*(f"{r}{s}" for s in SUITS for r in RANKS), "SJ", "BJ")
TRUMPS = (*SUITS, "NT")


class Deal:
    """Four hands of 25 and a kitty of 8 from two shuffled decks, a level rank and a trump."""

    def __init__(self, rng: random.Random) -> None:
        cards = [*DECK, *DECK]
        rng.shuffle(cards)
        self.hands = [cards[25 * i:25 * i + 25] for i in range(4)]
        self.kitty = cards[100:]
        self.level, self.trump = rng.choice(RANKS), rng.choice(TRUMPS)

    def suit_of(self, card: str) -> str:
        """The card's effective suit: ``T`` for jokers, level cards and the trump suit."""
        rank, suit = card[:-1], card[-1]
        return "T" if card in ("SJ", "BJ") or rank == self.level or suit == self.trump else suit

    def of_one_suit(self, rng: random.Random, hand: list[str], size: int) -> list[str]:
        """Up to ``size`` cards of one effective suit from ``hand`` (pairs kept together when drawn)."""
        by_suit: dict[str, list[str]] = {}
        for card in sorted(hand, key=DECK.index):
            by_suit.setdefault(self.suit_of(card), []).append(card)
        cards = by_suit[rng.choice(sorted(by_suit))]
        start = rng.randrange(len(cards))
        return cards[start:start + size]

    def base(self) -> dict[str, Any]:
        return {"level": self.level, "trump": self.trump}


def _parse(rng: random.Random, deal: Deal) -> dict[str, Any]:
    hand = deal.hands[0]
    cards = deal.of_one_suit(rng, hand, rng.randint(1, 7)) if rng.random() < 0.8 else rng.sample(hand, 3)
    return {**deal.base(), "cards": cards}


def _follow(rng: random.Random, deal: Deal) -> dict[str, Any]:
    lead = deal.of_one_suit(rng, deal.hands[0], rng.randint(1, 6))
    hand = deal.hands[1]
    same = [c for c in hand if deal.suit_of(c) == deal.suit_of(lead[0])]
    if rng.random() < 0.6:  # the led suit first (as far as it goes), then any other cards
        play = rng.sample(same, min(len(same), len(lead)))
        play += rng.sample([c for c in hand if c not in same], len(lead) - len(play))
    else:
        play = rng.sample(hand, len(lead))
    return {**deal.base(), "lead": lead, "hand": hand, "play": play}


def _lead(rng: random.Random, deal: Deal) -> dict[str, Any]:
    hand = deal.hands[0]
    play = deal.of_one_suit(rng, hand, rng.randint(1, 8)) if rng.random() < 0.75 else rng.sample(hand, 2)
    return {**deal.base(), "hand": hand, "others": deal.hands[1:], "play": play,
            "leader_team": rng.choice(("dealer", "defenders"))}


def _trick(rng: random.Random, deal: Deal) -> dict[str, Any]:
    lead = deal.of_one_suit(rng, deal.hands[0], rng.randint(1, 4))
    plays = [lead]
    for hand in deal.hands[1:]:
        same = [c for c in hand if deal.suit_of(c) == deal.suit_of(lead[0])]
        pool = same if len(same) >= len(lead) and rng.random() < 0.7 else hand
        plays.append(rng.sample(pool, len(lead)))
    return {**deal.base(), "plays": plays[:rng.choice((4, 4, 4, 2))]}


def _declaration(rng: random.Random, level: str) -> list[str]:
    suit = rng.choice(SUITS)
    joker = rng.choice(("SJ", "BJ"))  # with one or two level cards: 带王亮主 (joker_single_with_level)
    return rng.choice(([f"{level}{suit}"], [f"{level}{suit}"] * 2, ["SJ", "SJ"], ["BJ", "BJ"],
                       [joker, f"{level}{suit}"], [joker, f"{level}{suit}", f"{level}{suit}"],
                       [f"{level}{suit}", f"{level}{rng.choice(SUITS)}"], [rng.choice(DECK)]))


def _bid(rng: random.Random, deal: Deal) -> dict[str, Any]:
    query: dict[str, Any] = {"level": deal.level, "seat": rng.randrange(4), "first_hand": rng.random() < 0.5,
                             "current": None}
    if rng.random() < 0.75:
        cards = _declaration(rng, deal.level)
        current: dict[str, Any] = {"seat": rng.randrange(4), "cards": cards}
        if rng.random() < 0.2:
            current["trump"] = rng.choice(TRUMPS)
        if len(cards) == 2 and rng.random() < 0.3:
            current["reinforced"] = True
        query["current"] = current
    query["cards"] = _declaration(rng, deal.level)
    if query["current"] and rng.random() < 0.2:  # a reinforcement: the standing single and its twin
        query["seat"] = query["current"]["seat"]
        query["cards"] = [query["current"]["cards"][0]] * 2
    return query


def _settle(rng: random.Random, deal: Deal) -> dict[str, Any]:
    dealer = rng.randrange(4)
    levels = [rng.choice(RANKS), rng.choice(RANKS)]
    levels[dealer % 2] = deal.level
    last = deal.of_one_suit(rng, deal.hands[rng.randrange(4)], rng.randint(1, 4))
    query = {**deal.base(), "dealer": dealer, "levels": levels, "points": 5 * rng.randrange(-4, 48),
             "kitty": deal.kitty, "last": last, "last_winner": rng.randrange(4), "hand_number": rng.randint(1, 3)}
    if rng.random() < 0.3:
        query["burier"] = rng.randrange(4)
    return query


def _friends(rng: random.Random, deal: Deal) -> dict[str, Any]:
    """找朋友 at 4-8 seats and 1-4 decks: two calls by card and ordinal, then a few tricks of single cards dealt
    from the table's own decks (the calls often name a card that comes up, so friends join)."""
    players, decks = rng.randint(4, 8), rng.randint(1, 4)
    cards = [*DECK] * decks
    rng.shuffle(cards)
    dealer = rng.randrange(players)
    tricks: list[list[tuple[int, list[str]]]] = []
    for _ in range(rng.randint(0, 4)):
        lead = rng.randrange(players)
        tricks.append([((lead + i) % players, [cards.pop()]) for i in range(players)])
    seen = [play[0] for trick in tricks for _, play in trick if deal.suit_of(play[0]) != "T"]  # (trumps: refused)
    called = [rng.choice(seen) if seen and rng.random() < 0.8 else rng.choice(DECK) for _ in range(2)]
    calls = [{"card": card, "ordinal": rng.randint(1, decks)} for card in called]
    rules = {"mode": "friends", "players": players, "decks": decks}  # (on the preset: see ``queries``)
    return {**deal.base(), "rules": rules, "dealer": dealer, "calls": calls, "tricks": tricks}


MAKERS: dict[str, Callable[[random.Random, Deal], dict[str, Any]]] = {
    "parse": _parse, "follow": _follow, "lead": _lead, "trick": _trick, "bid": _bid, "settle": _settle,
    "friends": _friends,
}


def _query(kind: str, preset: str, fields: dict[str, Any], number: int) -> dict[str, Any]:
    """One query line: options a maker sets (a shape, a mode) go on top of the preset."""
    rules = {"preset": preset, **fields.pop("rules")} if "rules" in fields else preset
    return {"q": kind, "rules": rules, **fields, "id": number}


def queries(per_kind: int = 40, seed: int = 1) -> dict[str, list[str]]:
    """``"<kind> <preset>"`` -> ``per_kind`` query lines, for every query kind the judge knows and every preset (a
    kind without a maker here is a ``KeyError``: a new query kind must be added)."""
    out: dict[str, list[str]] = {}
    for kind in QUERIES:
        make = MAKERS[kind]
        for preset in PRESETS:
            rng = random.Random(f"{seed} {kind} {preset}")
            out[f"{kind} {preset}"] = [json.dumps(_query(kind, preset, make(rng, Deal(rng)), i))
                                       for i in range(per_kind)]
    return out
