"""``python -m cli.arena``'s per-deal outcomes and the deal-by-deal comparison of two runs (``--against``)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from cli.arena import main, outcome_lines, paired
from cli.duplicate import DealOutcome, game_result, play_deal, play_hand, seat_levels
from engine import arena as old_name
from engine.actions import Action
from engine.ai.strong import SearchStats
from engine.rules import Rules
from engine.table import Table
from engine.views import HandResult


def _outcome(seed: int, level_diff: int) -> DealOutcome:
    return DealOutcome(seed, level_diff, 10 * level_diff, {})


def test_paired_compares_the_deals_both_runs_played() -> None:
    before = outcome_lines([_outcome(1, 2), _outcome(2, 0), _outcome(3, -1), _outcome(9, 4)])
    assert [json.loads(line)["seed"] for line in before.splitlines()] == [1, 2, 3, 9]
    gain = paired([_outcome(1, 3), _outcome(2, 0), _outcome(3, 1), _outcome(4, 5)], before)
    assert gain["deals"] == 3  # deal 4 is not in the other run, deal 9 not in this one
    assert gain["mean_gain"] == pytest.approx(1.0)  # (+1, 0, +2) / 3
    assert gain["ci_low"] < 1.0 < gain["ci_high"]
    with pytest.raises(ValueError):
        paired([_outcome(5, 1)], before)


def test_a_run_against_its_own_outcomes_gains_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = tmp_path / "first.jsonl"
    args = ["--team-a", "basic", "--team-b", "basic_v2", "--deals", "3", "--seed", "5", "--workers", "1", "--json"]
    assert main([*args, "--outcomes", str(first)]) == 0
    lines = first.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    capsys.readouterr()
    assert main([*args, "--against", str(first)]) == 0  # basic players are deterministic for given seeds
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["against"] == {"deals": 3, "mean_gain": 0.0, "ci_low": 0.0, "ci_high": 0.0}


def test_a_bad_against_file_stops_the_run_before_any_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n', encoding="utf-8")
    for path in (bad, tmp_path / "missing.jsonl"):
        with pytest.raises(SystemExit) as stop:
            main(["--team-a", "basic", "--team-b", "basic_v2", "--deals", "1", "--against", str(path)])
        assert stop.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()[-1]
        assert err.startswith("python -m cli.arena: error: --against") and str(path) in err


def test_the_old_program_name_says_which_command_to_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert old_name.main(["--team-a", "strong", "--deals", "400"]) == 2
    line = capsys.readouterr().err.strip()
    assert line.endswith("run: python -m cli.arena --team-a strong --deals 400")
    assert "\n" not in line


def test_the_levels_hold_alternate_seats_and_swap_on_the_replay() -> None:
    assert seat_levels("strong", "basic", 6, 0) == ["strong", "basic"] * 3
    assert seat_levels("strong", "basic", 6, 1) == ["basic", "strong"] * 3
    assert seat_levels("a", "b", 5, 0) == ["a", "b", "a", "b", "a"]


def test_a_friends_hand_reads_per_player() -> None:
    rules = Rules.from_preset("standard", players=6, mode="friends")
    deal = play_deal((rules, 3, "basic", "random", 0.01, None, "alternate"))
    assert deal.times["basic"] and deal.times["random"]  # both levels played both games
    record = play_hand(rules, 3, seat_levels("basic", "random", 6, 0), ai_seed=6)
    result = record.result
    gains = result.level_gains
    a = sum(gains[s] for s in range(6) if s % 2 == 0) / 3 - sum(gains[s] for s in range(6) if s % 2) / 3
    assert game_result(result, 6, 0)[0] == pytest.approx(a)
    assert game_result(result, 6, 1)[0] == pytest.approx(-a)
    assert len(gains) == 6 and result.team and result.team[0] == result.dealer


def test_options_choose_the_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--team-a", "basic", "--team-b", "random", "--deals", "1", "--workers", "1",
                 "--options", "mode=friends players=5"]) == 0
    assert "(2 decks, 5 seats, friends), 1 duplicate deals (rotate seating)" in capsys.readouterr().out
    assert main(["--team-a", "basic", "--team-b", "random", "--deals", "1", "--workers", "1", "--options", "decks=3",
                 "--seating", "rotate"]) == 0
    assert "(3 decks, 4 seats, tractor), 1 duplicate deals (rotate seating)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--deals", "1", "--options", "decks=9"])


def test_a_friends_deal_between_equal_levels_is_an_exact_tie() -> None:
    out = play_deal((Rules.from_preset("standard", players=6, mode="friends"), 21, "basic", "basic", 0.2, None))
    assert out.level_diff == 0 and out.point_diff == 0


def _mine(result: HandResult, seat: int) -> tuple[int, int]:
    """The seat's levels gained and points (taken as a defender, or conceded on the dealer's side)."""
    if result.team:  # 找朋友: per seat
        return result.level_gains[seat], -result.defender_points if seat in result.team else result.defender_points
    team = seat % 2
    return result.level_gains[team], -result.defender_points if team == result.dealer % 2 else result.defender_points


@pytest.mark.parametrize("options", [{"players": 5, "mode": "friends"}, {"decks": 3}])
def test_rotation_seats_one_a_player_against_the_field(options: dict[str, object]) -> None:
    """``rotate``: the all-B game, then A alone at each seat; the deal reads the mean over the seats of A's gain there
    minus B's in the all-B game (levels, then points), per player."""
    rules = Rules.from_preset("standard", **options)  # type: ignore[arg-type]
    seed, players = 4, rules.players
    out = play_deal((rules, seed, "basic", "random", 0.01, None, "rotate"))
    field = play_hand(rules, seed, ["random"] * players, ai_seed=seed * 2).result
    levels = points = 0.0
    for seat in range(players):
        alone = play_hand(rules, seed, ["random"] * seat + ["basic"] + ["random"] * (players - seat - 1),
                          ai_seed=seed * 2).result
        levels += (_mine(alone, seat)[0] - _mine(field, seat)[0]) / players
        points += (_mine(alone, seat)[1] - _mine(field, seat)[1]) / players
    assert out.level_diff == pytest.approx(levels) and out.point_diff == pytest.approx(points)
    assert len(out.times["random"]) > len(out.times["basic"]) > 0  # (the field plays players + 1 games)
    tie = play_deal((rules, seed, "basic", "basic", 0.01, None, "rotate"))
    assert tie.level_diff == 0 and tie.point_diff == 0


def test_an_observer_sees_every_decision_before_the_table_applies_it() -> None:
    rules = Rules.from_preset("standard", players=5, mode="friends")
    seen: list[tuple[int, int]] = []

    def observe(table: Table, seat: int, action: Action | None, stats: SearchStats) -> None:
        assert table.to_act()[0] == seat and (action is None or action.seat == seat)
        seen.append((seat, len(table.actions_json())))

    record = play_hand(rules, 2, ["basic", "random"] * 2 + ["basic"], ai_seed=4, observe=observe)
    assert len(seen) == sum(len(v) for v in record.times.values())
    assert all(before < after for (_, before), (_, after) in itertools.pairwise(seen))
