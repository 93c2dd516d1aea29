"""Superseded live-message edits keep their notices (issue #23, item 14). In the quiet thread a move made for a
player ("Only one legal play: … was played for you", "Your queued … was played") is a line of the live message;
when that edit is replaced by a newer one before it is sent (the AI seats move at once after it), the line must
travel with the newer edit instead of being dropped. One human and three AI play whole hands; every such notice
the service announced must reach Discord."""

from __future__ import annotations

from typing import Any

from cogs.presenter import QUIET_KEYS, announcement_text
from data.records import Status
from tests.conftest import act_by_panel, humans_to_act, one_human_and_three_ai
from tests.helpers.botflow import bounded

MOVE_LIMIT = 700


def sent_texts(env: Any) -> str:
    """Every content the bot sent or edited into a message (all versions of the live message)."""
    out = []
    for entry in env.http_requests:
        if entry.method in ("POST", "PATCH") and isinstance(entry.json, dict) and entry.json.get("content"):
            out.append(str(entry.json["content"]))
    return "\n".join(out)


@bounded(180)
async def test_notices_of_superseded_live_edits_are_shown(simcord_env: Any, monkeypatch: Any) -> None:
    env = simcord_env
    channel, alice, rec, _lobby = await one_human_and_three_ai(env, "en-US", "start_level=A end_level=A")
    game, presenter = env.bot.game, env.bot.presenter
    tid = rec.table_id
    notices: list[str] = []
    original = presenter.table_changed

    async def spy(update: Any) -> None:
        notices.extend(announcement_text(a, "en") for a in update.announcements if a.key in QUIET_KEYS)
        await original(update)

    monkeypatch.setattr(presenter, "table_changed", spy)
    for _ in range(MOVE_LIMIT):
        if game.record(tid).status is not Status.PLAYING:
            break
        assert humans_to_act(env, tid, [alice])
        await act_by_panel(env, alice, channel, tid)
    await env.settle()
    assert notices, "no move was made for the player: the test saw nothing"
    shown = sent_texts(env)
    missing = [n for n in notices if n not in shown]
    assert not missing, missing


@bounded(120)
async def test_a_notice_travels_with_the_edit_that_replaces_its_own(simcord_env: Any) -> None:
    """Two changes of the table reach the presenter before its worker sends anything (as when the AI moves at once
    after a move made for the player): the first one's live edit is replaced by the second's, and the second
    carries the first one's notice; the turn prompt of the first is not repeated."""
    from runtime.presenter import Announcement, TableUpdate, UpdateReason

    env = simcord_env
    _channel, alice, rec, _lobby = await one_human_and_three_ai(env, "en-US", "start_level=A end_level=A")
    game, presenter = env.bot.game, env.bot.presenter
    await env.settle()
    session = game.sessions[rec.table_id]
    view = session.table.public_view()
    forced = Announcement("announce.forced_played", {"cards": "7H"}, user_id=alice.id, seat=0)
    first = TableUpdate(record=session.record, version=session.table.version, reason=UpdateReason.ACTION, view=view,
                        announcements=(forced,))
    second = TableUpdate(record=session.record, version=session.table.version, reason=UpdateReason.ACTION, view=view)
    before = len(env.http_requests)
    await presenter.table_changed(first)
    await presenter.table_changed(second)
    await env.settle()
    edits = [e.json["content"] for e in env.http_requests[before:]
             if e.method in ("POST", "PATCH") and isinstance(e.json, dict) and e.json.get("content")]
    assert len(edits) == 1, edits  # the first edit was replaced before it was sent
    assert announcement_text(forced, "en") in edits[0]
