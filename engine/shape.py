"""The table's shape — RULES §12.1, §13.1: how many decks, how many seats, and how teams form.

``TableShape(decks, players, mode)`` is a value the rules carry (``Rules.shape``). It answers the sizes the deal
needs (cards, each hand, the kitty 底牌, total points) and, for fixed partners (``mode: tractor``), the teams:
even against odd seats. With two decks and four seats every answer is the v2 game's (25 cards each, kitty 8,
200 points, seats {0, 2} against {1, 3}). In 找朋友 (``mode: friends``) teams form during play (``engine.friends``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import RulesError

DECK_CARDS = 54
DECK_POINTS = 100
MIN_DECKS, MAX_DECKS = 1, 4
MIN_PLAYERS, MAX_PLAYERS = 4, 8
MIN_KITTY = 5  # rbtying: a kitty below 5 cards gets one more card per player


class Mode(StrEnum):
    """§12.6 how teams form: fixed partners (``tractor``, 双升/升级) or 找朋友 (``friends``)."""

    TRACTOR = "tractor"
    FRIENDS = "friends"


def default_decks(players: int) -> int:
    """§13.1 a deck for every two players: 4–5 players 2, 6–7 players 3, 8 players 4."""
    return players // 2


def formula_kitty(decks: int, players: int) -> int:
    """§12.1 rbtying's kitty: 54N mod players; 0 → players; below 5 → plus players."""
    kitty = (DECK_CARDS * decks) % players
    if kitty == 0:
        kitty = players
    if kitty < MIN_KITTY:
        kitty += players
    return kitty


@dataclass(frozen=True, slots=True)
class TableShape:
    """Decks, seats and mode, validated (§12.6); ``kitty`` is the §12.1 formula's unless a table sets it."""

    decks: int = 2
    players: int = 4
    mode: Mode = Mode.TRACTOR
    kitty: int = 8

    @classmethod
    def of(cls, decks: int = 2, players: int = 4, mode: Mode | str = Mode.TRACTOR,
           kitty: int | None = None) -> TableShape:
        """The shape with its kitty from the formula (or ``kitty``), validated; raises ``RulesError``."""
        _check_int("decks", decks, MIN_DECKS, MAX_DECKS)
        _check_int("players", players, MIN_PLAYERS, MAX_PLAYERS)
        try:
            typed = Mode(mode)
        except ValueError:
            raise RulesError("rules.bad_value", option="mode", value=repr(mode)) from None
        if typed is Mode.TRACTOR and players % 2:
            raise RulesError("rules.tractor_odd_players", players=players)
        size = formula_kitty(decks, players) if kitty is None else kitty
        if kitty is not None:
            _check_int("kitty_size", kitty, 1, DECK_CARDS * decks - players)
            if (DECK_CARDS * decks - kitty) % players:
                raise RulesError("rules.kitty_uneven", kitty=kitty, cards=DECK_CARDS * decks, players=players)
        return cls(decks, players, typed, size)

    @property
    def cards(self) -> int:
        """Cards in play: 54 per deck."""
        return DECK_CARDS * self.decks

    @property
    def hand_size(self) -> int:
        """Cards each player is dealt (§12.1: 12, 25, 39, 52 with four seats)."""
        return (self.cards - self.kitty) // self.players

    @property
    def total_points(self) -> int:
        """Points in the cards: 100 per deck."""
        return DECK_POINTS * self.decks

    @property
    def is_standard(self) -> bool:
        """Two decks, four seats, fixed partners: the v2 game."""
        return self.decks == 2 and self.players == 4 and self.mode is Mode.TRACTOR

    @property
    def fixed_partners(self) -> bool:
        """Teams are fixed: even seats against odd seats (§13.1)."""
        return self.mode is Mode.TRACTOR

    def default_friends(self) -> int:
        """§13.3 F = ⌊players/2⌋ − 1 friend calls (the dealer's team is never the larger)."""
        return self.players // 2 - 1

    def team_of(self, seat: int) -> int:
        """A seat's fixed team: 0 for even seats, 1 for odd (``mode: tractor``)."""
        return seat % 2

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The seat ``step`` places after ``seat`` in playing order."""
        return (seat + step) % self.players

    def seats(self) -> range:
        """All seats in playing order."""
        return range(self.players)


def _check_int(option: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError("rules.bad_value", option=option, value=repr(value))


STANDARD_SHAPE = TableShape()
