"""End-to-end Discord flows (SimCord) of the v2 declaring rounds: a hand of ``aihua`` with a face-down
overcall round after the bury (暗扣暗反), and the second hand of ``daiwang`` with the swap-dealer window
(换庄) and the no-trump-only round (反无主). Declarations, passes and burials go through the private panel;
plays through the game service. Every public message is scanned: no hand, and no face-down card before
the round that hides it ends."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cogs.cardtext import card_name
from cogs.items import decode_cards
from engine.actions import Action, Bury, Declare, Pass, Play
from engine.views import Phase
from tests.conftest import open_panel, select_cards, world
from tests.helpers.botflow import (
    advance,
    bounded,
    close_game,
    private_leaks,
    said,
    start_table,
    thread_messages,
)
from tests.helpers.restart import restart
from tests.helpers.rounds_flow import Script, next_move

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]

AIHUA_SEED = 3  # tests/helpers/rounds_flow.py: the first table gives a face-down level-pair overcall after the bury
DAIWANG_SEED = 2  # … and a second hand where the due team passes and the other team declares (换庄)


@pytest.fixture
def bot_options(request: Any) -> dict[str, Any]:
    return {"rng_seed": getattr(request, "param", AIHUA_SEED)}


def _button(message: Any, op: str, cards: tuple[Any, ...] | None = None) -> str:
    """The panel button ``op``; for ``decl`` the one whose custom id carries ``cards``."""
    for row in message.components:
        for comp in row.get("components", []):
            cid = str(comp.get("custom_id", ""))
            parts = cid.split(":")
            if comp.get("type") != 2 or len(parts) < 6 or parts[4] != op:
                continue
            if cards is None or (parts[5].isdigit() and sorted(decode_cards(int(parts[5])), key=str)
                                 == sorted(cards, key=str)):
                return cid
    raise AssertionError(f"no {op} button for {cards} in {message.components}")


async def _by_panel(env: Any, channel: Any, rec: Any, actors: list[Any], action: Action) -> None:
    """A declaring-phase move made by clicking the seat's private panel."""
    game = env.bot.game
    actor = actors[action.seat]
    message = await open_panel(env, actor, channel, rec.table_id)
    if isinstance(action, Declare):
        await actor.click(message, custom_id=_button(message, "decl", action.cards))
    elif isinstance(action, Pass):
        await actor.click(message, custom_id=_button(message, "pass"))
    else:
        assert isinstance(action, Bury)
        await select_cards(actor, message, game.panel(rec.table_id, actor.id), action.cards)
        await actor.click(message, custom_id=_button(message, "bury"))


async def _play_hand(env: Any, channel: Any, rec: Any, actors: list[Any], script: Script,
                     hidden_seen: list[tuple[Any, ...]]) -> None:
    """Every scripted move until the hand is settled; declaring phases through the panel."""
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    for _ in range(400):
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return
        action = next_move(table, script)
        if isinstance(action, Play):
            await game.act(rec.table_id, actors[action.seat].id, action)
        else:
            await _by_panel(env, channel, rec, actors, action)
        hidden_seen += [d.cards for d in table.hand.bids.hidden if d.cards not in hidden_seen]
    raise AssertionError(f"hand not finished: {table.phase}")


def _public_texts(env: Any) -> list[str]:
    """Every non-ephemeral message (channels, threads, DMs), text and embeds, and everything the bot ever
    posted or edited in a channel (also messages deleted since, such as turn pings)."""
    out = [json.dumps(e.json, ensure_ascii=False) for e in env.http_requests
           if e.path.startswith("/channels/") and e.method in ("POST", "PATCH") and isinstance(e.json, dict)]
    for messages in env.backend.messages.values():
        for m in messages.values():
            if m.flags & 64:
                continue
            embeds = " ".join(str(e) for e in (getattr(m, "embeds", None) or []))
            out.append(f"{m.content} {embeds}")
    return out


def _card_texts(cards: tuple[Any, ...]) -> set[str]:
    return {form for c in cards for form in (str(c), card_name(c, "en"), card_name(c, "zh-CN"))}


async def _seated(env: Any, preset: str, mode: str = "async") -> tuple[Any, list[Any], Any, Any]:
    """Four humans (alice, bob, carol, dave) at a started table of ``preset``: channel, actors, record, table."""
    _guild, channel, actors = world(env, 4)
    rec = await start_table(env, channel, actors, mode=mode, preset=preset)
    return channel, actors, rec, env.bot.game.sessions[rec.table_id].table


