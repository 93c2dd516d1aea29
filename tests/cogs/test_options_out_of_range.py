"""Option values outside what a command offers (issue #23, item 13), as a modified client sends them: every one
is refused privately with a localized reason and nothing is stored — no table (so no lobby message to lose), no
tournament, no setting, no opt-in."""

from __future__ import annotations

from typing import Any

import i18n
from cogs.replies import error_text
from runtime.errors import NotAllowed
from tests.helpers.botflow import bounded, close_game, last_reply  # noqa: F401
from tests.helpers.faults import guild_of, raw_slash

HUGE = "x" * 7000


def refusal(key: str, **params: Any) -> str:
    return error_text(NotAllowed(key, **params), "en")


def choice(option: str, value: str, allowed: str) -> str:
    return refusal("command.option.bad_choice", option=option, value=value, allowed=allowed)


CASES: list[tuple[str, dict[str, Any], str]] = [
    ("tractor new", {"ai": HUGE}, choice("ai", HUGE, "random, basic, strong")),
    ("tractor new", {"ai": "godlike"}, choice("ai", "godlike", "random, basic, strong")),
    ("tractor new", {"mode": "turbo"}, choice("mode", "turbo", "live, async")),
    ("tractor new", {"declare_wait": 10**6}, refusal("command.option.bad_range", option="declare_wait",
                                                     value="1000000", low=0, high=600)),
    ("tractor new", {"trick_pictures": "yes"}, refusal("command.option.bad_flag", option="trick_pictures",
                                                       value="yes")),
    ("tractor new", {"autoplay": 2}, refusal("command.option.bad_flag", option="autoplay", value="2")),
    ("tractor new", {"timeout": 1}, i18n.t("error.bad_timeout", "en", low=10, high=7 * 24 * 3600)),
    ("tractor new", {"timeout": 10**12}, i18n.t("error.bad_timeout", "en", low=10, high=7 * 24 * 3600)),
    ("tractor notify", {"on": "maybe"}, refusal("command.option.bad_flag", option="on", value="maybe")),
    ("ladder", {"by": "wealth"}, choice("by", "wealth", "rating, level")),
    ("replay", {"table": 1, "hand": 10**30}, refusal("command.option.bad_range", option="hand",
                                                      value=str(10**30), low=1, high=500)),
    ("tractor tournament create", {"name": "Cup", "format": "chaos"},
     choice("format", "chaos", "knockout, swiss, groups, duplicate")),
    ("tractor tournament create", {"name": HUGE, "format": "knockout"},
     refusal("command.option.too_long", option="name", longest=60)),
    ("tractor tournament create", {"name": "Cup", "format": "knockout", "best_of_three": 99},
     refusal("command.option.bad_range", option="best_of_three", value="99", low=0, high=6)),
    ("tractor tournament create", {"name": "Cup", "format": "knockout", "tie": HUGE},
     choice("tie", HUGE, "on_stage, first")),
    ("tractor tournament create", {"name": "Cup", "format": "knockout", "deadline_hours": -5},
     refusal("command.option.bad_range", option="deadline_hours", value="-5", low=0, high=720)),
]


async def stored(env: Any, guild_id: int, user_id: int) -> tuple[Any, ...]:
    db = env.bot.game.db
    return (len(await db.list_tables(statuses=("lobby", "playing", "finished", "ended"), guild_id=guild_id)),
            len(await db.list_tournaments(guild_id)), await db.guild_settings(guild_id),
            await db.dm_notify(guild_id, user_id))


@bounded(180)
async def test_option_values_outside_the_choices_are_refused_and_store_nothing(simcord_env: Any,
                                                                               close_game: Any) -> None:  # noqa: F811
    env = simcord_env
    guild, channel, (alice,) = guild_of(env, ["alice"])
    before = await stored(env, guild.id, alice.id)
    for name, options, expected in CASES:
        answer = last_reply((await raw_slash(alice, channel, name, **options))[0])
        assert answer is not None and answer.ephemeral, (name, options, env.transcript())
        assert answer.content == expected, (name, options)
        assert await stored(env, guild.id, alice.id) == before, (name, options)
    assert not env.bot.game.tables(guild.id)
    assert not env.errors, env.errors
    # the same values, as offered, are taken (the checks refuse only what no client offers)
    await raw_slash(alice, channel, "tractor new", ai="strong", mode="async", declare_wait=600, trick_pictures=True,
                    timeout=10)
    (rec,) = env.bot.game.tables(guild.id)
    assert rec.meta["ai_level"] == "strong" and rec.options.trick_pictures is True and rec.lobby_message_id
