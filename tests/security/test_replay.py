"""Hidden information in ``/replay`` and ``/history`` (issue #17), and the crash both had ("'Seat' object has
no attribute 'name'"): per phase of a hand, a replay shows only what was played face up — nothing while
declaring or burying, the completed tricks while playing, the settlement (with the kitty, RULES §6) after the
hand, the hands never; another guild's table is unknown; ``/history`` lists finished matches only."""

from __future__ import annotations

import re
from typing import Any

import pytest

import i18n
from engine.views import Phase
from tests.cogs.test_match import play_out
from tests.conftest import act_by_panel, humans_to_act, one_human_and_three_ai
from tests.helpers.botflow import bounded, close_game, declare_and_bury, four_humans, last_reply
from tests.security.test_guilds import outsider

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]


def attachment(env: Any, message: Any, suffix: str) -> bytes | None:
    for a in message.attachments:
        if a.filename.endswith(suffix):
            return env.backend.cdn.get(a.url)
    return None


async def replay(env: Any, actor: Any, channel: Any, table_id: int, hand: int = 1) -> tuple[Any, str, bool]:
    """``/replay``: (the answer, its transcript, whether it carries the summary picture)."""
    answer = last_reply(await actor.slash(channel, "replay", table=table_id, hand=hand))
    text = (attachment(env, answer, ".txt") or b"").decode()
    return answer, text, attachment(env, answer, ".png") is not None


def shown_cards(text: str) -> int:
    """How many cards the transcript shows (``10♥``-style cards and jokers)."""
    return len(re.findall(r"(?:10|[2-9JQKA])[♠♥♣♦]", text)) + text.count("joker")


@bounded(120)
async def test_replay_shows_only_public_cards_in_every_phase(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    watcher = env.guild.add_member(env.create_user("watcher"))  # a member who does not play

    assert table.phase is Phase.DECLARING
    for who in (actors[0], watcher):
        answer, text, picture = await replay(env, who, channel, rec.table_id)
        assert not answer.ephemeral and text and shown_cards(text) == 0 and not picture
        assert i18n.t("records.replay.in_progress", "en") in text

    await declare_and_bury(env, rec, channel, actors)  # the kitty is buried: known to the burier only
    _answer, text, picture = await replay(env, watcher, channel, rec.table_id)
    assert shown_cards(text) == 0 and not picture

    for _ in range(6):  # one trick and a half
        await act_by_panel(env, humans_to_act(env, rec.table_id, actors)[0], channel, rec.table_id)
    done = table.public_view().tricks
    _answer, text, picture = await replay(env, watcher, channel, rec.table_id)
    assert shown_cards(text) == sum(len(cards) for t in done for _s, cards in t.plays) == 4  # not the current trick
    assert not picture

    mallory, elsewhere = outsider(env)
    refused = last_reply(await mallory.slash(elsewhere, "replay", table=rec.table_id, hand=1))
    assert refused.ephemeral and refused.content == i18n.t("table.not_found", "en", table_id=rec.table_id)
    history = last_reply(await watcher.slash(channel, "history"))
    assert history.content == i18n.t("records.history.empty", "en")  # a match in progress is not history


@bounded(180)
async def test_history_and_replay_of_a_finished_match(simcord_env: Any) -> None:
    env = simcord_env
    channel, alice, rec, _lobby = await one_human_and_three_ai(env, "en")
    await play_out(env, channel, rec, [alice])
    history = last_reply(await alice.slash(channel, "history"))
    assert not history.ephemeral and "alice" in history.content and "AI 2" in history.content
    assert f"<@{alice.id}>" not in history.content  # the stored display name, never a mention or an id
    answer, text, picture = await replay(env, alice, channel, rec.table_id)
    assert picture and shown_cards(text) == 100  # every trick, each card once; never the hands or the kitty
    assert "alice" in text and answer.content == i18n.t("records.replay.title", "en", table=rec.table_id, hand=1)
