"""Inference from play (读牌, ``engine.ai.inference``): the strong player's sampled deals are weighed by whether the
others' plays of the hand so far are what the play policy would have played on them (a chain of deals, each a few
card swaps from the last)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence

import pytest

from engine.actions import DealAll, Pass
from engine.ai import choose_action, inference, read_seats, strong
from engine.ai.determinize import Sampler, World
from engine.ai.fasttables import SUIT_INDEX, N, fast_tables
from engine.ai.inference import mismatches, penalties, play_checks, play_weight
from engine.ai.playout import Gains
from engine.ai.policy import policy_play
from engine.ai.situation import Situation, situation_from_view
from engine.cards import Card
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase

EVERY_SEAT = dict.fromkeys(range(4), "basic")


def _real_deal(table: Table) -> World:
    hands = [[0] * N for _ in range(4)]
    for seat in range(4):
        for c in table.seat_view(seat).hand:
            hands[seat][c.index] += 1
    kitty = [c.index for c in table.hand.kitty]
    return World(hands, kitty)


def _decisions(preset: str, seed: int, every: int = 1) -> Iterator[tuple[Table, Situation]]:
    """Every ``every``-th play decision of a basic-played hand after its first play."""
    table = Table.new(Rules.from_preset(preset), seed)
    rng = random.Random(seed)
    k = 0
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if table.phase is Phase.DEALING:
            table.apply(DealAll())
            continue
        seat = table.to_act()[0]
        view = table.seat_view(seat)
        if table.phase is Phase.PLAYING and (view.public.tricks or (view.public.trick is not None
                                              and view.public.trick.plays)):
            if k % every == 0:
                yield table, situation_from_view(view)
            k += 1
        table.apply(choose_action(view, "basic", rng) or Pass(seat=seat))


@pytest.mark.parametrize("preset", ["standard", "national", "tournament"])
def test_the_real_deal_of_basic_players_is_never_weighed_down(preset: str) -> None:
    """Basic plays the policy from its own view: replayed on the real deal, every earlier play of the hand is the
    policy's play, so the real deal keeps its whole weight (the replay sees what the seat saw then: its hand, the
    trick so far, the cards played, the voids and the points)."""
    checked = 0
    for seed in (3, 11):
        for table, sit in _decisions(preset, seed, every=3):
            checks = play_checks(sit, EVERY_SEAT)
            made = [s for trick in sit.history for s, _ in trick if s != sit.seat]
            assert sorted(c.seat for seat in checks for c in seat) == sorted(made)
            assert not checks[sit.seat]
            world = _real_deal(table)
            assert play_weight(sit, checks, world.hands, world.kitty) == 1.0
            checked += sum(map(len, checks))
    assert checked > 1000


def _opponent_misses(sit: Situation, world: World) -> int:
    checks = play_checks(sit, EVERY_SEAT)
    return sum(mismatches(sit, checks[s], world.hands, world.kitty) for s in range(4) if s % 2 != sit.seat % 2)


def _assert_a_deal_of_the_unseen_cards(sit: Situation, world: World) -> None:
    """``world`` deals exactly the seat's unseen cards, each hand its size, no card of a suit a seat showed void."""
    suit = fast_tables(sit.ctx).suit
    hidden = [0] * N
    for s in range(4):
        if s == sit.seat:
            continue
        assert sum(world.hands[s]) == sit.hand_sizes[s]
        for i in range(N):
            hidden[i] += world.hands[s][i]
            assert not world.hands[s][i] or suit[i] not in {SUIT_INDEX[v] for v in sit.mem.voids[s]}
    if sit.kitty is None:
        for i in world.kitty:
            hidden[i] += 1
    assert hidden == [max(n, 0) for n in sit.unseen()]


def _misplaced(world: World, real: World, seat: int) -> int:
    """Cards of the other hands that the deal puts in another hand than the real one."""
    return sum(abs(world.hands[s][i] - real.hands[s][i]) for s in range(4) if s != seat for i in range(N)) // 2


