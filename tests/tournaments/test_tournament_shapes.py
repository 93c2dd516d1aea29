"""Tournaments stay four-seat fixed partnerships with two decks (issue 54): every preset a tournament may name
gives such tables, and ``/tractor tournament create`` offers no table-shape option (decks, players, teams) that
could ask for another shape; ``table_rules`` refuses any other shape with ``tournament.four_seats_only``."""

from __future__ import annotations

from typing import Any

import i18n
from cogs.tournaments import TournamentCommands
from engine.rules import PRESETS
from engine.tournament import Format
from runtime import inputs
from runtime.tournament.tables import table_rules


def test_every_tournament_preset_seats_four_in_fixed_partnerships() -> None:
    for fmt in Format:
        for preset in PRESETS:
            rules = table_rules(inputs.tournament_config(format=fmt.value, preset=preset))
            assert rules.shape.is_standard, (fmt, preset)


def test_tournament_create_offers_no_shape_option() -> None:
    create: Any = TournamentCommands.create
    names = {p.name for p in create.parameters}
    assert names and not names & {"decks", "players", "teams", "mode", "options"}


def test_the_refusal_names_the_shape_in_both_languages() -> None:
    for locale in ("en", "zh-CN"):
        text = i18n.t("tournament.four_seats_only", locale, players=6, decks=3)
        assert "6" in text and "3" in text and "找朋友" in text
