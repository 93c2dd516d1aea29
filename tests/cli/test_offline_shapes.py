"""``python bot.py offline --options …`` plays every table shape (RULES §12–§13) through the service the bot
uses: one and three decks, six-player 找朋友 and eight seats of fixed partners. Each short match writes its log
and pictures, ends (or is stopped at the hand limit) cleanly with no error logged (the AI plays every shape
legally: a move it failed on would be logged) and is stored, on the shape's own ladder (``data.shapes``)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli.test_commands import bot

SHAPES = [("decks=3", 4, False), ("decks=1", 4, False), ("mode=friends players=6", 6, True), ("players=8", 8, False)]


def _stored(path: Path) -> tuple[list[tuple[str, int]], list[tuple[int, int]], list[str]]:
    """(status and seat count of each table, (ranked, players rows) of each match, the ladder rows' shapes)."""
    with sqlite3.connect(path) as conn:
        tables = [(status, len(json.loads(seats))) for status, seats in conn.execute(
            "SELECT status, seats FROM game_tables")]
        matches = [tuple(row) for row in conn.execute(
            "SELECT ranked, (SELECT COUNT(*) FROM match_players p WHERE p.match_id = m.id) FROM matches m")]
        ladder = [row[0] for row in conn.execute("SELECT shape FROM ladder")]
    return tables, matches, ladder  # type: ignore[return-value]


@pytest.mark.parametrize(("options", "seats", "friends"), SHAPES, ids=[s[0] for s in SHAPES])
def test_offline_plays_every_shape(tmp_path: Path, options: str, seats: int, friends: bool) -> None:
    done = bot("offline", "--db", "games.sqlite3", "--out", "out", "--end-level", "3", "--hands", "2",
               "--options", options, cwd=tmp_path, env={"LOG_LEVEL": "WARNING"}, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "ERROR" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-3000:]  # the AI played it
    out = tmp_path / "out"
    for name in ("hand01_trick01.png", "hand01_summary.png", "match_summary.png", "ladder.png"):
        assert (out / name).stat().st_size > 1000, name
    log = (out / "match_log.txt").read_text(encoding="utf-8")
    assert "Hand 1 settled" in log and ("Match over" in log or "hand limit" in log.lower()), log[-2000:]
    tables, matches, ladder = _stored(tmp_path / "games.sqlite3")
    assert tables in ([("finished", seats)], [("ended", seats)])  # won, or stopped at the hand limit
    if seats == 4:
        assert "South" in log and "Team A (South & North)" in log
        return
    assert f"Player {seats}" in log and "South" not in log
    key = f"{'friends' if friends else 'tractor'}-{seats // 2}d{seats}p"  # a deck for every two players
    assert ladder == [key] * seats  # every player on the shape's own ladder
    assert matches in ([], [(1, seats)])  # stopped at the hand limit (no match row), or won and rated
    if friends:
        assert "calls friends (找朋友)" in log and "The dealer's team: " in log
        assert "Team A" not in log
    else:
        assert "Team A (Player 1, Player 3, Player 5, Player 7)" in log


def test_the_bot_keeps_refusing_other_shapes_and_the_offline_job_takes_them() -> None:
    from engine.errors import RulesError
    from runtime.options import build_rules

    for options, key in (("players=6", "rules.seats_not_supported"), ("mode=friends", "rules.friends_not_offered")):
        with pytest.raises(RulesError) as err:
            build_rules(None, options)
        assert err.value.key == key
        assert build_rules(None, options, any_shape=True).to_json()["players"] in (4, 6)
    rules = build_rules("standard", "mode=friends players=7", any_shape=True)
    assert (rules.players, rules.decks, rules.friend_calls) == (7, 3, 2)


def test_the_friends_log_names_the_dealers_team_and_each_players_level() -> None:
    """RULES §14 example 46 as the log writes it: the dealer's team {0, 2, 1} held the defenders to 50 points
    (three decks: +2); each member climbs from its own level, the defenders stay."""
    from cli.offline.friendslog import settlement_lines
    from engine.cards import parse_cards
    from engine.levels import Level
    from engine.trump import Trump
    from engine.views import HandResult

    levels = tuple(Level(v) for v in ("5", "3", "9", "2", "2", "2"))
    after = tuple(Level(v) for v in ("7", "5", "J", "2", "2", "2"))
    kitty = parse_cards("3C 4C 6D 7D 8D 9D")
    result = HandResult(hand_number=3, dealer=0, level=Level("5"), trump=Trump.H, kitty=kitty, kitty_points=0,
                        trick_points=50, kitty_multiplier=0, kitty_bonus=0, defender_points=50,
                        last_winner=0, levels_before=levels, levels_after=after, level_gains=(2, 2, 2, 0, 0, 0),
                        defenders_take_over=False, next_dealer=1, match_winner=None, team=(0, 2, 1))
    names = [f"P{n}" for n in range(6)]
    lines = settlement_lines(result, names, "en")
    assert lines[:2] == ["  The dealer's team: P0, P2, P1",
                         "  Hand 3 settled: the defenders (P3, P4, P5) 50 points (50 from tricks, kitty bonus +0)"]
    assert lines[3:] == ["  Why: the dealer's team held the defenders to 50 points", "  P0: 5 → 7 (+2)",
                         "  P1: 3 → 5 (+2)", "  P2: 9 → J (+2)"]
    zh = settlement_lines(result, names, "zh-CN")
    assert zh[0] == "  庄家一方：P0、P2、P1" and zh[-1] == "  P2：9 → J（+2）"
