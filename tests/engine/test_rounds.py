"""RULES §5 v2 through the table: no_trump_declaration, final_suit_declarer, kitty_level, swap_dealer (换庄),
kitty_overcall concealed (暗扣暗反) and no_trump_only (反无主), and the two bug fixes. Each test fails on v1."""

from __future__ import annotations

import json

import pytest

from engine.actions import Bury, CloseDeclaring, DealAll, Declare, Pass
from engine.cards import parse_cards
from engine.errors import IllegalAction
from engine.judge import answer
from engine.rules import Rules
from engine.table import Table
from engine.undeclared import trump_when_undeclared
from engine.views import Phase
from tests.helpers.rounds import first_hand, give, later_hand, put_kitty_first


def declare(table: Table, seat: int, text: str) -> None:
    table.apply(Declare(seat=seat, cards=parse_cards(text)))


def refused(table: Table, seat: int, text: str) -> str:
    before = table.to_json()
    with pytest.raises(IllegalAction) as info:
        declare(table, seat, text)
    assert table.to_json() == before  # a refusal changes nothing
    return info.value.key


def pass_all(table: Table) -> None:
    while table.phase is Phase.DECLARING and table.to_act():
        table.apply(Pass(seat=table.to_act()[0]))


def bury_any(table: Table) -> int:
    seat = table.to_act()[0]
    table.apply(Bury(seat=seat, cards=tuple(table.hand.hands[seat][:8])))
    return seat


# -- no_trump_declaration -----------------------------------------------------------------------------------

def test_no_trump_declaration_never_refuses_joker_pairs_even_as_overcalls() -> None:
    """renda (不能反无主): v1 let a joker pair overcall."""
    table = first_hand(Rules(no_trump_declaration="never"))
    give(table, 0, "2H")
    give(table, 1, "SJ SJ")
    declare(table, 0, "2H")
    assert refused(table, 1, "SJ SJ") == "declare.no_trump_never"
    assert not [a for a in table.legal_actions(1) if isinstance(a, Declare) and a.cards[0].is_joker]


@pytest.mark.parametrize("policy,first_ok", [("anytime", True), ("overcall_only", False)])
def test_no_trump_declaration_first_declaration(policy: str, first_ok: bool) -> None:
    table = first_hand(Rules(no_trump_declaration=policy))
    give(table, 1, "BJ BJ")
    if first_ok:
        declare(table, 1, "BJ BJ")
        assert table.public_view().declaration.trump == "NT"
    else:
        assert refused(table, 1, "BJ BJ") == "declare.no_direct_no_trump"


# -- first_hand_dealer: final_suit_declarer (一对王不能反庄) -----------------------------------------------------

def test_final_suit_declarer_keeps_the_deal_under_a_joker_pair_overcall() -> None:
    table = first_hand(Rules(first_hand_dealer="final_suit_declarer"))
    give(table, 0, "2H")
    give(table, 1, "2S 2S", avoid="2H")
    give(table, 2, "SJ SJ", avoid="2H 2S")
    assert refused(table, 2, "SJ SJ") == "declare.no_trump_first_hand"  # never the first declaration
    declare(table, 0, "2H")
    declare(table, 1, "2S 2S")
    declare(table, 2, "SJ SJ")
    table.apply(CloseDeclaring())
    h = table.hand
    assert (h.dealer, h.trump) == (1, "NT")  # v1 (final_declarer): seat 2 would deal


# -- no_declaration: kitty_level ---------------------------------------------------------------------------

@pytest.mark.parametrize("kitty,level,trump", [
    ("3S 4H 7D 7C 9S 10H JD QC", "7", "D"),  # the first level card
    ("3S 4H KD 5C KS 10H JD QC", "7", "D"),  # no level card: the highest plain card, earliest of equals
    ("SJ 4H 5D 5C 6S BJ 3D 2C", "7", "S"),
])
def test_kitty_level(kitty: str, level: str, trump: str) -> None:
    assert trump_when_undeclared(parse_cards(kitty), Rules(no_declaration="kitty_level"), level) == trump


def test_kitty_level_in_a_later_hand() -> None:
    table = later_hand(Rules(no_declaration="kitty_level"))
    level = table.hand.level
    pass_all(table)
    kitty = table.hand.kitty  # the kitty the dealer took up
    assert table.hand.trump == trump_when_undeclared(kitty, table.rules, level)


