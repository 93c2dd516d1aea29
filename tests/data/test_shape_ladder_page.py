"""The public page's ladder per table shape (``data.seasons.ladder_page``, ``ladder_shapes`` by season), on SQLite
and PostgreSQL: a 找朋友 ladder's page holds its own players at their own levels (RULES §13.7) with their names and
its own count, the two-deck four-seat page only its players."""

from __future__ import annotations

from data.database import Database
from data.records import Seat
from tests.data.test_shape_ladders import HUMANS, G, play_friends_match

KEY = "friends-3d6p"
STANDARD = [Seat.human(201), Seat.human(202), Seat.human(203), Seat.human(204)]


async def test_a_shapes_page_has_its_own_players_levels_and_count(db: Database) -> None:
    await db.remember_name(G, HUMANS[0], "Ann")
    await db.record_match(G, None, STANDARD, 0)
    _, table = await play_friends_match(db)
    season = await db.season(G)
    assert await db.ladder_shapes(G, season=season) == ["tractor", KEY]
    page = await db.ladder_page(G, season, 2, 0, KEY)
    assert page.players == 3 and len(page.rows) == 2  # three humans, a page of two
    rest = await db.ladder_page(G, season, 2, 2, KEY)
    assert rest.players == 3 and len(rest.rows) == 1
    rows = [*page.rows, *rest.rows]
    seats = {user: seat for seat, user in HUMANS.items()}
    assert {p.user_id for p, _ in rows} == set(HUMANS.values()) and {p.shape for p, _ in rows} == {KEY}
    assert all(p.level == table.levels[seats[p.user_id]] for p, _ in rows)  # each at their own level
    assert dict((p.user_id, name) for p, name in rows)[HUMANS[0]] == "Ann"
    standard = await db.ladder_page(G, season, 10, 0)
    assert standard.players == 4 and {p.user_id for p, _ in standard.rows} == {201, 202, 203, 204}
    empty = await db.ladder_page(G, season, 10, 0, "tractor-3d4p")
    assert empty.rows == () and empty.players == 0
