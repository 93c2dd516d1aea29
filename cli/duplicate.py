"""Duplicate deals (复式): AI levels play a deal's first hand to settlement (``play_hand``), and a deal is played under
one of the arena's seatings (``play_deal``: ``alternate`` or ``rotate``; ``python -m cli.arena`` describes them). Every
seat's AI sees only its ``SeatView``."""

from __future__ import annotations

import logging
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.actions import Action, DealAll, Pass
from engine.ai import choose_action, read_seats
from engine.ai.strong import SearchStats
from engine.rules import Rules
from engine.table import Table
from engine.views import HandResult, Phase

log = logging.getLogger(__name__)

MAX_STEPS = 2000


class AIError(RuntimeError):
    """An AI chose an action the table rejected (a bug: AIs must only play legal actions)."""


@dataclass
class GameRecord:
    """One played hand: its result and the decision times (ms) of each AI level."""

    result: HandResult
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # CPU ms per decision
    worlds: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # per searched decision
    open_worlds: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # ... not settled early
    actions: list[dict[str, object]] = field(default_factory=list)  # the table's action log (JSON)
    cards_played: int = 0  # cards in the hand's tricks (100 when the hand was played out)


Observer = Callable[[Table, int, "Action | None", SearchStats], None]


def play_hand(rules: Rules, seed: int, levels: Sequence[str], ai_seed: int, budget_s: float = 0.2,
              iterations: int | None = None, observe: Observer | None = None) -> GameRecord:
    """Play the first hand of ``Table.new(rules, seed)`` with ``levels[seat]`` AIs until it is settled
    (``observe(table, seat, action, stats)``: called with each AI decision before the table applies it)."""
    table = Table.new(rules, seed)
    rngs = [random.Random(ai_seed * rules.players + s) for s in range(rules.players)]
    read = read_seats(levels)  # every seat is an AI: the strong ones read the others' plays
    times: dict[str, list[float]] = defaultdict(list)
    cpu_times: dict[str, list[float]] = defaultdict(list)
    worlds: dict[str, list[int]] = defaultdict(list)
    open_worlds: dict[str, list[int]] = defaultdict(list)
    steps = 0

    def act(seat: int) -> Action | None:
        view = table.seat_view(seat)
        stats = SearchStats()
        start, cpu = time.perf_counter(), time.process_time()
        action = choose_action(view, levels[seat], rngs[seat], budget_s=budget_s, iterations=iterations,
                               stats=stats, read=read)
        times[levels[seat]].append((time.perf_counter() - start) * 1000)
        cpu_times[levels[seat]].append((time.process_time() - cpu) * 1000)
        if stats.worlds:
            worlds[levels[seat]].append(stats.worlds)
            if not stats.settled:
                open_worlds[levels[seat]].append(stats.worlds)
        if observe is not None:
            observe(table, seat, action, stats)
        return action

    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        steps += 1
        if steps > MAX_STEPS:
            raise AIError(f"no settlement after {MAX_STEPS} steps (seed {seed})")
        phase = table.phase
        if phase is Phase.DEALING:
            table.apply(DealAll())
            continue
        seat = table.to_act()[0]
        action = act(seat)
        if action is None:
            action = Pass(seat=seat)
        try:
            table.apply(action)
        except Exception as exc:  # an AI bug: report the state
            raise AIError(f"{levels[seat]} AI at seat {seat} chose illegal {action.to_json()} in {phase}: {exc}") \
                from exc
    pub = table.public_view()
    assert pub.last_result is not None
    played = sum(len(cards) for trick in pub.tricks for _, cards in trick.plays)
    return GameRecord(pub.last_result, times, cpu_times, worlds, open_worlds, table.actions_json(), played)


@dataclass
class DealOutcome:
    """Team A's duplicate result on one deal."""

    seed: int
    level_diff: float  # levels per player (whole levels with fixed partners)
    point_diff: float
    times: dict[str, list[float]]
    cpu: dict[str, list[float]] = field(default_factory=dict)
    worlds: dict[str, list[int]] = field(default_factory=dict)
    open_worlds: dict[str, list[int]] = field(default_factory=dict)  # searched decisions not settled early


def _team_points(result: HandResult, team: int) -> int:
    """Defender points taken by ``team`` as defenders, or conceded (negative) as dealers."""
    dealer_team = result.dealer % 2
    return -result.defender_points if team == dealer_team else result.defender_points


def a_seats(players: int, swap: int) -> list[int]:
    """Level A's seats: the even ones, or (``swap``) the odd ones."""
    return [seat for seat in range(players) if (seat % 2 == 0) != bool(swap)]


