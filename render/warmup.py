"""Warming up: build the palette and the common card sprites before the first pictures."""

from __future__ import annotations

from engine.cards import ALL_CARDS
from render import theme
from render.draw import serialized
from render.palette import palette_image
from render.sprites import card_back, sprite_for


def warm_up() -> None:
    """Build the palette and the common card sprites now (about a second) instead of during the first pictures."""
    def build() -> None:
        palette_image()
        for size in (theme.HAND_CARD, theme.TABLE_CARD, theme.SMALL_CARD):
            card_back(size)
            for card in ALL_CARDS:
                for trump in (False, True):
                    sprite_for(card, size, trump)

    serialized(build)()
