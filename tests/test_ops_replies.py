"""Defects found trying the bot as a user would (issue #13), each end to end through SimCord."""

from __future__ import annotations

import i18n
from tests.conftest import open_table, world


async def test_an_error_after_a_public_defer_stays_private(simcord_env):
    """/replay defers publicly (the picture is for everyone); an error after that (no such hand) was turned
    into a public message in the channel. Now: the public placeholder is removed and the error is ephemeral."""
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, _lobby = await open_table(env, alice, channel, mode="async")
    result = await alice.slash(channel, "replay", table=rec.table_id, hand=99)
    answers = [m for m in (result.response, *result.followups) if m is not None]
    expected = i18n.t("data.hand_not_found", "en", table_id=rec.table_id, hand_number=99)
    assert [m.content for m in answers if m.content == expected and m.ephemeral], env.transcript()
    assert not [m for m in answers if not m.ephemeral and m.content == expected], env.transcript()
