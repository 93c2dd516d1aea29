"""Cards as the bot writes them in Discord text read back as the same cards (copy from a panel into /play)."""

from __future__ import annotations

import pytest

from cogs.cardtext import card_name, cards_text
from engine.cards import ALL_CARDS, Card, parse_card, parse_cards


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_every_card_the_bot_writes_parses_back(locale: str) -> None:
    for card in ALL_CARDS:
        assert parse_cards(cards_text([card, card], locale)) == (card, card)
        if not card.is_joker:
            assert parse_card(card_name(card, locale)) == card


@pytest.mark.parametrize(("text", "cards"), [
    ("Q♠︎ Q♠︎", (Card("Q", "S"), Card("Q", "S"))),  # text-style selector U+FE0E, as the bot writes ♠ and ♣
    ("♥️10", (Card("10", "H"),)),  # emoji selector U+FE0F, as phones type it
    ("big joker, small-joker", (Card("BJ", ""), Card("SJ", ""))),
])
def test_variation_selectors_and_joker_words(text: str, cards: tuple[Card, ...]) -> None:
    assert parse_cards(text) == cards
