"""Forged custom ids (issue #17): a seated player's client sends ids of another table, another seat, another
guild's table, malformed ids, huge numbers and SQL characters, and slash commands carry the same; every one is
refused privately (or not handled at all) and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from tests.conftest import open_table
from tests.helpers.botflow import bounded, close_game
from tests.helpers.security import answer_of, forge, snapshot
from tests.security.test_matrix import bot_options, scene

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["bot_options", "close_game"]

HUGE = 10**40


def forged_ids(p: int, s: int, other: int, v: int, q: int, r: int) -> list[tuple[str, list[str] | None]]:
    """(custom id, select values or None) for table ``p`` where the clicker sits in seat ``s``; ``other`` is
    another seat, ``v`` the version, ``q`` a table of the same guild the clicker does not sit at, ``r`` a table
    of another guild."""
    ids: list[tuple[str, list[str] | None]] = [
        # another table's, another seat's, another guild's
        (f"tp:{q}:{s}:0:pass:", None), (f"tl:{q}:start:", None), (f"tl:{q}:end:", None),
        (f"tp:{p}:{other}:{v}:pass:", None), (f"ts:{p}:{other}:{v}:0", ["0"]), (f"tq:{p}:{other}:{v}", ["0"]),
        (f"tl:{r}:end:", None), (f"tl:{r}:sit:1", None), (f"tp:{r}:0:0:pass:", None),
        # malformed (not handled at all) and unknown operations
        (f"tl:{p}:sit:x", None), (f"tl:{p}:SIT:1", None), (f"tp:{p}:9:{v}:pass:", None), ("tl::end:", None),
        (f"tl:{p}:end:1:2", None), (f"ts:{p}:{s}:{v}:", ["0"]), (f"tq:{p}:{s}", ["0"]), (f"tl:{p}:kick:1", None),
        (f"tp:{p}:{s}:{v}:nuke:", None), (f"tl:-{p}:end:", None),
        # huge numbers
        (f"tl:{HUGE}:end:", None), (f"tp:{HUGE}:{s}:1:pass:", None), (f"tl:{p}:sit:{HUGE}", None),
        (f"tp:{p}:{s}:{HUGE}:pass:", None), (f"tp:{p}:{s}:{v}:play:{HUGE ** 2}", None),
        (f"tp:{p}:{s}:{v}:decl:{HUGE ** 2}", None), (f"ts:{p}:{s}:{v}:{HUGE}", [str(HUGE)]),
        (f"tq:{p}:{s}:{v}", [",".join([str(HUGE)] * 3)]),
        # SQL characters
        (f"tl:{p};DROP TABLE game_tables;--:end:", None), (f"tl:{p}' OR '1'='1:end:", None),
        (f"tp:{p}:{s}:{v}:pass:'--", None), (f"ts:{p}:{s}:{v}:0", ["0'); DROP TABLE game_tables;--"]),
    ]
    return ids


@bounded(300)
async def test_forged_custom_ids_are_refused_and_change_nothing(simcord_env: Any) -> None:
    env = simcord_env
    sc = await scene(env, playing=True)
    channel, members, _users, mallory, elsewhere = env._security_cast
    q, _lobby = await open_table(env, members["erin"], channel)  # a table of the same guild, not the clicker's
    r, _lobby = await open_table(env, mallory, elsewhere)  # another guild's table
    actor, carrier = sc.roles["seated"], sc.carriers["seated"]  # the seated player, on their own panel
    other = next(seat for seat in range(4) if seat != sc.seat)
    before = await snapshot(env)
    for custom_id, values in forged_ids(sc.table_id, sc.seat, other, sc.version(), q.table_id, r.table_id):
        result = await forge(env, actor, carrier, custom_id, values)
        answer = answer_of(result)
        assert answer is None or answer.ephemeral, (custom_id, answer)
        assert await snapshot(env) == before, custom_id
    assert not env.errors, env.errors  # every refusal answered, no handler crashed


@bounded(120)
async def test_forged_slash_options_are_refused_and_change_nothing(simcord_env: Any) -> None:
    env = simcord_env
    sc = await scene(env, playing=True)
    actor, channel = sc.roles["seated"], sc.channel
    before = await snapshot(env)
    unknown = 2**53 - 1  # the largest integer a Discord option carries
    for name, options in (("tractor end", {"table": unknown}), ("replay", {"table": unknown, "hand": 1}),
                          ("hand", {"table": unknown}), ("play", {"cards": "2S", "table": unknown}),
                          ("tractor kick", {"seat": 2, "table": unknown}),
                          ("tractor new", {"options": "x'); DROP TABLE game_tables;--"}),
                          ("tractor new", {"options": "start_level=3' OR '1'='1"}),
                          ("tractor rules", {"options": "end_level=A; DELETE FROM game_tables", "table": sc.table_id}),
                          ("play", {"cards": "'; DROP TABLE game_tables;--", "table": sc.table_id}),
                          ("declare", {"cards": "\u202e<@&1> @everyone", "table": sc.table_id})):
        answer = answer_of(await actor.slash(channel, name, **options))
        assert answer is not None and answer.ephemeral, (name, options, answer)
        if options.get("table") == unknown:
            assert answer.content == i18n.t("table.not_found", "en", table_id=unknown), (name, answer.content)
        assert "@everyone" not in answer.content  # echoed back escaped (@ + zero-width space)
        assert await snapshot(env) == before, (name, options)


@bounded(120)
async def test_autocomplete_sees_only_the_callers_table_here(simcord_env: Any) -> None:
    env = simcord_env
    sc = await scene(env, playing=True)
    channel, members, _users, mallory, elsewhere = env._security_cast
    game = env.bot.game
    player = next(p for p in sc.roles.values() if getattr(p, "guild", None) is not None
                  and p.id in game.record(sc.table_id).humans.values() and game.panel(sc.table_id, p.id).declarations)
    other_channel = player.guild.create_text_channel("elsewhere")  # same guild, not the table's channel
    offered = await player.autocomplete(channel, "declare", "cards", "")
    assert offered  # the player's own declarations, in the table's channel
    assert await player.autocomplete(other_channel, "declare", "cards", "") == []
    assert await members["erin"].autocomplete(channel, "declare", "cards", "") == []  # not seated
    assert await mallory.autocomplete(elsewhere, "declare", "cards", "") == []  # another guild
    assert await mallory.autocomplete(elsewhere, "declare", "cards", "", table=sc.table_id) == []
