"""``/ladder`` and ``/stats`` per table shape after matches played to their end (RULES §12.6, §13.7): a server with
a two-deck four-seat history, a three-deck four-seat one and a six-seat 找朋友 one shows each shape's own players at
the levels they reached — in 找朋友 each player's own level — and never mixes them; a card names its shape; the
two-deck four-seat answers stay as they were."""

from __future__ import annotations

import random
from typing import Any

import i18n
from data.database import Database
from data.records import Seat, TableRecord
from data.replay import commit_action
from engine.actions import StartHand
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from render.stats import StatsCard
from runtime.pictures import imaging
from runtime.presenter import Image
from tests.helpers.botflow import bounded, last_reply, use_locales

STANDARD = Rules.from_preset("standard", end_level="3")
THREE_DECKS = Rules.from_preset("standard", decks=3, end_level="3")
FRIENDS = Rules.from_preset("standard", mode="friends", players=6, end_level="3")


async def play_stored_match(db: Database, guild_id: int, rules: Rules, seats: list[Seat | None],
                            seed: int) -> Table:
    """A stored table of ``rules`` played to its match's end by random legal play, every action committed and every
    settled hand and the match recorded as the runtime records them (``runtime.service.recovery``)."""
    rec = await db.create_table(TableRecord(table_id=0, guild_id=guild_id, channel_id=2, host_id=1, rules=rules,
                                            seed=seed, seats=tuple(seats)))
    table, rng = Table.new(rules, seed), random.Random(seed)
    while table.phase is not Phase.MATCH_OVER:
        action = StartHand() if table.phase is Phase.HAND_OVER else random_action(table, rng)
        table.apply(action)
        await commit_action(db, rec.table_id, table, action)
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            await db.record_hand(guild_id, rec.table_id, rec.seats, table.results[-1], shape=rules.shape)
    await db.record_match(guild_id, rec.table_id, rec.seats, table.match_winner, shape=rules.shape)
    return table


notes: list[str] = []  # each ladder picture's footnote on levels (a message key)


def spy_pictures(monkeypatch: Any) -> tuple[list[tuple[str, list[tuple[str, str]]]], list[StatsCard]]:
    """Every ladder drawn (its title, and each row's name and level) and every statistics card drawn, still drawn by
    the real renderers."""
    ladders: list[tuple[str, list[tuple[str, str]]]] = []
    cards: list[StatsCard] = []
    notes.clear()
    render_ladder, stats_image = imaging.render_ladder, imaging.stats_image

    def ladder_spy(rows: Any, **kwargs: Any) -> bytes:
        ladders.append((kwargs["title"], [(r.name, r.level) for r in rows]))
        notes.append(kwargs["level_note"])
        return render_ladder(rows, **kwargs)

    async def card_spy(card: StatsCard, locale: str) -> Image:
        cards.append(card)
        return await stats_image(card, locale)

    monkeypatch.setattr(imaging, "render_ladder", ladder_spy)
    monkeypatch.setattr(imaging, "stats_image", card_spy)
    return ladders, cards


def human(member: Any) -> Seat:
    return Seat(name=member.name, user_id=member.id)


@bounded(240)
async def test_ladder_and_stats_show_each_shape_apart(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    guild = env.create_guild("G")
    channel = guild.create_text_channel("cards")
    ann, ben, cat, dan, eve, fay = (guild.add_member(env.create_user(n))
                                    for n in ("ann", "ben", "cat", "dan", "eve", "fay"))
    use_locales(monkeypatch, {fay.id: "zh-CN"})
    for m in (ann, ben, cat, dan, eve, fay):
        await m.slash(channel, "stats")  # each name is seen here once
    db = env.bot.game.db
    ai = Seat.bot()
    await play_stored_match(db, guild.id, STANDARD, [human(ann), human(ben), human(cat), human(dan)], 1)
    three = await play_stored_match(db, guild.id, THREE_DECKS, [human(ann), human(eve), ai, human(fay)], 2)
    friends = await play_stored_match(db, guild.id, FRIENDS, [human(ben), ai, human(cat), human(eve), ai, ai], 3)
    ladders, cards = spy_pictures(monkeypatch)

    # the two-deck four-seat ladder: as before (no shape in its title, only its own four players)
    await eve.slash(channel, "ladder", by="level")
    title, rows = ladders[-1]
    assert title == i18n.t("records.ladder.title.level", "en")
    assert {name for name, _ in rows} == {"ann", "ben", "cat", "dan"}
    assert notes[-1] == "records.ladder.note_level"

    # 找朋友: its three humans, each at their own level (RULES §13.7), the shape in the title
    reply = last_reply(await ann.slash(channel, "ladder", by="level", shape="friends-3d6p"))
    assert [a.filename for a in reply.attachments] == ["ladder.png"]
    title, rows = ladders[-1]
    assert title == "找朋友 · 6 players · 3 decks · by level"
    assert dict(rows) == {"ben": friends.levels[0], "cat": friends.levels[2], "eve": friends.levels[3]}
    assert notes[-1] == "records.ladder.note_level_friends"  # each from their own level

    # three decks, fixed partners: a ladder of its own; in Chinese for a Chinese reader
    await fay.slash(channel, "ladder", shape="tractor-3d4p")
    title, rows = ladders[-1]
    assert title == "4人 · 3副牌（按积分）"
    assert dict(rows) == {"ann": three.levels[0], "eve": three.levels[1], "fay": three.levels[1]}  # by team
    assert notes[-1] == "records.ladder.note_level"

    # /stats: eve's card on each shape's ladder she played, none on the standard one
    reply = last_reply(await ann.slash(channel, "stats", user=eve))
    assert not reply.attachments and reply.content == i18n.t("records.stats.none", "en", name="eve")
    drawn = len(cards)
    await ann.slash(channel, "stats", user=eve, shape="friends-3d6p")
    await ann.slash(channel, "stats", user=eve, shape="tractor-3d4p")
    friends_card, three_card = cards[drawn:]
    assert friends_card.level == friends.levels[3] and three_card.level == three.levels[1]
    assert friends_card.season is not None and friends_card.season.endswith(" — 找朋友 · 6 players · 3 decks")
    assert three_card.season is not None and three_card.season.endswith(" — 4 players · 3 decks")
    assert friends_card.matches_won + friends_card.matches_lost == 1 == three_card.matches_won + three_card.matches_lost
    await ann.slash(channel, "stats")  # ann's standard card: one match, the standard season line
    assert cards[-1].matches_won + cards[-1].matches_lost == 1 and "—" not in (cards[-1].season or "")

    # the option offers this server's shapes, the standard one first, in the reader's language
    offered = await ann.autocomplete(channel, "ladder", "shape", "")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("4 players · 2 decks", "tractor"), ("找朋友 · 6 players · 3 decks", "friends-3d6p"),
        ("4 players · 3 decks", "tractor-3d4p")]
    offered = await fay.autocomplete(channel, "stats", "shape", "找朋友")
    assert [(c["name"], c["value"]) for c in offered] == [("找朋友 · 6人 · 3副牌", "friends-3d6p")]
