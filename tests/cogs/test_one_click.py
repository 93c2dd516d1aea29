"""One click, one lookup (issue #24) through SimCord: a move command applied once without a time window, and the
buttons of an older version of the bot answered with a localized way out."""

from __future__ import annotations

from collections import Counter
from typing import Any

from simcord.results import InteractionResult

import i18n
from benchmarks.click_count import measure
from engine.actions import Play
from tests.conftest import open_panel
from tests.helpers.botflow import bounded, declare_and_bury, four_humans, last_reply
from tests.helpers.faults import _payload
from tests.helpers.security import forge


async def _leader_with_a_pair(env: Any) -> tuple[Any, Any, list[Any], int, str]:
    rec, channel, actors = await four_humans(env)
    await declare_and_bury(env, rec, channel, actors)
    table = env.bot.game.sessions[rec.table_id].table
    leader = table.to_act()[0]
    hand = Counter(table.seat_view(leader).hand)
    card = next(c for c, n in sorted(hand.items(), key=lambda x: str(x[0])) if n == 2)  # its copy stays legal
    return rec, channel, actors, leader, str(card)


async def _deliver(env: Any, record: Any, payload: Any) -> InteractionResult:
    """Deliver an interaction created earlier (its id, and so its creation time, is the earlier one)."""
    env._begin_operation("slash")
    try:
        env._notify_dispatch_observers(record)
        env.backend.emit("INTERACTION_CREATE", payload)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
        return InteractionResult(env, record)
    finally:
        env._end_operation()


@bounded()
async def test_a_copy_sent_with_the_first_but_delivered_after_its_answer_is_refused(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors, leader, card = await _leader_with_a_pair(env)
    table = env.bot.game.sessions[rec.table_id].table
    before = table.version
    copy = _payload((actors[leader], channel, "play", {"cards": card}))  # created now, with the first
    first = await actors[leader].slash(channel, "play", cards=card)
    assert last_reply(first).content != i18n.t("act.duplicate", "en"), env.transcript()
    late = await _deliver(env, *copy)
    assert last_reply(late).content == i18n.t("act.duplicate", "en"), env.transcript()
    mine = [a for a in table.actions[before:] if isinstance(a, Play) and a.seat == leader]
    assert len(mine) == 1 and leader not in env.bot.game.sessions[rec.table_id].queued


@bounded()
async def test_the_same_move_sent_again_after_the_answer_is_a_move_of_its_own(simcord_env: Any) -> None:
    """The 1.5 s window refused a player who typed the same ``/play`` again at once on purpose (here: to queue the
    second copy of the card for the next trick); the answer's time tells a copy from a repeat."""
    env = simcord_env
    rec, channel, actors, leader, card = await _leader_with_a_pair(env)
    game = env.bot.game
    await actors[leader].slash(channel, "play", cards=card)
    again = await actors[leader].slash(channel, "play", cards=card)
    assert last_reply(again).content != i18n.t("act.duplicate", "en"), env.transcript()
    assert game.sessions[rec.table_id].queued.get(leader) is not None, env.transcript()


@bounded()
async def test_buttons_of_an_older_version_are_answered_with_a_way_out(simcord_env: Any) -> None:
    env = simcord_env
    rec, channel, actors = await four_humans(env)
    alice = actors[0]
    sent = await open_panel(env, alice, channel, rec.table_id)
    panel = env.backend.get_message(sent.channel_id if hasattr(sent, "channel_id") else sent.channel.id, sent.id)
    version = env.bot.game.sessions[rec.table_id].table.version
    stale = await forge(env, alice, panel, f"tp:{rec.table_id}:0:{version}:oldop:")
    assert last_reply(stale).content.startswith(i18n.t("panel.stale", "en")), env.transcript()
    result = await forge(env, alice, panel, f"tl:{rec.table_id}:oldop:")
    assert last_reply(result).content == i18n.t("panel.retired_button", "en"), env.transcript()


async def _click_play(env: Any, rec: Any, channel: Any, actor: Any, seat: int, card: str,
                      monkeypatch: Any) -> tuple[Any, int]:
    """The seat's Play button with ``card`` selected; the answer and how many seat lookups it made."""
    from cogs.panel_view import hand_order
    from engine.cards import parse_cards
    from runtime.service.game import GameService

    game = env.bot.game
    sent = await open_panel(env, actor, channel, rec.table_id)
    message = env.backend.get_message(sent.channel_id if hasattr(sent, "channel_id") else sent.channel.id, sent.id)
    panel = game.panel(rec.table_id, actor.id)
    index = hand_order(panel).index(parse_cards(card)[0])
    lookups: list[int] = []
    seat_of = GameService._seat_of

    def counted(*args: Any, **kwargs: Any) -> Any:
        lookups.append(1)
        return seat_of(*args, **kwargs)

    monkeypatch.setattr(GameService, "_seat_of", counted)
    version = game.sessions[rec.table_id].table.version
    answer = await forge(env, actor, message, f"tp:{rec.table_id}:{seat}:{version}:play:{1 << index}")
    return answer, len(lookups)


@bounded()
async def test_the_play_button_looks_the_seat_up_once(simcord_env: Any, monkeypatch: Any) -> None:
    """The Play button is looked up and authorized once, by the move itself (it reads the selection off the seat's
    current panel); a seat not to play has its selection queued (预出牌) instead."""
    env = simcord_env
    rec, channel, actors, leader, card = await _leader_with_a_pair(env)
    table = env.bot.game.sessions[rec.table_id].table
    before = table.version
    answer, lookups = await _click_play(env, rec, channel, actors[leader], leader, card, monkeypatch)
    assert lookups == 1, env.transcript()
    assert [a.seat for a in table.actions[before:] if isinstance(a, Play)][:1] == [leader], env.transcript()
    waiting = (leader + 3) % 4  # plays last in this trick
    hand = table.seat_view(waiting).hand
    monkeypatch.undo()
    answer, _ = await _click_play(env, rec, channel, actors[waiting], waiting, str(hand[0]), monkeypatch)
    assert env.bot.game.sessions[rec.table_id].queued.get(waiting) is not None, last_reply(answer).content


async def test_the_click_benchmark_counts_one_seat_lookup_and_one_plan_per_move() -> None:
    """``benchmarks/click_count.py`` as run by hand: one Play click in the panel is one move, with one seat lookup
    and one timer plan (armed before the update is presented)."""
    out = await measure(1)
    assert out["moves"] == 1
    assert (out["calls"]["seat_lookup"], out["calls"]["timer_plan"], out["calls"]["build_panel"]) == (1, 1, 1)

