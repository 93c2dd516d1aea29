"""The ladder names players as last seen, never by an id (issue #55, item 7). The bot has no members intent, so
Discord tells it nobody's name but the interacting user's: each interaction stores the user's display name on the
server (``runtime.records.names``), kept across a restart and replaced when it changes; a player never seen gets the
localized fallback. ``/history`` names players the same way (a mention shows an id to clients that never met them).
"""

from __future__ import annotations

import re
from typing import Any

from data.records import Seat
from i18n import t
from runtime.pictures import imaging
from tests.helpers.botflow import bounded, use_locales
from tests.helpers.restart import restart


def spy_ladder(monkeypatch: Any) -> list[list[str]]:
    drawn: list[list[str]] = []
    original = imaging.render_ladder  # every picture is drawn through runtime.pictures.imaging

    def spy(rows: Any, **kwargs: Any) -> bytes:
        drawn.append([r.name for r in rows])
        return original(rows, **kwargs)

    monkeypatch.setattr(imaging, "render_ladder", spy)
    return drawn


@bounded(120)
async def test_ladder_and_history_name_players_as_last_seen(simcord_env: Any, clock: Any, monkeypatch: Any) -> None:
    env = simcord_env
    guild = env.create_guild("G")
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"), nick="Alice A")
    carol_user = env.create_user("carol")
    guild.add_member(carol_user, nick="Carol C")  # a member who never talks to the bot
    bob = guild.add_member(env.create_user("bob"))
    use_locales(monkeypatch, {})
    seats = [Seat(name="Alice A", user_id=alice.id), Seat(name="AI 2", ai_level="basic"),
             Seat(name="Carol C", user_id=carol_user.id), Seat(name="AI 4", ai_level="basic")]
    await env.bot.game.db.record_match(guild.id, None, seats, 0)  # a match recorded before (another process)
    await alice.slash(channel, "stats")  # alice interacts: her name here is stored
    await restart(env, clock)  # nothing of it kept in memory
    drawn = spy_ladder(monkeypatch)
    await bob.slash(channel, "ladder")
    unknown = t("records.unnamed_player", "en")
    assert drawn == [["Alice A", unknown]]
    assert not any(re.search(r"#\d", name) for name in drawn[0])

    env.backend.edit_member(guild.id, alice.id, {"nick": "Alice Renamed"})
    await alice.slash(channel, "ladder")  # her next interaction brings the new name
    assert drawn[-1] == ["Alice Renamed", unknown]
    answer = await bob.slash(channel, "history")
    text = answer.response.content
    assert "Alice Renamed" in text and unknown in text and "<@" not in text and str(carol_user.id) not in text


@bounded(120)
async def test_unknown_player_fallback_is_localized(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    guild = env.create_guild("G", preferred_locale="zh-CN")
    channel = guild.create_text_channel("cards")
    dave = guild.add_member(env.create_user("dave"))
    use_locales(monkeypatch, {dave.id: "zh-CN"})
    seats = [Seat(name="x", user_id=991), Seat(name="y", user_id=992), Seat(name="z", user_id=993),
             Seat(name="w", user_id=994)]
    await env.bot.game.db.record_match(guild.id, None, seats, 1)
    drawn = spy_ladder(monkeypatch)
    await dave.slash(channel, "ladder")
    assert drawn == [[t("records.unnamed_player", "zh-CN")] * 4]
