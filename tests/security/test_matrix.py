"""The authorization matrix (issue #17): every table command and every button/select custom id, run as the
table's host, the seated player (their own seat), another seated player, a member who does not play, a
manager (Manage Server) of the same guild, the owner of another guild and a user in DMs. Who may is in the
one rule (``runtime.access``): host powers for the host and the guild's managers, a seat for its player, the
lobby and replays for the guild's members; everyone else is refused privately and nothing changes — not the
table, not its database row, not a public message. Another guild's owner and a DM get exactly the answer of
an unknown table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord import SetupError

import i18n
from engine.views import Phase
from runtime.access import TableLimits
from tests.conftest import button_id, open_table
from tests.helpers.botflow import bounded, close_game, start_table
from tests.helpers.security import ROLES, answer_of, forge, snapshot

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]

OK = "ok"
ANY_RULE = "*"  # authorized, then refused by a game rule (no card to declare, not the playing phase …)
OWN_GUILD = "*own guild*"  # answered for the caller's own guild, which this table's guild does not see


@pytest.fixture
def bot_options() -> dict[str, Any]:
    return {"table_limits": TableLimits()}  # many tables in one test


@dataclass
class Scene:
    """One guild with a table (lobby or playing) and every role; another guild; a DM."""

    env: Any
    channel: Any
    table_id: int
    roles: dict[str, Any]
    carriers: dict[str, Any] = field(default_factory=dict)  # role -> a stored message it can click on
    seat: int = 1  # the seat of the "seated" role

    def version(self) -> int:
        table = self.env.bot.game.sessions[self.table_id].table
        return table.version if table is not None else 0


async def scene(env: Any, *, playing: bool, ai: bool = False) -> Scene:
    """alice hosts (seat 0); bob, carol (and dave when playing) sit; erin is a member, mona a manager; mallory
    owns another guild; the "dm" role is the seated player writing from their DMs."""
    if not getattr(env, "_security_cast", None):
        guild = env.create_guild()
        channel = guild.create_text_channel("cards")
        managers = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
        users = {n: env.create_user(n) for n in ("alice", "bob", "carol", "dave", "erin", "mona", "mallory")}
        members = {n: guild.add_member(users[n]) for n in ("alice", "bob", "carol", "dave", "erin")}
        members["mona"] = guild.add_member(users["mona"], roles=[managers])
        other = env.create_guild("Mallory's", owner=users["mallory"])
        elsewhere = other.create_text_channel("general")
        mallory = other.add_member(users["mallory"])
        env._security_cast = (channel, members, users, mallory, elsewhere)
    channel, members, users, mallory, elsewhere = env._security_cast
    players = [members[n] for n in ("alice", "bob", "carol", "dave")]
    if playing:
        rec = await start_table(env, channel, players, mode="async")
        table = env.bot.game.sessions[rec.table_id].table
        assert table.phase is Phase.DECLARING
        seat = next(s for s in table.to_act() if s != 0)
    else:
        rec, lobby = await open_table(env, players[0], channel)
        for s in (1, 2):
            await players[s].click(lobby, custom_id=f"tl:{rec.table_id}:sit:{s}")
        if ai:
            await players[0].click(lobby, custom_id=button_id(lobby, "addai"))
        seat = 1
    other_seat = next(s for s in (1, 2, 3) if s != seat)
    roles = {"host": players[0], "seated": players[seat], "other_seated": players[other_seat],
             "member": members["erin"], "manager": members["mona"], "outsider": mallory,
             "dm": users[players[seat].name]}
    carriers = {}
    for role, actor in roles.items():  # each clicks on a message of its own (a panel: its private panel)
        if role == "dm":
            sent = await actor.send_dm("hello")
        elif playing and actor.id in env.bot.game.record(rec.table_id).humans.values():
            sent = answer_of(await actor.slash(channel, "hand", table=rec.table_id))
        else:
            sent = await actor.send(elsewhere if role == "outsider" else channel, "hello")
        carriers[role] = env.backend.get_message(sent.channel_id if hasattr(sent, "channel_id") else sent.channel.id,
                                                 sent.id)
    return Scene(env, channel, rec.table_id, roles, carriers, seat)


Invoke = Callable[[Scene, str], Awaitable[Any]]


def click(template: str, values: list[str] | None = None) -> Invoke:
    """A button (or a select with ``values``) whose custom id is ``template`` filled with the table, the seat
    of the "seated" role and the table's version, forged on a message the role can see."""
    async def run(sc: Scene, role: str) -> Any:
        custom_id = template.format(t=sc.table_id, s=sc.seat, v=sc.version())
        return await forge(sc.env, sc.roles[role], sc.carriers[role], custom_id, values)
    return run


