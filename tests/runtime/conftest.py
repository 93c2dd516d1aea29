"""Fixtures of the runtime tests."""

from __future__ import annotations

import pytest

from render.stats import StatsCard
from runtime.pictures import imaging
from runtime.presenter import Image


@pytest.fixture
def drawn_stats_cards(monkeypatch: pytest.MonkeyPatch) -> list[StatsCard]:
    """Every statistics card drawn (through ``runtime.pictures.imaging``, as the bot draws them)."""
    drawn: list[StatsCard] = []

    async def stats_image(card: StatsCard, locale: str) -> Image:
        drawn.append(card)
        return Image("stats", "stats.png", b"")

    monkeypatch.setattr(imaging, "stats_image", stats_image)
    return drawn
