"""Helpers of the end-to-end Discord flow tests (tests/cogs/test_flows*.py): seating a table through the
lobby buttons, moving the fake clock together with SimCord's virtual time, per-user interaction
locales, a time guard for every test, and the privacy check (no hand picture or card select outside
an ephemeral message)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import pytest_asyncio
import simcord.interactions as sim_interactions
from simcord.backend.models import EPHEMERAL_FLAG

from cogs.hub import detach_game
from cogs.presenter import announcement_text
from engine.legal import view_context
from engine.views import Phase
from runtime.presenter import Announcement
from tests.conftest import button_id, open_panel, open_table, select_cards, thread_of, world

PRIVATE_PICTURES = ("hand_",)  # the cog's hand_{table}_{version}.png, runtime's hand_seat{n}.png (public: hand01_…)
TEST_BUDGET = 240.0  # seconds of wall time for one flow test (it fails instead of hanging; under pytest-timeout)


def bounded(seconds: float = TEST_BUDGET) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """Fail a test coroutine that runs longer than ``seconds``."""

    def wrap(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def guarded(*args: Any, **kwargs: Any) -> Any:
            return await asyncio.wait_for(fn(*args, **kwargs), timeout=seconds)

        return guarded

    return wrap


@pytest_asyncio.fixture
async def close_game(simcord_env: Any) -> Any:
    """Close the game service and database of the bot running at the end of the test (after a
    ``restart_bot`` that is not the ``simcord_bot`` the root conftest closes). SimCord's shutdown does not
    call ``bot.close()``; an open aiosqlite worker thread would keep pytest from exiting."""
    yield
    if getattr(simcord_env.bot, "game", None) is not None:
        await detach_game(simcord_env.bot)


async def four_humans(env: Any, **options: Any) -> tuple[Any, Any, list[Any]]:
    """A table of alice, bob, carol and dave (seats 0-3) in async mode, started."""
    _guild, channel, actors = world(env, 4)
    rec = await start_table(env, channel, actors, mode="async", **options)
    return rec, channel, actors


async def declare_and_bury(env: Any, rec: Any, channel: Any, actors: list[Any], declarer: int | None = None) -> int:
    """Through panels: the first seat able to declare (or ``declarer``) declares, everybody else passes,
    and the dealer buries the suggested 8. Returns the dealer seat."""
    game = env.bot.game
    table = game.sessions[rec.table_id].table
    if declarer is None:
        declarer = next(s for s in range(4) if game.panel(rec.table_id, actors[s].id).declarations)
    for _ in range(12):
        if table.phase is not Phase.DECLARING:
            break
        seat = next(iter(table.to_act()))
        seat = declarer if declarer in table.to_act() else seat
        actor = actors[seat]
        panel = game.panel(rec.table_id, actor.id)
        message = await open_panel(env, actor, channel, rec.table_id)
        op = "decl" if seat == declarer and panel.declarations and table.public_view().declaration is None else "pass"
        await actor.click(message, custom_id=button_id(message, op))
    assert table.phase is Phase.BURYING, (table.phase, env.transcript())
    dealer = table.public_view().dealer
    actor = actors[dealer]
    panel = game.panel(rec.table_id, actor.id)
    message = await open_panel(env, actor, channel, rec.table_id)
    await select_cards(actor, message, panel, game.suggest(rec.table_id, actor.id).cards)
    await actor.click(message, custom_id=button_id(message, "bury"))
    assert table.phase is Phase.PLAYING, env.transcript()
    return dealer


def said(key: str, locale: str, user_id: int | None = None, **params: Any) -> str:
    """A runtime announcement as the bot posts it in the thread (readable cards and trump; a mentioned player's
    name is the mention)."""
    return announcement_text(Announcement(key, params, user_id), locale)


def use_locales(monkeypatch: Any, locales: dict[int, str]) -> None:
    """SimCord sends every interaction with locale ``en-US``; give ``user id -> locale`` instead."""
    original = sim_interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        locale = locales.get(kwargs.get("user_id", 0))
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)


async def start_table(env: Any, channel: Any, humans: list[Any], *, n_ai: int = 0, **new_options: Any) -> Any:
    """``/tractor new`` by ``humans[0]`` (seat 0), the others sit in seats 1.. by the lobby buttons,
    ``n_ai`` AI seats by "Add AI", then Start. Returns the table record."""
    host = humans[0]
    rec, lobby = await open_table(env, host, channel, **new_options)
    for seat, actor in enumerate(humans[1:], start=1):
        await actor.click(lobby, custom_id=f"tl:{rec.table_id}:sit:{seat}")
    for _ in range(n_ai):
        await host.click(lobby, custom_id=button_id(lobby, "addai"))
    await host.click(lobby, custom_id=button_id(lobby, "start"))
    rec = env.bot.game.record(rec.table_id)
    assert rec.status.value == "playing", env.transcript()
    return rec


async def advance(env: Any, clock: Any, seconds: float) -> None:
    """Move the service's fake clock and SimCord's virtual time together: the bot's timer driver wakes
    and runs the timers that fell due (exactly as the running bot does)."""
    clock.now += seconds
    await env.advance_time(seconds)


def thread_messages(env: Any, channel: Any, rec: Any) -> list[Any]:
    return thread_of(env, channel, rec).history()


def thread_texts(env: Any, channel: Any, rec: Any) -> list[str]:
    return [m.content for m in thread_messages(env, channel, rec)]


def table_state(env: Any, table_id: int) -> dict[str, Any]:
    """The engine state of a table (read only, for comparisons)."""
    session = env.bot.game.sessions[table_id]
    return session.table.to_json()


def last_reply(result: Any) -> Any:
    """The last message an interaction produced (followup, else the original response)."""
    return result.followups[-1] if result.followups else result.response


def _components(rows: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for row in rows:
        yield row
        yield from _components(row.get("components", []) or [])


def private_leaks(env: Any) -> list[str]:
    """Every stored message (guild channels, threads, DMs) that is not ephemeral and shows a hand:
    a hand picture, a card select or a private panel button. Empty when private things stay private."""
    leaks: list[str] = []
    dm_channels = set(env.backend.dm_channels.values())
    for channel_id, messages in env.backend.messages.items():
        for m in messages.values():
            if m.flags & EPHEMERAL_FLAG:
                continue
            where = "DM" if channel_id in dm_channels else f"channel {channel_id}"
            names = [str(a.get("filename", "")) for a in m.attachments]
            if any(n.startswith(PRIVATE_PICTURES) for n in names):
                leaks.append(f"{where}: hand picture {names} in {m.content!r}")
            for comp in _components(m.components):
                cid = str(comp.get("custom_id", ""))
                if comp.get("type") == 3 or cid.startswith(("tp:", "ts:", "tf:")):  # tf: the friend-call dialog
                    leaks.append(f"{where}: private component {cid} in {m.content!r}")
            if channel_id in dm_channels and (m.attachments or m.components):
                leaks.append(f"DM with attachments/components: {m.content!r}")
    leaks += [f"uploaded to a channel or DM: {n}" for n in public_uploads(env) if n.startswith(PRIVATE_PICTURES)]
    return leaks


def public_uploads(env: Any) -> list[str]:
    """File names uploaded by REST calls that are not interaction replies (channel/thread/DM posts)."""
    out: list[str] = []
    for entry in env.http_requests:
        if entry.path.startswith("/channels/") and entry.method in ("POST", "PATCH") and isinstance(entry.json, dict):
            out += [str(a.get("filename", "")) for a in entry.json.get("attachments", []) or []]
    return out


def ephemeral(message: Any) -> bool:
    return bool(message.flags.ephemeral) if hasattr(message, "flags") else bool(message.ephemeral)


def first_trick_follow_position(table: Any, *, trump_as_other: bool) -> tuple[Any, int, Any, Any] | None:
    """For the first trick: (a single lead card of the leader, the follower seat, a card of that suit the
    follower holds, a card of another suit it holds) where the follower has two distinct cards of the suit
    (so its follow is not forced and does not play by itself); ``trump_as_other`` allows a trump as the
    other card. ``None`` if no such lead exists."""
    leader = table.to_act()[0]
    follower = (leader + 1) % 4
    view = table.seat_view(follower)
    ctx = view_context(view)
    for card in sorted(set(table.seat_view(leader).hand), key=str):
        suit = ctx.suit_of(card)
        if suit == "T":
            continue
        mine = [c for c in view.hand if ctx.suit_of(c) == suit]
        other = [c for c in view.hand if ctx.suit_of(c) != suit and (trump_as_other or ctx.suit_of(c) != "T")]
        if len(set(mine)) >= 2 and other:
            return card, follower, mine[0], other[0]
    return None