def test_the_chains_deals_agree_with_the_plays_and_lie_nearer_the_real_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampler's deals (a chain weighed by the plays) disagree with far fewer of the opponents' plays than
    the same sampler's without the inference, and put fewer cards in the wrong hand; each is still a deal of the
    unseen cards that respects the voids."""
    read = plain = read_off = plain_off = 0
    positions = 0
    for table, sit in (d for seed in (5, 6) for d in _decisions("standard", seed, every=9)):
        real = _real_deal(table)
        sampler = Sampler(sit, EVERY_SEAT)
        with monkeypatch.context() as off:
            off.setattr(inference, "OPPONENT_WEIGHT", 1.0)
            off.setattr(inference, "PARTNER_WEIGHT", 1.0)
            unweighed = Sampler(sit, EVERY_SEAT)
        assert unweighed.reading is None
        rng, raw_rng = random.Random(1), random.Random(1)
        for _ in range(10):
            world = sampler.sample(rng)
            raw = unweighed.sample(raw_rng)
            _assert_a_deal_of_the_unseen_cards(sit, world)
            read += _opponent_misses(sit, world)
            plain += _opponent_misses(sit, raw)
            read_off += _misplaced(world, real, sit.seat)
            plain_off += _misplaced(raw, real, sit.seat)
        positions += 1
    assert positions > 12
    assert read * 2 < plain, (read, plain)
    assert read_off < plain_off, (read_off, plain_off)


def test_only_the_seats_asked_for_are_read() -> None:
    """The strong player's search reads the plays of the seats it is given (the bot's AI seats that play the
    policy); a sampler given none (a review, 复盘; a table of people) reads nothing, and no seat reads itself."""
    sit = [sit for _table, sit in _decisions("standard", 5, every=4)][3]
    assert Sampler(sit).reading is None
    assert Sampler(sit, {sit.seat: "basic"}).reading is None
    assert Sampler(sit, EVERY_SEAT).reading is not None
    other = (sit.seat + 1) % 4
    checks = play_checks(sit, {other: "basic"})
    assert checks[other] and not any(checks[s] for s in range(4) if s != other)


def test_the_read_seats_are_the_basic_and_strong_ai_seats() -> None:
    """People (``None``) and AIs of other policies (``random``, the measuring levels) are not read; basic and strong
    AIs are, with their levels."""
    assert read_seats(["basic", None, "basic", "random"]) == {0: "basic", 2: "basic"}
    assert read_seats(["strong", "basic", "strong", "basic"]) == {0: "strong", 1: "basic", 2: "strong", 3: "basic"}
    assert read_seats([None, "basic_v2", None, None]) == {}


def test_a_seats_weight_falls_less_with_each_further_play_the_policy_would_not_make() -> None:
    """The mixture of a seat that plays as the policy (0.1 a mismatch) and one that does not (``LOOSE_WEIGHT``): the
    first mismatches cost about a factor of ten each, later ones less and less, never less than the loose weight's."""
    _table, sit = next(_decisions("standard", 5, every=4))
    opponent = (sit.seat + 1) % 4
    cost = penalties(inference.mismatch_weight(sit, opponent, "basic"), 12)
    steps = [b - a for a, b in itertools.pairwise(cost)]
    assert cost[0] == pytest.approx(0.0, abs=1e-12)
    assert steps[0] == pytest.approx(-math.log(0.98 * 0.1 + 0.02 * 0.5))
    assert all(b < a for a, b in itertools.pairwise(steps))
    assert steps[-1] == pytest.approx(-math.log(inference.LOOSE_WEIGHT), rel=0.05)
    partner = penalties(inference.mismatch_weight(sit, sit.partner, "basic"), 12)
    assert partner[1] < cost[1]


def test_a_searching_seat_is_read_softly() -> None:
    """A strong seat plays the policy's choice but where its search finds better, so a play the policy would not have
    made costs a deal less than a basic seat's does (``SEARCH_WEIGHT``), as an opponent and as the partner."""
    sit = [sit for _table, sit in _decisions("standard", 5, every=4)][3]
    opponent = (sit.seat + 1) % 4
    assert inference.mismatch_weight(sit, opponent, "strong") == inference.SEARCH_WEIGHT
    assert inference.mismatch_weight(sit, opponent, "strong") > inference.mismatch_weight(sit, opponent, "basic")
    assert inference.mismatch_weight(sit, sit.partner, "strong") >= inference.mismatch_weight(sit, opponent, "strong")
    checks = play_checks(sit, {opponent: "strong", (sit.seat + 3) % 4: "basic"})
    assert checks[opponent] and all(c.weight == inference.SEARCH_WEIGHT for c in checks[opponent])
    assert all(c.weight == inference.OPPONENT_WEIGHT for c in checks[(sit.seat + 3) % 4])


def test_strong_blind_reads_no_seat() -> None:
    """``strong_blind`` (for measuring the reading) is the strong player without it: at fixed deals it plays what a
    strong player given no seats to read plays, whatever seats it is given."""
    compared = 0
    for table, sit in itertools.islice(_decisions("standard", 5, every=6), 2, 5):
        view = table.seat_view(sit.seat)
        blind = choose_action(view, "strong_blind", random.Random(1), iterations=24, read=EVERY_SEAT)
        assert blind == choose_action(view, "strong", random.Random(1), iterations=24)
        compared += 1
    assert compared == 3


def test_the_chains_counts_and_kitty_stay_those_of_its_deal() -> None:
    """After many kept and refused swaps (and counts taken from its cache), the chain's mismatch count of each seat is
    the one replayed afresh on its deal, and its kitty list holds the kitty's cards."""
    compared = 0
    for _table, sit in (d for seed in (5, 8) for d in _decisions("standard", seed, every=8)):
        sampler = Sampler(sit, EVERY_SEAT)
        rng = random.Random(4)
        for _ in range(30):
            world = sampler.sample(rng)
        reading = sampler.reading
        assert reading is not None
        checks = play_checks(sit, EVERY_SEAT)
        for seat in range(4):
            if checks[seat]:
                assert reading.misses[seat] == mismatches(sit, checks[seat], world.hands, world.kitty)
                compared += 1
        assert sorted(reading.kitty_cards) == [i for i in range(N) for _ in range(reading.kitty[i])]
    assert compared > 20


