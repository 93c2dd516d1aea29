"""Whole hands of other shapes through Discord (issue 54, SimCord): a six-seat 找朋友 table of three humans and
three AI seats and a three-deck four-seat table play a hand through slash commands and panels — declaring, the
bury, the dealer's friend calls in its private dialog (a typed call naming a card it holds is confirmed first),
the calls and each friend revealed announced once in public with the card, the settlement and the ladder. The
bot restarts in the middle of each hand and loses nothing; no public message ever shows a seat's hidden cards."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from cogs.cardtext import call_text, calls_text
from engine.friends import FriendCall
from engine.views import Phase
from tests.conftest import act_by_panel, button_id, humans_to_act, open_panel, select_cards, world
from tests.helpers.botflow import (
    advance,
    bounded,
    close_game,
    last_reply,
    private_leaks,
    start_table,
    table_state,
    thread_texts,
)
from tests.helpers.restart import restart

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]

MOVE_LIMIT = 400
SEEDS = {"six": 6, "time": 6, "command": 6, "eight": 6, "three": 1}  # deals where a human deals


@pytest.fixture
def bot_options(request: Any) -> dict[str, Any]:
    return {"rng_seed": next(v for k, v in SEEDS.items() if k in request.node.name)}


def _ids(message: Any) -> list[str]:
    return [c.get("custom_id", "") for row in message.components for c in row.get("components", [])]


def _call_button(message: Any, op: str) -> str:
    return next(cid for cid in _ids(message) if cid.startswith("tf:") and cid.split(":")[4] == op)


async def _declare_as_human(env: Any, clock: Any, rec: Any, channel: Any, actors: list[Any]) -> None:
    """Humans declare or overcall whenever they can (so a human deals), else pass; AI seats wait (declare_wait)."""
    table = env.bot.game.sessions[rec.table_id].table
    for _ in range(60):
        if table.phase is not Phase.DECLARING:
            return
        movers = humans_to_act(env, rec.table_id, actors)
        if not movers:
            await advance(env, clock, 1.0)
        else:
            await act_by_panel(env, movers[0], channel, rec.table_id, declare=True)
        table = env.bot.game.sessions[rec.table_id].table
    raise AssertionError(f"still declaring: {env.transcript()}")


async def _bury_and_call(env: Any, clock: Any, rec: Any, channel: Any, dealer: Any) -> tuple[FriendCall, ...]:
    """The dealer picks the suggested bury in its panel and presses Bury: the call dialog opens privately; it types
    a call naming a card it keeps (and the suggestion's other calls) in the form — the bot restarting while the form
    is open — is warned, the bot restarts again, and the dealer calls anyway on the same warning (the form's and the
    buttons' state are in their ids)."""
    game = env.bot.game
    panel = game.panel(rec.table_id, dealer.id)
    bury = game.suggest(rec.table_id, dealer.id).cards
    message = await open_panel(env, dealer, channel, rec.table_id)
    await select_cards(dealer, message, panel, bury)
    shown = await dealer.click(message, custom_id=button_id(message, "bury"))
    dialog = shown.followups[-1] if shown.followups else shown.response
    assert dialog is not None and dialog.ephemeral, env.transcript()
    count = rec.rules.friend_calls
    assert i18n.t("friends.dialog.title", "en", count=count) in dialog.content
    assert "friend_cards=no_trumps" in dialog.content
    table = game.sessions[rec.table_id].table
    kept = list(panel.view.hand)
    for card in bury:
        kept.remove(card)
    pub = table.public_view()
    own = next(c for c in kept if not c.is_joker and c.rank != pub.level and c.suit != pub.trump)
    suggested = [FriendCall(c.card, c.ordinal) for c in _suggested(dialog)] or []
    calls = [FriendCall(own, 1), *[c for c in suggested if c.card != own]][:count]
    form = await dealer.click(dialog, custom_id=_call_button(dialog, "pick"))
    await restart(env, clock, rng_seed=SEEDS["six"])  # the form is answered from its id after a restart
    values = {f"call{n}": call_text(c.card, c.ordinal, "en") for n, c in enumerate(calls)}
    warned = await dealer.submit_modal(form, values)
    warning = warned.followups[-1] if warned.followups else warned.response
    assert warning is not None and warning.ephemeral
    assert i18n.t("friends.dialog.held", "en", cards="")[:12] in warning.content, warning.content
    assert table.phase is Phase.BURYING  # nothing made before the dealer confirms
    before = table_state(env, rec.table_id)
    await restart(env, clock, rng_seed=SEEDS["six"])
    assert table_state(env, rec.table_id) == before
    await dealer.click(warning, custom_id=_call_button(warning, "call"))
    table = env.bot.game.sessions[rec.table_id].table
    assert table.phase is not Phase.BURYING, env.transcript()
    return tuple(calls)


def _suggested(dialog: Any) -> list[FriendCall]:
    from runtime import decode_calls

    return list(decode_calls(_call_button(dialog, "call").split(":")[6]))


async def _play_out(env: Any, clock: Any, rec: Any, channel: Any, actors: list[Any], *, restart_at: int,
                    seed: int) -> Any:
    """Every human move through the panel until the hand is settled; the bot restarts once ``restart_at`` tricks
    are done, and the table it restores is the one it stopped with."""
    for _ in range(MOVE_LIMIT):
        table = env.bot.game.sessions[rec.table_id].table
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) or table.public_view().hand_number > 1:
            return table
        if restart_at and len(table.public_view().tricks) >= restart_at:
            before = table_state(env, rec.table_id)
            await restart(env, clock, rng_seed=seed)
            assert table_state(env, rec.table_id) == before
            restart_at = 0
            continue
        movers = humans_to_act(env, rec.table_id, actors)
        if movers and table.phase is Phase.BURYING and not rec.rules.shape.fixed_partners:
            await _bury_suggested(env, rec, channel, movers[0])
        elif movers:
            await act_by_panel(env, movers[0], channel, rec.table_id)
        else:
            await advance(env, clock, 1.0)
    raise AssertionError(f"the hand did not end: {env.transcript()}")


async def _bury_suggested(env: Any, rec: Any, channel: Any, dealer: Any) -> None:
    """The suggested bury in the panel, then the dialog's suggested calls."""
    game = env.bot.game
    panel = game.panel(rec.table_id, dealer.id)
    message = await open_panel(env, dealer, channel, rec.table_id)
    await select_cards(dealer, message, panel, game.suggest(rec.table_id, dealer.id).cards)
    shown = await dealer.click(message, custom_id=button_id(message, "bury"))
    dialog = shown.followups[-1] if shown.followups else shown.response
    await dealer.click(dialog, custom_id=_call_button(dialog, "call"))


def _said_once(texts: list[str], needle: str) -> None:
    found = sum(t.count(needle) for t in texts)
    assert found == 1, (needle, found)


@bounded(400)
async def test_a_six_seat_friends_hand_with_three_humans_and_three_ai(simcord_env: Any, clock: Any) -> None:
    env = simcord_env
    _guild, channel, actors = world(env, 3, locale="en-US")
    rec = await start_table(env, channel, actors, n_ai=3, mode="async", players=6, teams="friends",
                            declare_wait=600)
    await _declare_as_human(env, clock, rec, channel, actors)
    table = env.bot.game.sessions[rec.table_id].table
    dealer_seat = table.public_view().dealer
    dealer = next(a for a in actors if rec.seat_of(a.id) == dealer_seat)
    prompt = i18n.t("announce.turn_burying_friends", "en", name=f"<@{dealer.id}>", n=6, friends=2)
    assert any(prompt in t for t in thread_texts(env, channel, rec)), thread_texts(env, channel, rec)
    calls = await _bury_and_call(env, clock, rec, channel, dealer)
    texts = thread_texts(env, channel, rec)
    calls_param = " ".join(f"{c.card}:{c.ordinal}" for c in calls)
    _said_once(texts, i18n.t("announce.friends_called", "en", name=dealer.name, calls=calls_text(calls_param, "en")))
    table = await _play_out(env, clock, rec, channel, actors, restart_at=5, seed=SEEDS["six"])
    result = table.public_view().results[0]
    assert result.team[0] == dealer_seat and len(result.levels_after) == 6  # per-player levels (§13.7)
    texts = thread_texts(env, channel, rec)
    names = env.bot.game.record(rec.table_id).names
    levels = " / ".join(f"{n} {lv}" for n, lv in zip(names, result.levels_after, strict=True))
    assert any(f"Levels {levels};" in t for t in texts), texts  # each player's own level, by name
    worded = [call_text(c.card, c.ordinal, "en") for c in calls]
    for friend in result.team[1:]:  # each friend revealed once, in public, with the copy that revealed it
        line = next(t for t in texts if f"🤝 {names[friend]} played" in t)
        _said_once(texts, f"🤝 {names[friend]} played")
        assert any(f"played {w} and joins" in line for w in worded), line
    assert sum(t.count("🤝") for t in texts) == len(result.team) - 1
    live = [str(e.json.get("content")) for e in env.http_requests if isinstance(e.json, dict)]
    assert any(f"dealer's team: {dealer.name} · to find: " in c for c in live)  # the team as it forms (live, panels)
    assert any(c.startswith("✅ Played") and f"dealer's team: {dealer.name}" in c for c in live)
    if len(result.team) > 1:
        assert any(f"dealer's team: {dealer.name}, {names[result.team[1]]}" in c for c in live)
    ladder = last_reply(await dealer.slash(channel, "ladder", shape="friends-3d6p"))  # the shape's own ladder
    assert [a.filename for a in ladder.attachments] == ["ladder.png"]
    stats = await env.bot.game.db.leaderboard(rec.guild_id, by="level", limit=10, shape="friends-3d6p")
    assert {p.user_id for p in stats} == {a.id for a in actors}  # the humans, each at their own level
    assert not private_leaks(env), private_leaks(env)


@bounded(400)
async def test_a_three_deck_four_seat_hand_with_a_restart(simcord_env: Any, clock: Any) -> None:
    env = simcord_env
    _guild, channel, actors = world(env, 2, locale="en-US")
    rec = await start_table(env, channel, actors, n_ai=2, mode="async", decks=3, declare_wait=600)
    assert (rec.rules.decks, rec.rules.shape.kitty) == (3, rec.rules.shape.kitty)
    await _declare_as_human(env, clock, rec, channel, actors)
    table = env.bot.game.sessions[rec.table_id].table
    assert table.phase is Phase.BURYING
    dealer = next(a for a in actors if rec.seat_of(a.id) == table.public_view().dealer)  # a human buries
    assert i18n.t("panel.bury", "en", n=rec.rules.shape.kitty) in (await open_panel(env, dealer, channel,
                                                                                     rec.table_id)).content
    table = await _play_out(env, clock, rec, channel, actors, restart_at=4, seed=SEEDS["three"])
    assert table.public_view().results, env.transcript()
    ladder = last_reply(await dealer.slash(channel, "ladder", shape="tractor-3d4p"))  # not the two-deck ladder
    assert [a.filename for a in ladder.attachments] == ["ladder.png"]
    stats = await env.bot.game.db.leaderboard(rec.guild_id, by="level", limit=10, shape="tractor-3d4p")
    assert {p.user_id for p in stats} == {a.id for a in actors}
    assert not private_leaks(env), private_leaks(env)


@bounded(200)
async def test_a_dealer_whose_time_runs_out_has_the_ai_call_its_friends(simcord_env: Any, clock: Any) -> None:
    """托管 (RULES §13.3): the dealer of a 找朋友 table lets its bury time pass; the AI buries and calls for it, and
    the calls are announced in public as play begins."""
    env = simcord_env
    _guild, channel, actors = world(env, 3, locale="en-US")
    rec = await start_table(env, channel, actors, n_ai=3, mode="async", players=6, teams="friends",
                            declare_wait=600, timeout=60)
    await _declare_as_human(env, clock, rec, channel, actors)
    table = env.bot.game.sessions[rec.table_id].table
    dealer = next(a for a in actors if rec.seat_of(a.id) == table.public_view().dealer)
    assert table.phase is Phase.BURYING
    panel = env.bot.game.panel(rec.table_id, dealer.id)
    message = await open_panel(env, dealer, channel, rec.table_id)
    await select_cards(dealer, message, panel, env.bot.game.suggest(rec.table_id, dealer.id).cards)
    shown = await dealer.click(message, custom_id=button_id(message, "bury"))
    dialog = shown.followups[-1] if shown.followups else shown.response  # open while the time runs out
    await advance(env, clock, 61.0)
    table = env.bot.game.sessions[rec.table_id].table
    assert table.phase is Phase.PLAYING, env.transcript()
    late = await dealer.click(dialog, custom_id=_call_button(dialog, "call"))
    assert i18n.t("friends.stale", "en") in last_reply(late).content  # the dialog of a bury already made
    assert env.bot.game.sessions[rec.table_id].table.to_json() == table.to_json()
    friends = table.public_view().friends
    assert friends is not None and len(friends.calls) == rec.rules.friend_calls
    calls = " ".join(f"{c.call.card}:{c.call.ordinal}" for c in friends.calls)
    texts = thread_texts(env, channel, rec)
    _said_once(texts, i18n.t("announce.friends_called", "en", name=dealer.name, calls=calls_text(calls, "en")))
    assert not private_leaks(env), private_leaks(env)


@bounded(200)
async def test_the_bury_command_takes_the_calls_or_opens_the_dialog(simcord_env: Any, clock: Any) -> None:
    """``/bury`` at a 找朋友 table: without ``calls`` the same private dialog opens; a call that is no call is refused
    with the way to write one and changes nothing; typed calls bury and call at once."""
    env = simcord_env
    _guild, channel, actors = world(env, 3, locale="en-US")
    rec = await start_table(env, channel, actors, n_ai=3, mode="async", players=6, teams="friends",
                            declare_wait=600)
    await _declare_as_human(env, clock, rec, channel, actors)
    game = env.bot.game
    dealer = next(a for a in actors if rec.seat_of(a.id) == game.sessions[rec.table_id].table.public_view().dealer)
    suggestion = game.suggest(rec.table_id, dealer.id)
    cards = " ".join(str(c) for c in suggestion.cards)
    dialog = last_reply(await dealer.slash(channel, "bury", cards=cards))
    assert dialog.ephemeral and i18n.t("friends.dialog.title", "en", count=2) in dialog.content
    refused = last_reply(await dealer.slash(channel, "bury", cards=cards, calls="the best card"))
    assert refused.ephemeral and "is not a call" in refused.content
    trump = last_reply(await dealer.slash(channel, "bury", cards=cards, calls="1 BJ, 1 AS"))  # friend_cards
    assert "Big joker cannot be called under friend_cards=no\\_trumps" in trump.content  # (escaped markdown)
    assert i18n.t("friends.wrong_count", "en", count=2, called=1) in last_reply(
        await dealer.slash(channel, "bury", cards=cards, calls="1 AS")).content
    assert game.sessions[rec.table_id].table.phase is Phase.BURYING
    typed = ", ".join(call_text(c.card, c.ordinal, "en") for c in suggestion.calls)
    done = last_reply(await dealer.slash(channel, "bury", cards=cards, calls=typed))
    assert done.ephemeral, env.transcript()
    friends = game.sessions[rec.table_id].table.public_view().friends
    assert friends is not None and tuple(c.call for c in friends.calls) == suggestion.calls
    public = [m.content for ms in env.backend.messages.values() for m in ms.values() if not m.flags & 64]
    assert not [t for t in public if "Suggested:" in t or "You hold" in t]  # the dialog stays private


@bounded(300)
async def test_an_eight_seat_friends_hand_from_the_last_seat(simcord_env: Any, clock: Any) -> None:
    """Eight seats, four decks, 找朋友: alice moves to seat 8, fills the table with AI and plays a whole hand from
    there through her panel (seat ids 0-7 in every button); every seat is named, nothing private made public."""
    env = simcord_env
    _guild, channel, (alice,) = world(env, 1, locale="en-US")
    result = await alice.slash(channel, "tractor new", mode="async", players=8, teams="friends", declare_wait=600)
    lobby = result.response
    rec = env.bot.game.tables(channel_id=channel.id)[-1]
    assert (rec.rules.decks, rec.rules.friend_calls) == (4, 3)
    await alice.click(lobby, custom_id=f"tl:{rec.table_id}:leave:")
    await alice.click(lobby, custom_id=f"tl:{rec.table_id}:sit:7")
    stored = env.backend.get_message(channel.id, rec.lobby_message_id)
    await alice.click(lobby, custom_id=button_id(stored, "fillai"))
    await alice.click(lobby, custom_id=button_id(stored, "start"))
    rec = env.bot.game.record(rec.table_id)
    assert rec.seat_of(alice.id) == 7 and rec.status.value == "playing", env.transcript()
    await _declare_as_human(env, clock, rec, channel, [alice])
    table = await _play_out(env, clock, rec, channel, [alice], restart_at=3, seed=SEEDS["eight"])
    result_ = table.public_view().results[0]
    assert len(result_.levels_after) == 8
    assert any(c.startswith("tp:") and c.split(":")[2] == "7" for c in _sent_ids(env)), "no panel of seat 8"
    assert not private_leaks(env), private_leaks(env)


def _sent_ids(env: Any) -> list[str]:
    out = []
    for entry in env.http_requests:
        if isinstance(entry.json, dict):
            data = entry.json.get("data", entry.json)
            for row in (data.get("components") or []) if isinstance(data, dict) else []:
                out += [c.get("custom_id", "") for c in row.get("components", [])]
    return out
