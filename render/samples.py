"""Hand-built table states for previews, benchmarks and tests (deterministic; no engine table needed)."""

from __future__ import annotations

import logging
from dataclasses import replace

from engine.cards import Card, parse_cards, shuffled_deck
from engine.levels import Level
from engine.rules import Rules
from engine.trump import Trump
from engine.views import DeclarationView, HandResult, Phase, PublicView, SeatView, ThrowFailure, TrickView
from render.ladder import LadderRow, shared_ranks
from render.stats import StatsCard

log = logging.getLogger(__name__)

NAMES: tuple[str, ...] = ("张伟", "Alice", "王小明🀄✨", "Bob the Builder")
LONG_NAMES: tuple[str, ...] = ("阿" * 32, "W" * 32, "🙂" * 10 + "名字很长的玩家" * 3 + "x" * 5, "m" * 32)


def _trick(leader: int, plays: list[str], winner: int | None) -> TrickView:
    cards = [parse_cards(p) for p in plays]
    seats = [(leader + i) % 4 for i in range(len(plays))]
    points = sum(c.points for play in cards for c in play)
    return TrickView(leader, tuple(zip(seats, cards, strict=True)), winner, points)


def public_view(phase: Phase = Phase.PLAYING, *, trump: str | None = "H", level: str = "7",
                trick_plays: int = 4, hand_sizes: tuple[int, int, int, int] = (21, 21, 21, 21)) -> PublicView:
    """A mid-hand public view: dealer seat 0 at level 7, hearts trump, a trick of pairs with a ruff led by a failed
    throw (甩牌失败) of seat 1."""
    trick = _trick(1, ["KS KS", "3S 3S", "7C 7C", "5S 9S"][:trick_plays], 3 if trick_plays >= 3 else 1)
    if trick_plays == 4:
        trick = replace(trick, winner=3)
    prev = _trick(0, ["AD", "10D", "2H", "KD"], 2)
    declaration = DeclarationView(2, parse_cards("7H"), Trump.H) if trump else None
    return PublicView(
        rules=Rules(), hand_number=3, phase=phase, levels=(Level("7"), Level("4")), dealer=0, level=Level(level),
        trump=None if trump is None else Trump.parse(trump),
        declaration=declaration, to_act=(2,) if trick_plays < 4 else (3,), hand_sizes=hand_sizes,
        cards_dealt=100, trick=trick if phase is Phase.PLAYING else None,
        tricks=(prev,) if phase is Phase.PLAYING else (), defender_points=45,
        penalties=(ThrowFailure(1, parse_cards("KS KS QS"), parse_cards("KS KS"), parse_cards("QS"), -10),),
        kitty_holder=0,
        last_result=None, results=(), match_winner=None)


def seat_view(n_cards: int = 25, *, seat: int = 0, seed: int = 7, phase: Phase = Phase.PLAYING,
              trump: str | None = "H", kitty: bool = False) -> SeatView:
    """Seat ``seat`` holding the first ``n_cards`` of a shuffled double deck."""
    deck = shuffled_deck(seed)
    hand = tuple(deck[:n_cards])
    public = public_view(phase, trump=trump, hand_sizes=(n_cards, 25, 25, 25))
    return SeatView(seat=seat, public=public, hand=hand, kitty=tuple(deck[100:108]) if kitty else None)


def declaring_view() -> PublicView:
    """The declaring window: seat 2 declared ♥ with a pair, seat 1 passed."""
    base = public_view(Phase.DECLARING, trump=None)
    return replace(base, declaration=DeclarationView(2, parse_cards("7H 7H"), Trump.H), to_act=(0, 3), passed=(1,),
                   tricks=(), penalties=(), defender_points=0, hand_sizes=(25, 25, 25, 25))


def hand_result(number: int = 3, *, bonus: bool = True) -> HandResult:
    """A settled hand: defenders (team 1) caught 85 and dug the kitty with a pair (×4)."""
    kitty: tuple[Card, ...] = parse_cards("5C 10D KS 3S 4D 8C 9C JD")
    kitty_points = sum(c.points for c in kitty)
    mult = 4 if bonus else 0
    tricks = 85 if bonus else 60
    final = tricks + kitty_points * mult
    return HandResult(
        hand_number=number, dealer=0, level=Level("7"), trump=Trump.H, kitty=kitty, kitty_points=kitty_points,
        trick_points=tricks,
        kitty_multiplier=mult, kitty_bonus=kitty_points * mult, defender_points=final, last_winner=1,
        levels_before=_levels("7", "4"), levels_after=_levels("7", "6") if bonus else _levels("8", "4"),
        level_gains=(0, 2) if bonus else (1, 0),
        defenders_take_over=bonus, next_dealer=1 if bonus else 2, match_winner=None,
        notes=("settle.jack_bottom",) if not bonus else ())


def _levels(team0: str, team1: str) -> tuple[Level, Level]:
    return Level(team0), Level(team1)


def match_results() -> tuple[HandResult, ...]:
    """Eight hands alternating between the teams, ending with team 0 passing A."""
    path = [("2", "2"), ("4", "2"), ("4", "3"), ("7", "3"), ("7", "6"), ("9", "6"), ("9", "J"), ("K", "J"), ("A", "J")]
    out = []
    for i in range(len(path) - 1):
        before, after = path[i], path[i + 1]
        out.append(replace(hand_result(i + 1), levels_before=_levels(*before), levels_after=_levels(*after),
                           dealer=i % 4, level_gains=(0, 0), match_winner=0 if i == len(path) - 2 else None))
    return tuple(out)


def ladder_rows(n: int = 20) -> list[LadderRow]:
    """``n`` ladder rows with mixed names, ratings and streaks."""
    pool = [*NAMES, *LONG_NAMES, "李雷", "韩梅梅", "Zoë", "Ōtani", "小王子", "Nguyễn Văn A", "🃏 Joker", "Ann"]
    ratings = [round(1650 - 37.3 * i, 1) if i != 2 else round(1650 - 37.3, 1) for i in range(n)]  # 2nd and 3rd tie
    ranks = shared_ranks(ratings)
    return [LadderRow(rank=ranks[i], name=pool[i % len(pool)], rating=ratings[i],
                      level="A23456789"[i % 9] if i % 3 else "10", wins=40 - i, losses=10 + i // 2,
                      streak=(3 - i) if i % 4 else 0) for i in range(n)]


def stats_card() -> StatsCard:
    """A player with a few dozen games."""
    return StatsCard(name="张伟 Zhang Wei", rating=1432.5, level="J", laps=2, matches_won=17, matches_lost=9,
                     dealer_won=61, dealer_lost=30, defender_won=44, defender_lost=52, kitty_bonuses=7,
                     best_streak=5, recent=(True, True, False, True, False, False, True, True, True, False, True),
                     rank=4)
