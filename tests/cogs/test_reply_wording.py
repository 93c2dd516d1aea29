"""Defects found trying the bot as a user would (issue #13), each end to end through SimCord."""

from __future__ import annotations

import pytest
from simcord import OptionError

import i18n
from cogs.panel_text import panel_text
from cogs.replies import BotError, cut_params, error_text
from engine.views import Phase
from runtime.views.panel import build_panel
from tests.conftest import open_table, world
from tests.helpers.botflow import use_locales


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


def free_sit(message) -> str:
    """The custom_id of the first enabled "Sit n" button."""
    return next(c["custom_id"] for row in message.components for c in row.get("components", [])
                if c.get("type") == 2 and c.get("custom_id", "").split(":")[-2] == "sit" and not c.get("disabled"))


async def _answers(result) -> list:
    return [m for m in (result.response, *result.followups) if m is not None]


async def test_very_long_input_is_refused_by_the_option_not_left_unanswered(simcord_env):
    """A 2,500-character paste into /play or /tractor new options: got no answer at all (the echo broke
    Discord's 2,000-character limit). The options now carry a max_length, so Discord refuses the paste."""
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    paste = "10H" * 834
    with pytest.raises(OptionError):
        await alice.slash(channel, "play", cards=paste)
    with pytest.raises(OptionError):
        await alice.slash(channel, "tractor new", options="x" * 2500)
    result = await alice.slash(channel, "tractor new", options="y" * 399)  # the longest allowed still answers
    answers = await _answers(result)
    assert answers and all(m.ephemeral and len(m.content) <= 2000 for m in answers)
    assert "…" in answers[-1].content and "y" * 100 not in answers[-1].content  # the echo is cut


def test_echoed_input_and_answers_are_cut() -> None:
    assert cut_params({"text": "z" * 500, "n": 3}) == {"text": "z" * 99 + "…", "n": 3}
    assert len(error_text(BotError("error.bad_option", text="z" * 5000), "en")) < 300


async def test_throw_penalty_none_is_accepted(simcord_env):
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    rec, _lobby = await open_table(env, alice, channel, mode="async", options="throw_penalty=none")
    assert env.bot.game.record(rec.table_id).rules.throw_penalty == "none"


async def test_seats_are_numbered_1_to_4_in_replies(simcord_env):
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    _rec, lobby = await open_table(env, alice, channel, mode="async")  # alice sits in the first seat
    result = await alice.click(lobby, custom_id=free_sit(lobby))  # "Sit 2"
    texts = [m.content for m in await _answers(result)]
    assert i18n.t("lobby.already_seated", "en", seat=1) in texts, texts
    result = await alice.slash(channel, "tractor kick", seat=2)
    texts = [m.content for m in await _answers(result)]
    assert "Seat 2 is empty." in texts, texts


async def test_end_level_below_start_level_says_why(simcord_env):
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    result = await alice.slash(channel, "tractor new", options="start_level=10 end_level=5")
    texts = [m.content for m in await _answers(result) if m.ephemeral]
    assert any("below start_level 10" in t for t in texts), texts


async def test_a_non_host_changing_rules_is_told_host_only_first(simcord_env):
    env = simcord_env
    _guild, channel, (alice, bob) = world(env, 2)
    rec, lobby = await open_table(env, alice, channel, mode="async")
    await bob.click(lobby, custom_id=free_sit(lobby))
    result = await bob.slash(channel, "tractor rules", options="no_such_option=1", table=rec.table_id)
    texts = [m.content for m in await _answers(result)]
    assert texts and "no_such_option" not in texts[-1], texts  # the refusal is about who, not about the text


def test_one_led_card_reads_1_card() -> None:
    from tests.cogs.test_panel_view import RECORD, table_until

    table = table_until(lambda t: t.phase is Phase.PLAYING and t.public_view().trick is not None
                        and len(t.public_view().trick.plays) == 1 and len(t.public_view().trick.plays[0][1]) == 1)
    text = panel_text(build_panel(RECORD, table, table.to_act()[0]), "en")
    assert "(1 card)." in text and "cards)" not in text


def test_the_public_notice_of_a_dropped_queued_play_says_only_that() -> None:
    for locale in ("en", "zh-CN"):
        text = i18n.t("announce.queue_dropped", locale)
        assert "legal" not in text and "合法" not in text


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
async def test_tractor_help_in_both_locales(simcord_env, monkeypatch, locale):
    """/tractor help: what the bot does, how to start a table, how to play from the panel, where the rules are;
    private, in the user's language."""
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1)
    use_locales(monkeypatch, {alice.id: locale})
    result = await alice.slash(channel, "tractor help")
    answers = await _answers(result)
    assert len(answers) == 1 and answers[0].ephemeral
    text = answers[0].content
    assert text == i18n.t("ops.help", locale) and len(text) <= 2000
    words = {"en-US": ("Start a table", "My panel", "Play", "/tractor rules"),
             "zh-CN": ("开桌", "我的面板", "出牌", "改规则")}[locale]
    assert all(w in text for w in words)


@pytest.mark.parametrize(("locale", "joker", "king"), [("en", "Big joker", "K♣\ufe0e"), ("zh-CN", "大王", "K♣\ufe0e")])
def test_a_refused_friend_call_names_its_card_as_players_read_it(locale: str, joker: str, king: str) -> None:
    from engine.errors import IllegalAction

    text = error_text(IllegalAction("friends.card_not_allowed", card="BJ", ordinal=1, policy="no_trumps"), locale)
    assert joker in text and "BJ" not in text
    assert king in error_text(IllegalAction("friends.duplicate", card="KC"), locale)
    assert "**x**" not in error_text(IllegalAction("friends.duplicate", card="**x**"), locale)  # not a card: literal
