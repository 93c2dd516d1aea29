"""A move command submitted twice (重复提交): ``/play``, ``/declare`` and ``/bury`` are refused when they repeat
the same player's previous move command on the same table — same command, same cards — created by Discord within
``WINDOW_MS`` of it (a double submission, or a client retrying): the first copy is played, the second changes
nothing and is answered with ``service_faults.move.duplicate``.

Two checks make a move command idempotent, whatever order the copies reach the bot in:
- the service's ``since`` (``runtime.versions.moved_since``): every command carries the table's version on its
  arrival; a copy handled while or after the first copy moved the seat is refused;
- this one, by Discord's own clock (the interaction id is a snowflake holding its creation time): a copy that
  reaches the bot only after the first copy was fully handled — its arrival version is already the new one — is
  still recognised as sent at the same moment.
"""

from __future__ import annotations

import logging

import discord

from cogs.replies import BotError

log = logging.getLogger(__name__)

WINDOW_MS = 1500  # no player types the same move command again this fast on purpose
KEEP = 10_000  # remembered (table, player) pairs; the oldest half is dropped beyond it
DISCORD_EPOCH_MS = 1_420_070_400_000


def created_ms(snowflake: int) -> int:
    """When Discord created the object with this id (Unix milliseconds)."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


class SentTwice:
    """The last move command per (table, player): ``check`` refuses its copy, then remembers the command."""

    def __init__(self) -> None:
        self.last: dict[tuple[int, int], tuple[int, str]] = {}

    def check(self, interaction: discord.Interaction, table_id: int, command: str, cards: tuple[object, ...]) -> None:
        """Refuse a copy of the player's previous move command (``service_faults.move.duplicate``); else remember
        this one (a refused copy is not remembered: a deliberate retry after the window is accepted)."""
        key = (table_id, interaction.user.id)
        what = f"{command} {' '.join(sorted(map(str, cards)))}"
        previous = self.last.get(key)
        if previous is not None and previous[1] == what \
                and 0 <= created_ms(interaction.id) - created_ms(previous[0]) <= WINDOW_MS:
            log.info("duplicate %s by %d on table %d refused", command, interaction.user.id, table_id)
            raise BotError("service_faults.move.duplicate")
        self.last.pop(key, None)
        self.last[key] = (interaction.id, what)
        if len(self.last) > KEEP:
            for old in list(self.last)[:KEEP // 2]:
                del self.last[old]
