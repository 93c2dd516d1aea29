"""The play policy's version 3 rules (``basic``) on hand-built seat views (and two puzzle positions), each where
``basic_v2`` (version 2), or version 3 before the rule, plays otherwise."""

from __future__ import annotations

from benchmarks.puzzles import load_puzzles
from engine.actions import Play
from engine.ai.baselines import baseline_action
from engine.ai.basic import basic_action
from engine.cards import parse_cards
from engine.views import SeatView
from tests.ai.test_basic import view


def plays(seat_view: SeatView, v2: bool = False) -> list[str]:
    """The cards ``basic`` (``basic_v2`` if ``v2``) plays, sorted by name."""
    action = baseline_action(seat_view, "basic_v2") if v2 else basic_action(seat_view)
    assert isinstance(action, Play)
    return sorted(str(c) for c in action.cards)


def test_a_defender_keeps_its_top_trump_instead_of_leading_it() -> None:
    v = view(1, "BJ 3S 4S 9C 7D 8D 9D 10S JS QS 5C 6C")  # seat 1 defends (dealer 0), trump hearts
    assert plays(v, v2=True) == ["BJ"]
    assert "BJ" not in plays(v)


def test_leads_a_low_tractor() -> None:
    v = view(0, "5S 5S 6S 6S 9C 7D 8D 9D")  # AS, KS ... unseen: the tractor is not a sure winner
    assert plays(v) == sorted(str(c) for c in parse_cards("6S 6S 5S 5S"))
    assert plays(v, v2=True) != plays(v)


def test_does_not_split_a_top_pair_to_save_ten_points() -> None:
    # trump spades; seat 2 has no trump to follow 7S: version 2 splits AH AH (cheaper than 10H's 10 points),
    # version 3 keeps the pair nothing unseen beats (it takes a trick of its own)
    v = view(2, "10H AH AH KD KD 10D", trump="S", dealer=1, trick=[(1, "7S")])
    assert plays(v, v2=True) == ["AH"]
    assert plays(v) == ["10H"]


def test_the_dealer_ruffs_five_points_with_a_high_trump() -> None:
    # the dealer's team is long in trumps: it spends them more readily (their keep value counts 0.75)
    v = view(0, "AH 3D 4D 6D 8D 9D 7S 8S 9S", trick=[(1, "5C"), (2, "3C"), (3, "4C")])
    assert plays(v, v2=True) == ["3D"]
    assert plays(v) == ["AH"]


def test_splitting_a_pair_of_a_tractor_costs_more() -> None:
    # trump clubs: seat 1 has no heart and ruffs 9H; JC or QC would break the tractor QC QC JC JC, 2H does not
    v = view(1, "2C QC QC 2H JC JC", trump="C", dealer=0, trick=[(0, "9H")])
    assert plays(v) == ["2H"]


def test_a_top_pair_is_led_although_a_void_opponent_could_ruff_a_single() -> None:
    # one AD is gone, so no diamond pair beats KD KD; seat 1 showed a diamond void, but to ruff a pair it
    # also needs a trump pair (毙 with a pair), which is unlikely in five cards
    v = view(2, "5S KD KD 10D KH", trump="C", dealer=1, tricks=[[(3, "AD"), (0, "3D"), (1, "8S"), (2, "8D")]])
    assert plays(v) == ["KD", "KD"]


def test_the_top_trump_pulls_the_last_unseen_trump() -> None:
    # one trump is left unseen in both: the top trump pulls it (调主), and version 3 keeps its top trumps
    # otherwise (in the second, the rest of the hand, 10S, is then a sure winner: no trump kept for the kitty)
    puzzles = {p.name: p for p in load_puzzles()}
    for name, lead in (("endgame-dealer-pulls-with-2S", "2S"), ("endgame-lead-the-top-trump", "SJ")):
        assert plays(puzzles[name].view) == [lead], name


def test_a_tractor_no_hand_can_beat_is_led_although_a_stronger_pair_is_unseen() -> None:
    # AC and QC are gone once each: KC KC may be in one hand, but no tractor of two pairs above JC JC 10C 10C
    # can be (AC AC KC KC and KC KC QC QC both need a card played already), and a pair cannot beat a tractor
    v = view(2, "JC JC 10C 10C 5S 6S", trump="H", dealer=1, tricks=[[(3, "AC"), (0, "QC"), (1, "3C"), (2, "4C")]])
    assert plays(v) == sorted(str(c) for c in parse_cards("JC JC 10C 10C"))
    assert plays(v, v2=True) == ["6S"]


def test_a_throw_holding_a_pair_is_ruffed_only_with_a_trump_pair() -> None:
    # seat 3 showed a diamond void: a single diamond lead is ruffed for sure, but to ruff QD QD + AD + KD it
    # needs a trump pair among its trumps, as a pair lead does: the certain throw (甩牌) goes first
    v = view(1, "QD QD AD KD 5S 6S", trump="H", dealer=0, tricks=[[(1, "AD"), (2, "3D"), (3, "8S"), (0, "4D")]])
    assert plays(v) == sorted(str(c) for c in parse_cards("QD QD AD KD"))
