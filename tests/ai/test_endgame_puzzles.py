"""The exact endgame puzzles (残局题) of ``benchmarks/ai_puzzles.json``: short endgames (2 or 3 cards per hand, two
decks, four seats) whose answer the exact oracle (``benchmarks.endgame_oracle``, plain minimax over the table's
rules, never ``engine.ai``) proved optimal on every deal consistent with the seat's view. Basic solves at least
85% of them, strong all of them; among them are positions an earlier basic solved and the basic of the time
did not (the play policy's last tricks, ``engine.ai.lasttricks``, mends them)."""

from __future__ import annotations

import random

from benchmarks.ai_puzzle_endgame import exact_puzzles, regression
from benchmarks.endgame_oracle import MIN_GAIN, Oracle, all_deals, clear_answer, play_values, position_of
from benchmarks.puzzles import Puzzle, replayed, solved_count
from engine.actions import Play
from engine.ai import choose_action
from engine.ai.playstate import to_counts
from engine.cards import ALL_CARDS, parse_cards
from engine.rules import Rules
from engine.trump import trump_context

BASIC_SHARE = 0.85
STRONG_ITERATIONS = 12


def _named(name: str) -> Puzzle:
    return next(p for p in exact_puzzles() if p.name == name)


def _hands(*texts: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    h = [tuple(i for i, n in enumerate(to_counts(parse_cards(t))) for _ in range(n)) for t in texts]
    return h[0], h[1], h[2], h[3]


def test_twenty_eight_short_endgames_with_proven_answers_and_regressions_among_them() -> None:
    puzzles = exact_puzzles()
    assert len(puzzles) >= 28
    for p in puzzles:
        assert 2 <= len(p.view.hand) <= 3, p.name
        assert p.entry["exact"]["optimal"] == 1.0 and p.entry["exact"]["gain"] >= MIN_GAIN, p.name
    assert sum(1 for p in puzzles if p.entry["exact"]["exhaustive"]) >= 10
    assert len([p for p in puzzles if regression(p.entry)]) >= 5


def test_the_oracle_proves_an_answer_again_on_every_deal() -> None:
    exhaustive = [p for p in exact_puzzles() if p.entry["exact"]["exhaustive"]]
    puzzle = max(exhaustive, key=lambda p: p.entry["exact"]["deals"])
    pos = position_of(replayed(puzzle.entry))
    assert pos is not None
    deals = list(all_deals(pos))
    assert len(deals) == puzzle.entry["exact"]["deals"]
    for hands, _ in deals:  # every deal keeps the voids the tricks showed
        for seat, hand in enumerate(hands):
            assert not any(pos.ctx.suit_of(ALL_CARDS[i]) in pos.voids[seat] for i in hand), seat
    plays, rows = play_values(pos, deals)
    answer = clear_answer(plays, rows, len(deals), True)
    assert answer is not None
    assert puzzle.solved(Play(seat=pos.seat, cards=tuple(ALL_CARDS[i] for i in answer.play)))


def test_the_oracle_counts_the_kitty_on_the_last_trick() -> None:
    # hearts trump, level 2, dealer team 0/2 with 45 points buried: keeping BJ for the last trick saves the
    # kitty (the defenders take KS's 10 points); leading it first loses KS and the last trick (10 + 45 x 2)
    ctx = trump_context("2", "H", Rules())
    oracle = Oracle(ctx, 0, 45)
    hands = _hands("BJ KS", "AS 3H", "4C 5C", "6H 3S")
    assert oracle.value(hands, (), 0) == 10
    bj = parse_cards("BJ")[0].index
    assert oracle.after(hands, (), 0, (bj,)) == 100


def test_a_throw_stands_only_when_no_hand_beats_it_and_a_failed_one_pays() -> None:
    ctx = trump_context("2", "H", Rules())
    oracle = Oracle(ctx, 0, 0)
    throw = tuple(sorted(c.index for c in parse_cards("AS KS")))
    standing = _hands("AS KS", "3S 4S", "5C 6C", "7S 8S")
    assert throw in oracle.plays(standing, 0, ())
    beaten = _hands("AS KS", "AS 4S", "5C 6C", "7S 8S")  # the other AS beats KS: the throw fails
    assert throw not in oracle.plays(beaten, 0, ())
    assert throw in oracle.plays(beaten, 0, (), throws=True)
    ks = (parse_cards("KS")[0].index,)
    # the dealer's failed throw: KS is played instead and the defenders gain the penalty (10 per card returned)
    assert oracle.first(beaten, (), 0, throw) == 10 + oracle.after(beaten, (), 0, ks)


def test_basic_keeps_the_trump_most_likely_to_win_the_last_trick() -> None:
    puzzle = _named("exact-endgame-18-seat1-2cards-move83")  # SJ KH: lead KH, SJ takes the last trick (抠底)
    assert puzzle.solved(choose_action(puzzle.view, "basic", random.Random(0)))
    assert not puzzle.solved(choose_action(puzzle.view, "basic_v2", random.Random(0)))


def test_basic_leads_a_trump_pair_no_opponent_is_likely_to_beat() -> None:
    puzzle = _named("exact-endgame-57-seat1-3cards-move76")  # QS QS SJ: the pair, not the small joker
    assert puzzle.solved(choose_action(puzzle.view, "basic", random.Random(0)))
    assert not puzzle.solved(choose_action(puzzle.view, "basic_v2", random.Random(0)))


def test_basic_solves_eighty_five_percent_and_strong_all() -> None:
    puzzles = exact_puzzles()
    assert solved_count(puzzles, "basic") >= BASIC_SHARE * len(puzzles)
    assert solved_count(puzzles, "strong", iterations=STRONG_ITERATIONS) == len(puzzles)


def test_basic_wins_the_trick_with_a_certain_trump_an_equal_card_could_beat_later() -> None:
    # JS 2C (spades trump): AS led, KS over it; only 2C wins the trick, and the other 2C, led first, would take
    # the last trick from it — so 2C now, not JS
    puzzle = _named("exact-endgame-85-seat0-2cards-move66")
    assert puzzle.solved(choose_action(puzzle.view, "basic", random.Random(0)))
