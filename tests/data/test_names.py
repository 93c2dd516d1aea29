"""Players' last seen display names (migration 0010), on SQLite and PostgreSQL: stored per server, replaced by a
newer name, a blank one ignored, only asked-for ids answered, kept across a reopen; and ``runtime.records.names`` gives
every id a name, never an id (the localized fallback for a player never seen, the seat name before that)."""

from __future__ import annotations

from data.database import Database
from i18n import t
from runtime.records.names import NameBook, player_name, player_names


async def test_stored_per_server_replaced_and_kept(db_target: str) -> None:
    db = await Database.open(db_target)
    await db.remember_name(1, 10, "Alice")
    await db.remember_name(2, 10, "Alice in B")
    await db.remember_name(1, 20, "Bob")
    await db.remember_name(1, 10, "  Alice the Second  ")
    await db.remember_name(1, 20, "   ")  # blank: Bob stays
    assert await db.player_names(1, [10, 20, 30]) == {10: "Alice the Second", 20: "Bob"}
    assert await db.player_names(2, [10]) == {10: "Alice in B"} and await db.player_names(1, []) == {}
    await db.close()
    db = await Database.open(db_target)
    try:
        assert await db.player_names(1, [10]) == {10: "Alice the Second"}
    finally:
        await db.close()


async def test_every_player_gets_a_name_never_an_id(db: Database) -> None:
    book = NameBook(db)
    await book.seen(1, 123456789012345678, "Carol")
    await book.seen(None, 42, "in a direct message")  # no server: nothing stored
    for locale in ("en", "zh-CN"):
        names = await player_names(db, 1, [123456789012345678, 42, 7], locale, {7: "Dave at the table"})
        assert names == {123456789012345678: "Carol", 42: t("records.unnamed_player", locale), 7: "Dave at the table"}
        assert "42" not in names[42]
    assert t("records.unnamed_player", "en") != t("records.unnamed_player", "zh-CN")
    await book.seen(1, 123456789012345678, "Carol (away)")
    assert await player_name(db, 1, 123456789012345678, "en") == "Carol (away)"