def test_the_inference_is_off_at_weight_one(monkeypatch: pytest.MonkeyPatch) -> None:
    _table, sit = next(_decisions("standard", 5))
    assert any(play_checks(sit, EVERY_SEAT))
    monkeypatch.setattr(inference, "OPPONENT_WEIGHT", 1.0)
    monkeypatch.setattr(inference, "PARTNER_WEIGHT", 1.0)
    assert not any(play_checks(sit, EVERY_SEAT))
    assert Sampler(sit, EVERY_SEAT).reading is None


def test_the_voids_at_each_tricks_lead_grow_by_what_its_plays_show() -> None:
    """``Memory.voids_at``: the voids known when each trick was led; a follow off suit in a trick shows a void only
    at the next one."""
    shown = 0
    for _table, sit in _decisions("standard", 7, every=5):
        mem = sit.mem
        assert len(mem.voids_at) == len(sit.history) == len(sit.points_at)
        after = [*mem.voids_at[1:], mem.voids]
        for t, trick in enumerate(sit.history):
            by = _shown_by(trick, sit)
            for seat in range(4):
                extra = after[t][seat] - mem.voids_at[t][seat]
                assert mem.voids_at[t][seat] <= after[t][seat]
                assert extra == ({by[seat]} - mem.voids_at[t][seat] if seat in by else set())
                shown += len(extra)
    assert shown > 0


def _shown_by(trick: Sequence[tuple[int, tuple[Card, ...]]], sit: Situation) -> dict[int, str]:
    """The seats that showed a void in ``trick`` (fewer cards of the led suit than led), and the suit."""
    led = sit.ctx.suit_of(trick[0][1][0])
    return {seat: led for seat, cards in trick[1:]
            if sum(1 for c in cards if sit.ctx.suit_of(c) == led) < len(trick[0][1])}


def test_a_checks_reused_position_plays_as_one_built_for_the_deal() -> None:
    """A check fills its one position in with each deal's hand (``PlayCheck.seat_state``): deal after deal, the
    policy plays there as in a position built afresh for that deal."""
    compared = 0
    for _table, sit in _decisions("standard", 9, every=6):
        checks = [c for seat in play_checks(sit, EVERY_SEAT) for c in seat]
        sampler = Sampler(sit, EVERY_SEAT)
        rng = random.Random(2)
        for _ in range(4):
            world = sampler.sample(rng)
            for check in checks:
                hand = world.hands[check.seat]
                fresh = check.state(sit, [hand[i] + check.back[i] for i in range(N)], world.kitty)
                reused = check.seat_state(sit, world.hands, world.kitty)
                assert policy_play(reused, check.seat) == policy_play(fresh, check.seat)
                assert list(reused.sizes) == list(fresh.sizes) and reused.cards_left == fresh.cards_left
                assert [list(h) for h in reused.held] == [list(h) for h in fresh.held]
                compared += 1
    assert compared > 200


@pytest.mark.parametrize("correlation", [0.0, 0.5, 0.8])
def test_a_chains_gains_count_as_fewer_deals(correlation: float) -> None:
    """Gains of a chain's deals (each a swap or two from the last) are alike from deal to deal: their standard error
    is the independent one times the square root of the correlation time, ``(1 + r) / (1 - r)`` for a first-order
    autoregression of correlation ``r`` (about 1, 3 and 9 here), so the search drops and overrides on as much
    evidence as with independent deals."""
    rng = random.Random(7)
    chained, plain = Gains(chained=True), Gains()
    x = 0.0
    for _ in range(6000):
        x = correlation * x + rng.gauss(0.0, 1.0)
        chained.add(x)
        plain.add(x)
    expected = (1 + correlation) / (1 - correlation)
    assert chained.correlation_time() == pytest.approx(expected, rel=0.2)
    mean, se = chained.mean_se()
    assert mean == plain.mean_se()[0]
    assert se == pytest.approx(plain.mean_se()[1] * math.sqrt(chained.correlation_time()))


def test_a_chain_drops_a_same_result_candidate_only_after_more_deals() -> None:
    """A candidate that gives the first choice's result on every deal is dropped after ``SAME_WORLDS`` independent
    deals, but a chain's neighbouring deals are alike: it needs ``SAME_CHAINED`` times as many."""
    plain, chained = Gains.of([0.0] * strong.SAME_WORLDS), Gains(chained=True)
    for _ in range(strong.SAME_WORLDS):
        chained.add(0.0)
    assert strong._hopeless(plain) and not strong._hopeless(chained)
    for _ in range(strong.SAME_WORLDS * (strong.SAME_CHAINED - 1)):
        chained.add(0.0)
    assert strong._hopeless(chained)
