"""Pictures, round 2: ladder ties share a rank (and medal); the lead is tagged (a throw as 甩牌/throw); a trick won by
the dealer's team gets a neutral badge without "+"; the header stays one line; jokers differ without colour; the
last trick of a hand shows the levels it was played at."""

from __future__ import annotations

from dataclasses import replace

import i18n
from engine.cards import Card, parse_cards
from engine.views import Phase
from render import samples
from render.ladder import shared_ranks
from render.sprites import JOKER_LABELS
from render.table import header_line, play_tags
from render.theme import ACCENT, NEUTRAL
from runtime.pictures.imaging import trick_view


def test_ties_share_a_rank_and_the_next_rank_skips() -> None:
    assert shared_ranks([1650.0, 1613.0, 1613.0, 1500.0, 1500.04, 1400.0]) == [1, 2, 2, 4, 4, 6]
    assert shared_ranks([]) == []


def test_lead_throw_and_winner_badges() -> None:
    view = samples.public_view()  # dealer seat 0 (team 0); the trick led by seat 1 (a failed throw), won by seat 3
    trick = view.trick
    assert trick is not None and trick.complete
    labels, fill = play_tags(view, trick, trick.leader, True, "en")
    assert labels == [i18n.t("render.lead", "en")]
    labels, fill = play_tags(view, trick, 3, False, "en")  # a defender wins: gold, with the points it takes
    assert fill == ACCENT and labels == [f"{i18n.t('render.won', 'en')} +{trick.points}"]
    kept = replace(trick, winner=0)  # the dealer's team wins it: neutral, no "+"
    labels, fill = play_tags(view, kept, 0, False, "zh-CN")
    assert fill == NEUTRAL and labels == [i18n.t("render.won_kept", "zh-CN", points=trick.points)]
    assert "+" not in labels[0]
    throw = replace(trick, plays=((1, parse_cards("AS KS KS")), *trick.plays[1:]))
    labels, _ = play_tags(view, throw, 1, False, "zh-CN")
    assert labels[0] == "甩牌"


def test_the_header_never_wraps() -> None:
    view = replace(samples.public_view(), levels=("-2", "10"), hand_number=123, defender_points=195)
    for names in (samples.NAMES, samples.LONG_NAMES):
        for locale in ("en", "zh-CN"):
            _font, lines = header_line(view, names, locale)
            assert len(lines) == 1


def test_jokers_are_labelled_big_and_small_in_both_languages() -> None:
    for lang in ("en", "zh-CN"):
        assert JOKER_LABELS[lang]["BJ"] != JOKER_LABELS[lang]["SJ"]
    assert Card("BJ", "").is_joker


def test_the_last_trick_shows_the_levels_the_hand_was_played_at() -> None:
    result = samples.hand_result()
    view = replace(samples.public_view(), phase=Phase.HAND_OVER, levels=result.levels_after, last_result=result,
                   tricks=(samples.public_view().trick,), trick=None)
    shown = trick_view(view)
    assert shown.levels == result.levels_before != result.levels_after
    assert shown.trick == view.tricks[-1]


def test_the_compact_table_is_shorter_and_has_no_side_panel() -> None:
    import io

    from PIL import Image

    from render.side_panel import BAND_H
    from render.table import MAIN_W, WIDTH, render_table

    view = samples.public_view()
    full = Image.open(io.BytesIO(render_table(view, samples.NAMES, locale="en")))
    compact = Image.open(io.BytesIO(render_table(view, samples.NAMES, locale="en", compact=True)))
    assert full.size[0] == WIDTH == compact.size[0] == MAIN_W  # the side panel is a band below: a tall picture
    assert compact.size[1] == full.size[1] - BAND_H