# -- no_declaration: swap_dealer (换庄) ------------------------------------------------------------------------

def _swap_table(seed: int = 1) -> Table:
    table = later_hand(Rules(no_declaration="swap_dealer"), seed)
    assert table.hand.bids.swap_stage == "due"
    return table


def test_swap_dealer_only_the_due_team_declares_first() -> None:
    table = _swap_table()
    due = table.hand.dealer
    level = table.hand.level
    give(table, (due + 1) % 4, f"{level}H")
    give(table, due, f"{level}S {level}S", avoid=f"{level}H")
    assert refused(table, (due + 1) % 4, f"{level}H") == "declare.swap_team_first"
    assert table.public_view().declaring_team == due % 2
    declare(table, due, f"{level}S {level}S")
    assert table.public_view().declaring_team is None  # once declared, anyone overcalls as usual


def test_swap_dealer_second_window_gives_the_deal_to_the_declarer() -> None:
    table = _swap_table()
    due = table.hand.dealer
    other_level = table.levels[1 - due % 2]
    for seat in range(4):  # the first window: everyone passes
        table.apply(Pass(seat=seat))
    h = table.hand
    assert (h.phase, h.bids.swap_stage, h.level) == (Phase.DECLARING, "other", other_level)
    assert table.to_act() == ((due + 1) % 4,)
    assert refused(table, due, f"{other_level}H") == "action.not_your_turn"
    table.apply(Pass(seat=(due + 1) % 4))
    give(table, (due + 3) % 4, f"{other_level}C")
    declare(table, (due + 3) % 4, f"{other_level}C")
    assert (h.dealer, h.level, h.bids.swap_stage) == ((due + 3) % 4, other_level, "")
    assert set(table.to_act()) == {0, 1, 2, 3}  # overcalls follow as usual
    pass_all(table)
    assert (h.phase, h.kitty_holder, h.trump) == (Phase.BURYING, (due + 3) % 4, "C")


@pytest.mark.parametrize("whose", ["due", "other", "neither"])
def test_swap_dealer_kitty_card_then_redeal(whose: str) -> None:
    table = _swap_table(seed=4)
    due = table.hand.dealer
    levels = table.levels
    if levels[0] == levels[1]:
        pytest.skip("the seed's levels are equal")
    rank: str | None = {"due": levels[due % 2], "other": levels[1 - due % 2]}.get(whose)
    if rank is None:
        rank = next(r for r in ("3", "4", "5", "6") if r not in levels)
    put_kitty_first(table, f"{rank}D")
    pass_all(table)  # the first window
    pass_all(table)  # the second window
    h = table.hand
    if whose == "neither":
        assert (h.phase, h.dealer, h.redeals) == (Phase.DEALING, due, 1)
        return
    dealer = due if whose == "due" else (due + 1) % 4
    assert (h.phase, h.dealer, h.level, h.trump) == (Phase.BURYING, dealer, rank, "D")


# -- kitty_overcall: concealed (暗扣暗反) ------------------------------------------------------------------------

AIHUA = Rules(kitty_overcall="concealed", first_hand_dealer="final_suit_declarer")


def test_concealed_declarations_are_face_down_until_the_round_ends() -> None:
    table = first_hand(AIHUA)
    give(table, 0, "2H")
    give(table, 1, "2S 2S", avoid="2H")
    give(table, 2, "2C 2C", avoid="2H 2S")
    declare(table, 0, "2H")
    pub = table.public_view()
    assert pub.declaration.concealed and pub.declaration.cards == () and pub.trump is None
    assert pub.concealed_seats == (0,)
    assert table.seat_view(0).concealed[0].cards == parse_cards("2H")
    assert table.seat_view(1).concealed == () and table.seat_view(1).public.declaration.cards == ()
    assert refused(table, 1, "2S") == "declare.concealed_needs_pair"
    declare(table, 1, "2S 2S")  # need not be stronger than what stands: nobody knows what it is
    table.apply(CloseDeclaring())
    h = table.hand
    assert h.dealer == 1 and table.public_view().trump is None
    bury_any(table)  # dealer 1 buries; the round runs from seat 2
    assert (table.phase, table.to_act()) == (Phase.KITTY_OVERCALL, (2,))
    declare(table, 2, "2C 2C")  # an equal-size pair overcalls face down and takes up the kitty
    assert (table.phase, h.kitty_holder, h.dealer) == (Phase.BURYING, 2, 1)
    assert table.public_view().trump is None
    bury_any(table)
    assert table.to_act() == (3,)  # a new round from the overcaller's next seat
    for seat in (3, 0, 1):
        table.apply(Pass(seat=seat))
    pub = table.public_view()
    assert pub.phase is Phase.PLAYING and pub.trump == "C" and pub.concealed_seats == ()
    assert pub.declaration.cards == parse_cards("2C 2C") and not pub.declaration.concealed