def slash(name: str, **options: Any) -> Invoke:
    """A slash command in the table's channel (the outsider: in her own guild), ``{t}`` in options filled."""
    async def run(sc: Scene, role: str) -> Any:
        if role == "dm":
            return None  # the commands are guild-only: Discord offers none of them in DMs (tested below)
        actor = sc.roles[role]
        where = sc.env._security_cast[4] if role == "outsider" else sc.channel
        filled = {k: (v.format(t=sc.table_id) if isinstance(v, str) and "{t}" in v else v) for k, v in options.items()}
        filled = {k: int(v) if k == "table" else v for k, v in filled.items()}
        try:
            return await actor.slash(where, name, **filled)
        except SetupError:  # Discord does not offer the command to this member (default permissions)
            return None
    return run


@dataclass(frozen=True)
class Case:
    name: str
    invoke: Invoke
    expect: dict[str, str]  # role -> OK or the refusal's message key (outsider and dm: table.not_found)
    playing: bool = False
    ai: bool = False
    mutates: bool = True  # an allowed run changes the table (so each allowed role gets a fresh table)


HOST_POWER = {"host": OK, "manager": OK, "seated": "lobby.not_host", "other_seated": "lobby.not_host",
              "member": "lobby.not_host"}
SEAT_OWN = {"seated": OK, "other_seated": "error.not_your_panel", "host": "error.not_your_panel",
            "member": "act.not_seated", "manager": "act.not_seated"}
PLAYERS = {"host": OK, "seated": OK, "other_seated": OK, "member": "act.not_seated", "manager": "act.not_seated"}

CASES: tuple[Case, ...] = (
    Case("button add AI", click("tl:{t}:addai:"), HOST_POWER),
    Case("button remove AI", click("tl:{t}:rmai:"), HOST_POWER, ai=True),
    Case("button start", click("tl:{t}:start:"), HOST_POWER, ai=True),
    Case("button end (lobby)", click("tl:{t}:end:"), HOST_POWER),
    Case("button sit", click("tl:{t}:sit:3"), {"host": "lobby.already_seated", "seated": "lobby.already_seated",
                                                "other_seated": "lobby.already_seated", "member": OK,
                                                "manager": OK}),
    Case("button leave", click("tl:{t}:leave:"), {"host": OK, "seated": OK, "other_seated": OK,
                                                  "member": "lobby.not_seated", "manager": "lobby.not_seated"}),
    Case("/tractor kick", slash("tractor kick", seat=2, table="{t}"), HOST_POWER),
    Case("/tractor rules", slash("tractor rules", options="start_level=3", table="{t}"), HOST_POWER),
    Case("/tractor end (lobby)", slash("tractor end", table="{t}"), HOST_POWER),
    Case("button my hand", click("tl:{t}:hand:"), PLAYERS, playing=True, mutates=False),
    Case("button end (playing)", click("tl:{t}:end:"), HOST_POWER, playing=True),
    Case("button take back", click("tl:{t}:back:"), {"host": "act.not_away", "seated": "act.not_away",
                                                     "other_seated": "act.not_away", "member": "act.not_seated",
                                                     "manager": "act.not_seated"}, playing=True),
    Case("panel pass", click("tp:{t}:{s}:{v}:pass:"), SEAT_OWN, playing=True),
    Case("panel hint", click("tp:{t}:{s}:{v}:hint:"), SEAT_OWN, playing=True, mutates=False),
    Case("card select", click("ts:{t}:{s}:{v}:0", ["0"]), SEAT_OWN, playing=True, mutates=False),
    Case("legal plays select", click("tq:{t}:{s}:{v}", ["0"]),
         {**SEAT_OWN, "seated": ANY_RULE}, playing=True),
    Case("/hand", slash("hand", table="{t}"), PLAYERS, playing=True, mutates=False),
    Case("/declare", slash("declare", cards="BJ BJ", table="{t}"),
         {**PLAYERS, "host": ANY_RULE, "seated": ANY_RULE, "other_seated": ANY_RULE}, playing=True),
    Case("/play", slash("play", cards="2S", table="{t}"), {**PLAYERS, "host": ANY_RULE, "seated": ANY_RULE,
                                                           "other_seated": ANY_RULE}, playing=True),
    Case("/replay", slash("replay", table="{t}", hand=1), {"host": OK, "seated": OK, "other_seated": OK,
                                                           "member": OK, "manager": OK},
         playing=True, mutates=False),
    Case("/tractor end (playing)", slash("tractor end", table="{t}"), HOST_POWER, playing=True),
    Case("/tractor config", slash("tractor config", mode="async"), {"manager": OK, "outsider": OWN_GUILD,
                                                                  "host": "error.manage_guild",
                                                                  "seated": "error.manage_guild",
                                                                  "other_seated": "error.manage_guild",
                                                                  "member": "error.manage_guild"}),
)