def _check_face_down_stays_hidden(env: Any, hidden: list[tuple[Any, ...]]) -> None:
    public = " ".join(_public_texts(env))
    for cards in hidden:
        assert not any(f" {form}" in public for form in _card_texts(cards)), (cards, public[-600:])


@pytest.mark.parametrize("mode,restart_mid_round", [("async", False), ("live", False), ("async", True)])
@bounded(120.0)
async def test_aihua_hand_with_a_face_down_overcall_round(simcord_env: Any, clock: Any, mode: str,
                                                         restart_mid_round: bool) -> None:
    env = simcord_env
    channel, actors, rec, table = await _seated(env, "aihua", mode)
    script = Script(overcall_once=True)
    hidden: list[tuple[Any, ...]] = []
    # the deal's window, the bury and the 暗反 round: the reveal comes when the round ends
    while table.phase is not Phase.PLAYING:
        await _by_panel(env, channel, rec, actors, next_move(table, script))
        hidden += [d.cards for d in table.hand.bids.hidden if d.cards not in hidden]
        if table.hand.bids.hidden:  # something lies face down: no public message names it
            _check_face_down_stays_hidden(env, hidden)
        if restart_mid_round and script.overcalled is not None and table.phase is Phase.BURYING:
            before = table.to_json()
            table = (await restart(env, clock)).game.sessions[rec.table_id].table
            assert table.to_json() == before and table.public_view().declaration.concealed
            restart_mid_round = False
    assert script.overcalled is not None and len(hidden) == 2  # the declaration and the face-down overcall
    texts = [m.content for m in thread_messages(env, channel, rec)]
    first = table.public_view().declaration
    assert first is not None and not first.concealed and first.seat == script.overcalled
    names = [a.name for a in actors]
    assert any(said("announce.overcall_concealed", "en", name=names[script.overcalled]) in t for t in texts)
    assert any("turned up" in t for t in texts)
    await _play_hand(env, channel, rec, actors, script, hidden)
    assert table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert table.results[-1].trump == first.trump
    assert private_leaks(env) == []


@pytest.mark.parametrize("bot_options", [DAIWANG_SEED], indirect=True)
@pytest.mark.parametrize("first_seat_times_out", [False, True])
@bounded(180.0)
async def test_daiwang_second_hand_with_the_swap_dealer_window(simcord_env: Any, clock: Any,
                                                               first_seat_times_out: bool) -> None:
    env = simcord_env
    channel, actors, rec, table = await _seated(env, "daiwang")
    script = Script(due_team_passes=True)
    await _play_hand(env, channel, rec, actors, script, [])
    assert table.phase is Phase.HAND_OVER
    await advance(env, clock, 1.0)
    await env.bot.game.scheduler.run_now()  # the next hand starts and is dealt (timers)
    assert table.hand.number == 2 and table.phase is Phase.DECLARING and table.hand.bids.swap_stage == "due"
    due = table.hand.dealer
    other_level = table.levels[1 - due % 2]
    if first_seat_times_out:  # the first seat asked in the second window lets its time run out: it passes
        while table.hand.bids.swap_stage != "other":
            await _by_panel(env, channel, rec, actors, next_move(table, script))
        assert table.to_act() == ((due + 1) % 4,)
        await advance(env, clock, rec.options.declare_window + 1)
        await env.bot.game.scheduler.run_now()
        assert table.hand.bids.swap_stage == "other" and table.to_act() == ((due + 3) % 4,)
    await _play_hand(env, channel, rec, actors, script, [])
    result = table.results[-1]
    assert script.swap_declarer is not None and script.swap_declarer % 2 != due % 2
    assert (result.hand_number, result.dealer, result.level) == (2, script.swap_declarer, other_level)
    texts = [m.content for m in thread_messages(env, channel, rec)]
    names = [a.name for a in actors]
    other = 1 - due % 2
    assert any(said("announce.swap_window", "en", a=names[other], b=names[other + 2], level=other_level) in t
               for t in texts), texts[-30:]
    assert any(said("announce.swap_dealer", "en", name=names[script.swap_declarer], level=other_level) in t
               for t in texts)
    first_asked = actors[(due + 1) % 4]  # the second window pings its first seat, by mention (pings are
    posted = [str(e.json.get("content", "")) for e in env.http_requests  # deleted later: read what was posted)
              if e.path.startswith("/channels/") and e.method == "POST" and isinstance(e.json, dict)]
    assert any(said("announce.turn_swap", "en", user_id=first_asked.id, name=first_asked.name, level=other_level)
               in t for t in posted), posted[-30:]
    assert private_leaks(env) == []