def test_concealed_joker_pair_is_shown_at_once_and_ends_the_round() -> None:
    table = first_hand(AIHUA)
    give(table, 0, "2H 2H")
    give(table, 3, "BJ BJ")
    declare(table, 0, "2H 2H")
    table.apply(CloseDeclaring())
    bury_any(table)
    table.apply(Pass(seat=1))
    table.apply(Pass(seat=2))
    events = table.apply(Declare(seat=3, cards=parse_cards("BJ BJ")))
    revealed = [e for e in events if e.kind == "declarations_revealed"]
    assert revealed and revealed[0].data()["declarations"][0]["cards"] == ["2H", "2H"]
    assert table.public_view().trump == "NT"
    bury_any(table)  # the joker pair re-buries, and nothing follows it
    assert table.phase is Phase.PLAYING and table.hand.dealer == 0


def test_concealed_no_overcall_before_the_bury_after_the_first_hand() -> None:
    table = later_hand(AIHUA)
    level = table.hand.level
    give(table, 0, f"{level}H")
    give(table, 1, f"{level}S {level}S", avoid=f"{level}H")
    declare(table, 0, f"{level}H")
    assert refused(table, 1, f"{level}S {level}S") == "declare.concealed_after_bury"


def test_concealed_standing_declarer_is_asked_like_the_others() -> None:
    """Seat d+1 declared face down; after the dealer's bury it is asked first and may overcall itself."""
    table = later_hand(AIHUA)
    h = table.hand
    dealer, level = h.dealer, h.level
    x = (dealer + 1) % 4
    give(table, x, f"{level}H {level}D {level}D")
    declare(table, x, f"{level}H")
    pass_all(table)
    assert h.kitty_holder == dealer
    bury_any(table)
    assert table.to_act() == (x,)
    declare(table, x, f"{level}D {level}D")
    assert (table.phase, h.kitty_holder, h.dealer) == (Phase.BURYING, x, dealer)
    bury_any(table)
    for seat in ((x + 1) % 4, (x + 2) % 4, (x + 3) % 4):
        table.apply(Pass(seat=seat))
    assert table.phase is Phase.PLAYING and table.public_view().trump == "D"


def test_concealed_same_cards_never_twice() -> None:
    table = first_hand(AIHUA)
    give(table, 0, "2H 2H")
    give(table, 1, "2S 2S", avoid="2H")
    declare(table, 0, "2H 2H")
    declare(table, 1, "2S 2S")
    assert refused(table, 0, "2H 2H") == "declare.concealed_repeat"


# -- kitty_overcall: no_trump_only (反无主) -----------------------------------------------------------------------

NTO = Rules(kitty_overcall="no_trump_only")


def test_no_trump_only_never_in_the_first_hand() -> None:
    table = first_hand(NTO)
    give(table, 0, "2H")
    declare(table, 0, "2H")
    table.apply(CloseDeclaring())
    bury_any(table)
    assert table.phase is Phase.PLAYING


def test_no_trump_only_one_round_to_the_dealer_jokers_only() -> None:
    table = later_hand(NTO, seed=2)
    h = table.hand
    dealer, level = h.dealer, h.level
    give(table, dealer, f"{level}H")
    give(table, (dealer + 1) % 4, f"{level}S {level}S", avoid=f"{level}H")
    give(table, (dealer + 2) % 4, "SJ SJ", avoid=f"{level}H {level}S")
    give(table, dealer, "BJ BJ", avoid=f"{level}H")
    declare(table, dealer, f"{level}H")
    pass_all(table)
    bury_any(table)
    assert table.to_act() == ((dealer + 1) % 4,)
    assert refused(table, (dealer + 1) % 4, f"{level}S {level}S") == "declare.no_trump_only"
    table.apply(Pass(seat=(dealer + 1) % 4))
    declare(table, (dealer + 2) % 4, "SJ SJ")
    assert (table.phase, h.kitty_holder) == (Phase.BURYING, (dealer + 2) % 4)
    bury_any(table)
    assert table.to_act() == ((dealer + 3) % 4,)  # the one round goes on to the dealer
    table.apply(Pass(seat=(dealer + 3) % 4))
    declare(table, dealer, "BJ BJ")
    bury_any(table)
    assert table.phase is Phase.PLAYING and h.trump == "NT" and h.dealer == dealer  # no second round