def refusal_texts(key: str, table_id: int) -> set[str]:
    """What a refusal with ``key`` may read (in the panel's "refused" frame too)."""
    text = i18n.t(key, "en", table_id=table_id, seat="-", n=3)
    return {text}


async def refused(sc: Scene, case: Case, role: str, key: str) -> None:
    before = await snapshot(sc.env)
    result = await case.invoke(sc, role)
    if result is not None:
        answer = answer_of(result)
        assert answer is not None and answer.ephemeral, (case.name, role, answer)
        if not key.startswith("*"):
            assert key in i18n.MESSAGES and i18n.t(key, "en").split("{")[0][:20] in answer.content, \
                (case.name, role, key, answer.content)
    assert await snapshot(sc.env) == before, (case.name, role, "changed something")


def outcome_of(case: Case, role: str) -> str:
    return case.expect.get(role, "table.not_found")


@bounded(600)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_authorization_matrix(simcord_env: Any, case: Case) -> None:
    env = simcord_env
    sc = await scene(env, playing=case.playing, ai=case.ai)
    for role in ROLES:
        key = outcome_of(case, role)
        if key != OK:
            await refused(sc, case, role, key)
    for role in ROLES:
        if outcome_of(case, role) != OK:
            continue
        here = await scene(env, playing=case.playing, ai=case.ai) if case.mutates else sc
        before = await snapshot(env)
        result = await case.invoke(here, role)
        answer = answer_of(result)
        failures = {i18n.t(k, "en").split("{")[0][:20] for r, k in case.expect.items() if k != OK}
        failures |= {i18n.t("table.not_found", "en").split("{")[0][:20], i18n.t("error.internal", "en")}
        assert answer is None or not any(f and f in answer.content for f in failures), (case.name, role,
                                                                                        answer.content)
        if case.mutates:
            assert await snapshot(env) != before, (case.name, role, "allowed but nothing happened")


@bounded()
async def test_no_table_command_is_offered_in_dms(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    user = env.create_user("dmuser")
    ours = ("tractor", "hand", "play", "declare", "bury", "ladder", "stats", "history", "replay")
    in_guild = guild.add_member(user).available_commands(guild.create_text_channel("cards"))
    assert {c.split()[0] for c in in_guild} >= set(ours)  # the same user sees them in a guild
    assert not [c for c in user.available_commands() if c.split()[0] in ours]  # and none in DMs
