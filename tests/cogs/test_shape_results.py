"""A 找朋友 match's results in its Discord thread: under each hand's summary picture, who gained what from their own
level and why (RULES §13.6–§13.7, §12.5's 大光/小光/上台); at the end the match summary picture with the winner
and the players' ratings on the shape's own ladder (the match end of a 找朋友 table posted no picture before)."""

from __future__ import annotations

from typing import Any

import i18n
from data.records import Status
from runtime.announce.gains import gain_reasons, gains_text
from tests.conftest import world
from tests.helpers.botflow import advance, bounded, start_table, thread_messages, use_locales
from tests.helpers.security import literal


@bounded(240)
async def test_a_friends_thread_says_who_gained_what_and_ends_with_the_match_summary(simcord_env: Any, clock: Any,
                                                                                      monkeypatch: Any) -> None:
    env = simcord_env
    env.settle_timeout = 60.0  # six seats of AI moves and their pictures on a shared machine
    _guild, channel, humans = world(env, 2)
    use_locales(monkeypatch, {})
    rec = await start_table(env, channel, humans, n_ai=4, mode="async", players=6, teams="friends",
                            options="start_level=K end_level=A")
    game = env.bot.game
    timeout = game.record(rec.table_id).options.turn_timeout
    for _ in range(60):  # both humans time out into 托管: the AI plays the match to its end
        if game.record(rec.table_id).status is not Status.PLAYING:
            break
        await advance(env, clock, timeout + 1)
    rec = game.record(rec.table_id)
    assert rec.status is Status.FINISHED, env.transcript()
    results = [h.result for h in await game.db.hand_history(rec.table_id)]

    posted = [m for m in thread_messages(env, channel, rec) if m.content]
    for result in results:
        [summary] = [m for m in posted if m.content.startswith(f"Hand {result.hand_number} over")]
        lines = literal(summary.content).splitlines()
        gains = gains_text(rec, result)
        if gains:
            assert lines[1].startswith(f"Level gains: {gains}"), lines
        else:
            assert lines[1].startswith("No level gains"), lines
        for code in gain_reasons(rec, result):
            name, _, points = code.partition(":")
            assert i18n.t(f"announce.why.{name}", "en", points=points) in lines[1]
        if result.match_winner is None:
            assert [a.filename for a in summary.attachments] == [f"hand{result.hand_number:02d}_summary.png"]
    [end] = [m for m in posted if "Match over" in m.content]
    assert [a.filename for a in end.attachments] == ["match_summary.png"]
    text = literal(end.content)
    assert f"Match over: {rec.names[results[-1].match_winner]} won!" in text  # one player: not "win"
    assert all(f"{h.name} " in text.split("Ladder: ", 1)[1] for h in humans), text
