"""Ladder keys of table shapes (牌桌形状, RULES §12.6): every shape has its own ladder, matches and hands.

A shape is its deck count, its seat count and how teams form (``engine.shape.TableShape``; the kitty size does
not make another ladder). Two decks, four seats and fixed partners keep the key every row had before shapes were
stored, ``tractor``; any other shape is ``<mode>-<decks>d<players>p`` (``friends-3d6p``: 找朋友 with three decks
and six players, ``tractor-3d4p``: fixed partners with three decks).
"""

from __future__ import annotations

import re

from data.errors import DataError
from engine.errors import RulesError
from engine.shape import Mode, TableShape

DEFAULT_SHAPE = "tractor"  # 2 decks, 4 seats, fixed partners: every ladder row recorded before shapes were stored
_KEY = re.compile(r"^(tractor|friends)-([1-9])d([1-9])p$")


def shape_key(shape: TableShape) -> str:
    """The ladder key of ``shape``."""
    if shape.is_standard:
        return DEFAULT_SHAPE
    return f"{shape.mode.value}-{shape.decks}d{shape.players}p"


def key_shape(key: str) -> TableShape:
    """The shape a ladder key stands for (with the §12.1 kitty); ``DataError("data.bad_shape")`` if none."""
    if key == DEFAULT_SHAPE:
        return TableShape()
    match = _KEY.match(key)
    if match is None:
        raise DataError("data.bad_shape", shape=key)
    try:
        shape = TableShape.of(int(match.group(2)), int(match.group(3)), Mode(match.group(1)))
    except RulesError:
        raise DataError("data.bad_shape", shape=key) from None
    if shape.is_standard:  # the standard shape has one key only
        raise DataError("data.bad_shape", shape=key)
    return shape