def seat_levels(team_a: str, team_b: str, players: int, swap: int) -> list[str]:
    """The AI level of each seat: A at ``a_seats``, B at the others."""
    ours = a_seats(players, swap)
    return [team_a if seat in ours else team_b for seat in range(players)]


def game_result(result: HandResult, players: int, swap: int) -> tuple[float, float]:
    """Level A's result in one game, per player: (mean level gain of A's seats minus B's, the same of the points
    taken as defenders or conceded on the dealer's side)."""
    a_seats_ = a_seats(players, swap)
    b_seats = [s for s in range(players) if s not in a_seats_]
    if not result.team:  # fixed partners: the gains are per team (even, odd seats)
        a = a_seats_[0] % 2
        return float(result.level_gains[a] - result.level_gains[1 - a]), float(_team_points(result, a))
    gains = result.level_gains

    def mean(seats: list[int], values: Sequence[float]) -> float:
        return sum(values[s] for s in seats) / len(seats)

    points = [-result.defender_points if s in result.team else result.defender_points for s in range(players)]
    return mean(a_seats_, gains) - mean(b_seats, gains), mean(a_seats_, points) - mean(b_seats, points)


SEATINGS = ("auto", "alternate", "rotate")

DealJob = tuple[Rules, int, str, str, float, int | None] | tuple[Rules, int, str, str, float, int | None, str]


def rotates(rules: Rules, seating: str = "auto") -> bool:
    """Whether ``seating`` seats one A player against the field (``auto``: in 找朋友, where teams are not fixed)."""
    return seating == "rotate" or (seating == "auto" and not rules.shape.fixed_partners)


def play_deal(args: DealJob) -> DealOutcome:
    """One deal, seated as ``args[6]`` says (``auto`` when left out): ``play_alternate`` or ``play_rotation``."""
    rules, seed, team_a, team_b, budget, iterations = args[:6]
    seating = args[6] if len(args) > 6 else "auto"
    if rotates(rules, seating):
        return play_rotation(rules, seed, team_a, team_b, budget, iterations)
    return play_alternate(rules, seed, team_a, team_b, budget, iterations)


def play_alternate(rules: Rules, seed: int, team_a: str, team_b: str, budget: float,
                   iterations: int | None) -> DealOutcome:
    """Both games of one deal: A at the even seats, then at the odd ones."""
    outcome = DealOutcome(seed, 0.0, 0.0, {})
    for swap in (0, 1):
        levels = seat_levels(team_a, team_b, rules.players, swap)
        rec = play_hand(rules, seed, levels, ai_seed=seed * 2 + swap, budget_s=budget, iterations=iterations)
        levels_diff, points_diff = game_result(rec.result, rules.players, swap)
        outcome.level_diff += levels_diff
        outcome.point_diff += points_diff
        _add_times(outcome, rec)
    return outcome


def seat_result(result: HandResult, seat: int) -> tuple[int, int]:
    """(Levels gained, points taken as a defender or conceded on the dealer's side) by the player at ``seat``."""
    if not result.team:  # fixed partners: per team (even, odd seats)
        return result.level_gains[seat % 2], _team_points(result, seat % 2)
    points = -result.defender_points if seat in result.team else result.defender_points
    return result.level_gains[seat], points


def play_rotation(rules: Rules, seed: int, team_a: str, team_b: str, budget: float,
                  iterations: int | None) -> DealOutcome:
    """One deal with B at every seat, then once per seat with A there alone: the mean over the seats of what A's
    player gained at the seat beyond B's player there (levels, then points), per player."""
    players = rules.players
    outcome = DealOutcome(seed, 0.0, 0.0, {})
    field = play_hand(rules, seed, [team_b] * players, ai_seed=seed * 2, budget_s=budget, iterations=iterations)
    _add_times(outcome, field)
    for seat in range(players):
        levels = [team_b] * players
        levels[seat] = team_a
        rec = play_hand(rules, seed, levels, ai_seed=seed * 2, budget_s=budget, iterations=iterations)
        (gain, points), (base_gain, base_points) = seat_result(rec.result, seat), seat_result(field.result, seat)
        outcome.level_diff += (gain - base_gain) / players
        outcome.point_diff += (points - base_points) / players
        _add_times(outcome, rec)
    return outcome


def _add_times(outcome: DealOutcome, rec: GameRecord) -> None:
    """A game's decision times and searched deals, added to its deal's by AI level."""
    for into, part in ((outcome.times, rec.times), (outcome.cpu, rec.cpu)):
        for k, v in part.items():
            into.setdefault(k, []).extend(v)
    for counts, got in ((outcome.worlds, rec.worlds), (outcome.open_worlds, rec.open_worlds)):
        for k, w in got.items():
            counts.setdefault(k, []).extend(w)
