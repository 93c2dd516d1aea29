"""The AI levels offered to players (AI 等级): a seat's ``ai_level``, the 托管 level, a server's default; stored
and shown by value. The arena measures more (``engine.ai.ARENA_LEVELS``), which players are never offered."""

from __future__ import annotations

from enum import StrEnum


class AiLevel(StrEnum):
    """``random`` plays any legal move, ``basic`` the play policy, ``strong`` the policy with a search."""

    RANDOM = "random"
    BASIC = "basic"
    STRONG = "strong"


LEVELS: tuple[str, ...] = tuple(level.value for level in AiLevel)
