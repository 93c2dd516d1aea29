"""Helpers of the service-fault tests (issue #23): slash commands as a client could send them but SimCord's
actors do not — several at the same moment (every one dispatched before the bot handles any, so the bot runs
them concurrently), and option values outside the command's declared choices or ranges (a modified client)."""

from __future__ import annotations

from typing import Any

import simcord.actors as sim_actors
import simcord.interactions as sim_interactions
from simcord.results import InteractionResult

APPLICATION_COMMAND, CHAT_INPUT = 2, 1

Command = tuple[Any, Any, str, dict[str, Any]]  # (actor, channel, "tractor new", {option: raw value})


def _payload(command: Command) -> tuple[Any, dict[str, Any]]:
    actor, channel, name, options = command
    parts = name.split()
    root = sim_actors._resolve_visible_command(actor, channel.id, parts[0], CHAT_INPUT)
    leaf, nesting = sim_interactions.walk_to_subcommand(root, parts[1:])
    declared = {o["name"]: o for o in leaf.get("options") or []}
    leaf_options = [{"name": k, "type": declared[k]["type"], "value": v} for k, v in options.items()]
    data: dict[str, Any] = {"id": root["id"], "name": root["name"], "type": root.get("type", CHAT_INPUT),
                            "options": sim_interactions.nest_options(root, nesting, leaf_options)}
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    return sim_interactions.base_payload(actor._env.backend, type=APPLICATION_COMMAND, channel_id=channel.id,
                                         guild_id=actor.guild.id, user_id=actor.id, data=data)


async def at_once(commands: list[Command]) -> list[InteractionResult]:
    """Send every command at the same moment, each option value as given (nothing checks it against the
    command's choices, ranges or lengths, as Discord's client would); their results in sending order."""
    env = commands[0][0]._env
    env._begin_operation("slash")
    try:
        records = []
        for command in commands:
            record, payload = _payload(command)
            env._notify_dispatch_observers(record)
            records.append(record)
            env.backend.emit("INTERACTION_CREATE", payload)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
        return [InteractionResult(env, r) for r in records]
    finally:
        env._end_operation()


async def raw_slash(actor: Any, channel: Any, command: str, copies: int = 1, /,
                    **options: Any) -> list[InteractionResult]:
    """``copies`` identical ``/command`` of ``actor`` at the same moment (``at_once``)."""
    return await at_once([(actor, channel, command, options)] * copies)


def guild_of(env: Any, names: list[str], guild_name: str = "Test Guild") -> tuple[Any, Any, list[Any]]:
    """A guild with a #cards channel and members of these names: (guild, channel, members)."""
    guild = env.create_guild(guild_name)
    return guild, guild.create_text_channel("cards"), [guild.add_member(env.create_user(n)) for n in names]
