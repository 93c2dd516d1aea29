"""``python bot.py web --options``: the demo table in any shape — you and AI in every other seat (a six-seat 找朋友
table here), reused by a restart asking the same rules, a new one for other rules; an impossible shape is one
localized line and a non-zero exit, before anything is served."""

from __future__ import annotations

from pathlib import Path

from data.database import Database
from engine.rules import Rules
from i18n import t
from tests.cli.test_commands import bot, one_error_line
from tests.helpers.web import SECRET
from web.demo import DEMO_GUILD, DEMO_USER, start_demo


async def _demo(path: Path, rules: Rules | None) -> tuple[int, tuple[str, ...]]:
    """The demo's table id and who sits where ("you" or "ai"), started on the database at ``path``."""
    db = await Database.open(path)
    game, server, _ = await start_demo(db, host="127.0.0.1", port=0, locale="en", secret=SECRET, rules=rules)
    try:
        wanted = rules or Rules.from_preset("standard")
        [rec] = [r for r in game.tables(DEMO_GUILD) if r.host_id == DEMO_USER and r.rules == wanted]
        return rec.table_id, tuple("ai" if s is not None and s.is_ai else "you" for s in rec.seats)
    finally:
        await server.stop()
        await game.close()
        await db.close()


async def test_the_demo_table_takes_any_shape(tmp_path: Path) -> None:
    path = tmp_path / "demo.sqlite3"
    six = Rules.from_preset("standard", mode="friends", players=6)
    table, seats = await _demo(path, six)
    assert seats == ("you",) + ("ai",) * 5
    assert (await _demo(path, six))[0] == table  # a restart asking the same rules: the same table
    other, seats = await _demo(path, None)  # the standard four seats: a table of its own
    assert other != table and seats == ("you", "ai", "ai", "ai")


def test_an_impossible_shape_is_refused_before_serving(tmp_path: Path) -> None:
    done = bot("web", "--port", "0", "--options", "players=9", cwd=tmp_path, env={"LOG_LEVEL": "WARNING"},
               timeout=60)
    line = one_error_line(done)
    assert "9" in line and "players" in line and not done.stdout
    assert t("web.demo_ready", "en", url="")[:10] not in done.stdout
