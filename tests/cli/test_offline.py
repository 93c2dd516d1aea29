"""``python bot.py offline``: the README's ``TRACTOR_DB`` (or ``--db``) is where the match is stored, stale
pictures of an earlier run are cleared (other files kept), and ``--options`` takes the /tractor new text."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.cli.test_commands import bot


def _tables(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as conn:
        return [tuple(row) for row in conn.execute("SELECT guild_id, status FROM game_tables")]


def test_offline_stores_the_match_in_tractor_db_and_clears_stale_pictures(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "hand42_trick07.png").write_bytes(b"old")
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    env = {"TRACTOR_DB": "games.sqlite3", "TRACTOR_OUT": "out", "LOG_LEVEL": "WARNING"}
    done = bot("offline", "--end-level", "3", cwd=tmp_path, env=env, timeout=180)
    assert done.returncode == 0, done.stderr
    assert _tables(tmp_path / "games.sqlite3") == [(0, "finished")]
    assert not (out / "hand42_trick07.png").exists() and (out / "notes.txt").read_text() == "mine"
    assert (out / "ladder.png").exists()
    again = bot("offline", "--end-level", "3", "--db", "other.sqlite3", "--out", "out", "--seed", "2", cwd=tmp_path,
                env=env, timeout=180)
    assert again.returncode == 0, again.stderr
    assert _tables(tmp_path / "other.sqlite3") == [(0, "finished")]  # --db wins over TRACTOR_DB
    assert len(_tables(tmp_path / "games.sqlite3")) == 1


def test_offline_options_and_refusals(tmp_path: Path) -> None:
    env = {"LOG_LEVEL": "WARNING"}
    done = bot("offline", "--db", ":memory:", "--end-level", "3", "--options", "throw_penalty=none",
               cwd=tmp_path, env=env, timeout=180)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "tractor.sqlite3").exists()  # :memory: keeps nothing
    bad = bot("offline", "--db", ":memory:", "--options", "throw_penalty=sometimes", cwd=tmp_path, env=env)
    assert bad.returncode == 1 and bad.stderr.startswith("bot.py: error: ") and "Traceback" not in bad.stderr
    for flag, value in (("--hands", "-5"), ("--hands", "many"), ("--budget", "0")):
        refused = bot("offline", "--db", ":memory:", flag, value, cwd=tmp_path, env=env)
        assert refused.returncode == 2 and flag in refused.stderr and "Traceback" not in refused.stderr
    missing = bot("offline", "--db", "nope/x.sqlite3", "--out", "fresh", cwd=tmp_path, env=env)
    assert missing.returncode == 1 and "does not exist" in missing.stderr
    assert not (tmp_path / "fresh").exists()  # refused before anything was written
