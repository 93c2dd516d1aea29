"""Ladders per table shape (牌桌形状) for people: a shape key's label and a ladder picture's title with it. Every shape
has its own ladder (``data.shapes``); the two-deck four-seat one keeps its title unchanged."""

from __future__ import annotations

from data.shapes import DEFAULT_SHAPE, key_shape
from engine.rules import Rules
from i18n import t
from render.labels import shape_text


def shape_label(key: str, locale: str) -> str:
    """A ladder's table shape for people (``找朋友 · 6 players · 3 decks``; the two-deck four-seat ladder's own
    label); ``DataError("data.bad_shape")`` for a key that names no shape."""
    shape = key_shape(key)
    if shape.is_standard:
        return t("records.shape.standard", locale)
    return shape_text(Rules().with_options(decks=shape.decks, players=shape.players, mode=shape.mode.value), locale)


def ladder_title(by: str, shape: str, locale: str) -> str:
    """The ladder picture's title: ``Ladder by rating``, or the shape and the order for another shape's ladder
    (``找朋友 · 6 players · 3 decks · by rating``: short enough for the picture's 600 px)."""
    if shape == DEFAULT_SHAPE:
        return t(f"records.ladder.title.{by}", locale)
    return t(f"records.ladder.title_shape.{by}", locale, shape=shape_label(shape, locale))


def season_title(title: str, season: str, shape: str, locale: str) -> str:
    """A season's standings' title (``title``), or the season and the shape for another shape's ladder."""
    return title if shape == DEFAULT_SHAPE else t("season.title_shape", locale, season=season,
                                                   shape=shape_label(shape, locale))