# -- the bug fixes -----------------------------------------------------------------------------------------

def test_kitty_round_never_opens_when_the_trump_came_from_the_kitty() -> None:
    table = later_hand(Rules(kitty_overcall=True))
    pass_all(table)
    assert table.hand.bids.declaration is None
    bury_any(table)
    assert table.phase is Phase.PLAYING  # v1 opened a 炒地皮 round


def test_reinforced_pair_is_not_overcalled_by_a_higher_suit_pair() -> None:
    table = first_hand(Rules(overcall_suit_order="SHCD"))
    give(table, 0, "2D 2D")
    give(table, 1, "2S 2S", avoid="2D")
    declare(table, 0, "2D")
    declare(table, 0, "2D 2D")  # reinforced
    assert table.public_view().declaration.reinforced
    assert refused(table, 1, "2S 2S") == "declare.too_weak"  # v1: 2S2S overcalled it
    table2 = first_hand(Rules(overcall_suit_order="SHCD"))
    give(table2, 0, "2D 2D")
    give(table2, 1, "2S 2S", avoid="2D")
    declare(table2, 0, "2D 2D")  # shown as a pair at once: a higher-suit pair overcalls it
    declare(table2, 1, "2S 2S")
    assert table2.public_view().declaration.trump == "S"


# -- the judge's bid --------------------------------------------------------------------------------------

def test_judge_bid_knows_a_reinforced_pair_and_the_no_trump_policy() -> None:
    standing = {"seat": 0, "cards": ["2D", "2D"]}
    rules = {"preset": "standard", "overcall_suit_order": "SHCD"}
    assert answer(json.dumps({"q": "bid", "level": "2", "current": standing, "seat": 1, "cards": ["2S", "2S"],
                              "rules": rules})) == {"legal": True, "trump": "S"}
    assert answer(json.dumps({"q": "bid", "level": "2", "current": {**standing, "reinforced": True}, "seat": 1,
                              "cards": ["2S", "2S"], "rules": rules})) == {"legal": False}
    assert answer(json.dumps({"q": "bid", "level": "2", "current": {"seat": 0, "cards": ["2D"]}, "seat": 1,
                              "cards": ["SJ", "SJ"], "rules": "renda"})) == {"legal": False}


def test_swap_dealer_without_a_rotation_redeals() -> None:
    """RULES_NOTES: in the 16-deal format (dealer and level fixed) 换庄 cannot apply: nobody declaring redeals."""
    assert trump_when_undeclared(parse_cards("3S 4H 5D 6C 7S 8H 9D 10C"), Rules(no_declaration="swap_dealer")) is None
    table = Table.new(Rules(no_declaration="swap_dealer", match_end="fixed_deals"), 3)
    table.apply(DealAll())
    assert table.hand.bids.swap_stage == ""
    pass_all(table)
    assert table.phase is Phase.DEALING and table.hand.redeals == 1


def test_no_trump_only_round_skipped_under_big_jokers() -> None:
    """RULES_NOTES: nothing can overcall BJ BJ, so no 反无主 round is asked."""
    table = later_hand(NTO, seed=2)
    h = table.hand
    give(table, h.dealer, "BJ BJ")
    give(table, (h.dealer + 1) % 4, f"{h.level}H", avoid="BJ")
    declare(table, (h.dealer + 1) % 4, f"{h.level}H")
    declare(table, h.dealer, "BJ BJ")
    pass_all(table)
    bury_any(table)
    assert table.phase is Phase.PLAYING


def test_table_picture_of_face_down_declarations() -> None:
    """The public picture is drawn from the masked view: each face-down declaration as a card back."""
    from render import render_table

    table = first_hand(AIHUA)
    give(table, 0, "2H")
    give(table, 1, "2S 2S", avoid="2H")
    declare(table, 0, "2H")
    declare(table, 1, "2S 2S")
    view = table.public_view()
    assert view.concealed_seats == (0, 1) and view.declaration.cards == ()
    assert render_table(view, ["a", "b", "c", "d"], locale="zh-CN").startswith(b"\x89PNG")
