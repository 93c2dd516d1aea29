"""Names are per guild (issue #23, item 6): a member's nickname in one server is never drawn in another
server's ``/ladder``. Alice is "Alice in A" in guild A and "Alice in B" in guild B; she finishes a match in A
(which draws A's ladder with her A name), then B's ``/ladder`` must show her B name."""

from __future__ import annotations

from typing import Any

from data.records import Seat, Status
from runtime.pictures import imaging
from tests.conftest import act_by_panel, button_id, humans_to_act, open_table
from tests.helpers.botflow import bounded, use_locales

MOVE_LIMIT = 700


@bounded(120)
async def test_a_nickname_of_one_guild_is_not_drawn_in_another_guilds_ladder(simcord_env: Any,
                                                                             monkeypatch: Any) -> None:
    env = simcord_env
    user = env.create_user("alice")
    guild_a, guild_b = env.create_guild("A"), env.create_guild("B")
    alice_a = guild_a.add_member(user, nick="Alice in A")
    alice_b = guild_b.add_member(user, nick="Alice in B")
    channel_a, channel_b = guild_a.create_text_channel("cards"), guild_b.create_text_channel("cards")
    use_locales(monkeypatch, {})
    game = env.bot.game
    # guild B already has a ladder row for alice (a match recorded there before)
    seats = [Seat(name="Alice in B", user_id=user.id)] + [Seat(name=f"AI {n}", ai_level="basic") for n in (2, 3, 4)]
    await game.db.record_match(guild_b.id, None, seats, 0)
    # a whole match in guild A: its end draws A's ladder with the names of A
    rec, lobby = await open_table(env, alice_a, channel_a, mode="async", options="start_level=A end_level=A")
    for _ in range(3):
        await alice_a.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice_a.click(lobby, custom_id=button_id(lobby, "start"))
    tid = rec.table_id
    for _ in range(MOVE_LIMIT):
        if game.record(tid).status is not Status.PLAYING:
            break
        assert humans_to_act(env, tid, [alice_a])
        await act_by_panel(env, alice_a, channel_a, tid)
    assert game.record(tid).status is Status.FINISHED

    drawn: list[list[str]] = []
    original = imaging.render_ladder  # every picture is drawn through runtime.pictures.imaging

    def spy(rows: Any, **kwargs: Any) -> bytes:
        drawn.append([r.name for r in rows])
        return original(rows, **kwargs)

    monkeypatch.setattr(imaging, "render_ladder", spy)
    await alice_b.slash(channel_b, "ladder")
    assert drawn == [["Alice in B"]]
    bob = guild_b.add_member(env.create_user("bob"))  # another member of B asks: alice is not named as in A
    await bob.slash(channel_b, "ladder")
    assert len(drawn) == 2 and drawn[1] != ["Alice in A"]
