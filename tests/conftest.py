"""Shared fixtures: a fresh database for the data tests; for the SimCord bot tests a bot with no delays, a
fake clock for timeouts, a guild with a channel and four members, and helpers to drive a table."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from cli.bot import create_bot
from cli.config import Config
from data import Database
from data.records import TableOptions
from tools.pgcluster import ClusterUnavailable, PgCluster


class FakeClock:
    """Unix seconds that only move when a test says so."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


BACKENDS = ("sqlite", "postgres")
# No timed assertions (speed is measured by benchmarks/): hypothesis's 200 ms per-example deadline and its
# "too slow" check would fail on a loaded machine, so neither applies; the number of examples stays the same.
settings.register_profile("tractor", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tractor")
@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """One throwaway PostgreSQL cluster for the whole run (``tools.pgcluster``), removed at the end. Without
    the server binaries the PostgreSQL tests skip — and fail when ``CI=true``, so CI always runs them."""
    try:
        cluster = PgCluster.start()
    except ClusterUnavailable as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but PostgreSQL cannot start: {exc}")
        pytest.skip(f"PostgreSQL not available: {exc}")
    yield cluster
    cluster.stop()


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's database lives, once per backend: a new SQLite file, or a new empty PostgreSQL
    database in the session's cluster (``Database.open(db_target)`` migrates it)."""
    if request.param == "sqlite":
        return str(tmp_path / "test.sqlite3")
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    return cluster.create_database()


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    """A new, migrated database (SQLite file or PostgreSQL database), closed after the test."""
    database = await Database.open(db_target)
    yield database
    await database.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def bot_options() -> dict:
    """Override in a test module to change how the bot is built."""
    return {}


@pytest.fixture
def bot_backend() -> str:
    """The bot's database backend; ``@on_both_backends`` runs a test once per backend."""
    return "sqlite"


on_both_backends = pytest.mark.parametrize("bot_backend", BACKENDS)


@pytest.fixture
def simcord_bot(request, tmp_path, clock, bot_options, bot_backend):
    url = request.getfixturevalue("pg_cluster").create_database() if bot_backend == "postgres" else None
    config = Config(db_path=tmp_path / "bot.sqlite3", db_url=url, render_processes=0)  # pictures on a thread
    options = TableOptions.instant()
    kwargs = {"clock": clock, "rng_seed": 7, "limits": {}, "table_options": options}
    kwargs.update(bot_options)
    return create_bot(config, **kwargs)


# -- helpers to drive tables through the real UI -----------------------------------------------------------

def world(env, n_players: int = 4, locale: str | None = None):
    """A guild (Discord language ``locale``, SimCord's default if None) with a #cards channel and ``n_players``
    members; returns (guild, channel, actors)."""
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("cards")
    actors = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")[:n_players]]
    return guild, channel, actors


async def open_table(env, host, channel, **options):
    """``/tractor new`` by ``host``; returns (table record, lobby message)."""
    result = await host.slash(channel, "tractor new", **options)
    assert result.response is not None, env.transcript()
    game = env.bot.game
    rec = game.tables(channel_id=channel.id)[-1]
    return rec, result.response


async def one_human_and_three_ai(env, locale: str, options: str = "start_level=A end_level=A"):
    """A guild in ``locale`` where alice opens an async table, adds three AI through the lobby and starts;
    returns (channel, alice, table record, lobby message)."""
    _guild, channel, (alice,) = world(env, 1, locale=locale)
    rec, lobby = await open_table(env, alice, channel, mode="async", options=options)
    for _ in range(3):
        await alice.click(lobby, custom_id=button_id(lobby, "addai"))
    await alice.click(lobby, custom_id=button_id(lobby, "start"))
    return channel, alice, rec, lobby


def thread_of(env, channel, rec):
    return next(t for t in channel.threads if t.id == rec.thread_id)


def panel_of(env, actor, table_id):
    return env.bot.game.panel(table_id, actor.id)


def indices_for(panel, cards) -> list[int]:
    """Picture indices of ``cards`` in the panel's hand order (each copy once)."""
    from cogs.panel_view import hand_order

    order = hand_order(panel)
    used: list[int] = []
    for card in cards:
        i = next(i for i, c in enumerate(order) if c == card and i not in used)
        used.append(i)
    return used


def select_ids(message) -> dict[str, list[str]]:
    """custom_id -> option values of every card select on a panel message (the card menus ``ts:…``)."""
    out: dict[str, list[str]] = {}
    for row in message.components:
        for comp in row.get("components", []):
            if comp.get("type") == 3 and comp["custom_id"].startswith("ts:"):  # not the "Legal plays" menu
                out[comp["custom_id"]] = [o["value"] for o in comp.get("options", [])]
    return out


def button_id(message, op: str) -> str:
    """The custom_id of the panel/table button with operation ``op``."""
    for row in message.components:
        for comp in row.get("components", []):
            cid = comp.get("custom_id", "")
            if comp.get("type") == 2 and cid.split(":")[-2] == op:
                return cid
    raise AssertionError(f"no {op} button in {message.components}")


async def open_panel(env, actor, channel, table_id):
    """``/hand`` in the table's channel; the ephemeral panel message."""
    result = await actor.slash(channel, "hand", table=table_id)
    msg = result.followups[-1] if result.followups else result.response
    assert msg is not None and msg.ephemeral, env.transcript()
    return msg


async def select_cards(actor, message, panel, cards):
    """Pick ``cards`` in the panel's selects (one interaction per menu involved)."""
    wanted = {str(i) for i in indices_for(panel, cards)}
    for custom_id, values in select_ids(message).items():
        chosen = [v for v in values if v in wanted]
        if chosen:
            await actor.select(message, chosen, custom_id=custom_id)


async def act_by_panel(env, actor, channel, table_id, *, declare: bool = False):
    """Do the seat's current decision through the panel UI: declare (or pass), bury the suggested 8,
    or play the first legal play. Returns the op used."""
    from engine.cards import parse_cards

    game = env.bot.game
    panel = game.panel(table_id, actor.id)
    message = await open_panel(env, actor, channel, table_id)
    if panel.declarations and declare:
        await actor.click(message, custom_id=button_id(message, "decl"))
        return "decl"
    if panel.can_pass:
        await actor.click(message, custom_id=button_id(message, "pass"))
        return "pass"
    if panel.bury_count:
        cards = game.suggest(table_id, actor.id).cards
        await select_cards(actor, message, panel, cards)
        await actor.click(message, custom_id=button_id(message, "bury"))
        return "bury"
    choices = game.legal_play_choices(table_id, actor.id, "")
    assert choices, "no legal play offered"
    await select_cards(actor, message, panel, parse_cards(choices[0]))
    await actor.click(message, custom_id=button_id(message, "play"))
    return "play"


def humans_to_act(env, table_id, actors):
    """The actors whose seat must act now (playing phases)."""
    game = env.bot.game
    session = game.sessions.get(table_id)
    if session is None or session.table is None:
        return []
    to_act = session.table.to_act()
    return [a for a in actors if session.record.seat_of(a.id) in to_act]
