"""Helpers of the security tests (issue #17): a corpus of hostile display names, members wearing them, and
checks over every message the bot stored (channels, threads, DMs, ephemeral replies): who it could ping and
whether a hostile name shows raw anywhere (content, embeds, thread names)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cogs.safetext import BIDI_CONTROLS, ZWSP, escape_text

# every kind of hostile nickname the review named (each at most 32 characters, as Discord allows)
STATIC_CORPUS: tuple[str, ...] = (
    "@everyone", "@here", "[free nitro](https://x.example)", "```x```", "||spoiler||",
    "\u202eevil", "a\u200db\u200dc", "*__~~bold~~__*", "> quote #1 -", "龍" * 32,
)


def literal(shown: str) -> str:
    """What Discord displays for escaped text (the inverse of ``escape_text`` up to removed controls)."""
    return re.sub(r"\\(.)", r"\1", shown.replace("@" + ZWSP, "@"))


def hostile_names(role_id: int, user_id: int) -> list[str]:
    """The corpus with a real role mention and a real user mention of the test's guild."""
    return [STATIC_CORPUS[0], f"<@&{role_id}>", STATIC_CORPUS[2], f"<@{user_id}>", *STATIC_CORPUS[1:]]


def hostile_world(env: Any, n: int = 4) -> tuple[Any, Any, list[Any], Any, list[str]]:
    """A guild with a mentionable role, a #cards channel, a bystander (the one a ``<@id>`` name would ping)
    and ``n`` members whose nicknames are hostile; returns (guild, channel, actors, bystander, names)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    role = guild.create_role("everybody", mentionable=True)
    bystander = guild.add_member(env.create_user("bystander"), roles=[role])
    names = hostile_names(role.id, bystander.id)[:n]
    actors = [guild.add_member(env.create_user(f"player{i}"), nick=name) for i, name in enumerate(names)]
    return guild, channel, actors, bystander, names


SENT_TYPES = (0, 19, 20, 23)  # default, reply, slash-command answer, context-menu answer (not system notices)


def bot_messages(env: Any) -> Iterable[Any]:
    """Every message the bot sent (channels, threads, DMs, ephemeral answers)."""
    bot_id = env.bot.user.id
    for messages in env.backend.messages.values():
        for m in messages.values():
            if m.author_id == bot_id and m.type in SENT_TYPES:
                yield m


def ping_problems(env: Any, allowed_users: set[int]) -> list[str]:
    """Messages that could ping everyone, a role, or a user outside ``allowed_users`` (the players whose
    turn it was): by their allowed-mentions policy, not only by what they happened to contain."""
    out: list[str] = []
    for m in bot_messages(env):
        policy = m.allowed_mentions
        where = f"message {m.id} {m.content[:60]!r}"
        if policy.everyone or m.mention_everyone:
            out.append(f"{where}: may ping @everyone/@here")
        if policy.roles is None or policy.roles or m.ping_role_ids:
            out.append(f"{where}: may ping roles")
        if policy.users is None or set(policy.users) - allowed_users or set(m.ping_user_ids) - allowed_users:
            out.append(f"{where}: may ping users {policy.users} (pinged {m.ping_user_ids})")
    return out


def shown_texts(m: Any) -> list[str]:
    """Every text of a message a client draws: content and the embeds' titles, descriptions, fields, footers."""
    texts = [m.content or ""]
    for e in m.embeds:
        texts += [e.get("title") or "", e.get("description") or "", (e.get("footer") or {}).get("text") or "",
                  (e.get("author") or {}).get("name") or ""]
        texts += [f.get("name", "") + "\n" + f.get("value", "") for f in e.get("fields") or []]
    return texts


def raw_name_problems(env: Any, names: Iterable[str]) -> list[str]:
    """Places where a hostile name shows unescaped (message texts, embeds, thread names)."""
    risky = [n for n in names if escape_text(n) != n]
    out: list[str] = []
    for m in bot_messages(env):
        for text in shown_texts(m):
            out += [f"message {m.id}: raw {n!r} in {text[:80]!r}" for n in risky if n in text]
    for channel in env.backend.channels.values():
        out += [f"thread name {channel.name!r}" for n in risky if n in (getattr(channel, "name", "") or "")]
    return out


def displayed(name: str) -> str:
    """What a client should show for a hostile name: the name itself, minus the reordering controls."""
    return "".join(ch for ch in name if ch not in BIDI_CONTROLS)


# -- the authorization matrix: who, where, forged clicks, and "nothing changed" ----------------------------------

ROLES = ("seated", "other_seated", "member", "manager", "outsider", "dm")


async def forge(env: Any, actor: Any, carrier: Any, custom_id: str, values: list[str] | None = None) -> Any:
    """A forged click: ``custom_id`` (a select with ``values`` when given) put on the stored message ``carrier``
    (one the actor can see: their own message, their private panel, a DM) and clicked. Discord only sends
    clicks on components a message really has, and discord.py drops others: the component is written into
    the stored message first, as if a compromised client or a replayed payload carried it."""
    from simcord.actors import _component_interaction

    if values is None:
        component: dict[str, Any] = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    else:
        component = {"type": 3, "custom_id": custom_id, "min_values": 0, "max_values": 25,
                     "options": [{"label": v, "value": v} for v in values]}
    carrier.components = [{"type": 1, "components": [component]}]
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
    if values is not None:
        data["values"] = values
    return await _component_interaction(actor, carrier, data)


def public_writes(env: Any) -> int:
    """Requests that change something public (channel/thread/DM messages, threads), not interaction answers."""
    return sum(1 for r in env.http_requests
               if r.path.startswith(("/channels/", "/guilds/")) and r.method in ("POST", "PATCH", "PUT", "DELETE"))


async def snapshot(env: Any) -> Any:
    """Everything a refused request must leave as it was: every table in memory (record and engine state), its
    database row, and the public messages."""
    game = env.bot.game
    tables = {}
    for tid, session in sorted(game.sessions.items()):
        row = await game.db.get_table(tid)
        tables[tid] = (session.record.to_json(), session.table.to_json() if session.table else None,
                       row.status, str(row.seats), row.host_id)
    guilds = {r.guild_id for r in game.tables()}
    settings = {g: await game.db.guild_settings(g) for g in sorted(guilds)}
    return tables, settings, public_writes(env)


def answer_of(result: Any) -> Any:
    """The last visible answer of an interaction (``None`` if it was never answered)."""
    return result.followups[-1] if result.followups else result.response
