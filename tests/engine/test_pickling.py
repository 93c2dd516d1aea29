"""What the AI and picture process pools send (``runtime.aipool``, ``runtime.pictures.renderqueue``) pickles and comes
back equal, compiled or not: cards, a seat's view, actions, a trump context, a decomposed lead (a compiled frozen class
is rebuilt from its constructor's arguments, never field by field). A table is stored as JSON (``to_json``),
never pickled."""

from __future__ import annotations

import copy
import pickle
import random

from engine.actions import Play
from engine.cards import ALL_CARDS, parse_cards
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.trump import trump_context
from engine.units import decompose_lead
from engine.views import Phase


def _mid_hand() -> Table:
    table, rng = Table.new(Rules(), 5), random.Random(5)
    while not (table.phase is Phase.PLAYING and table.hand.trick):
        table.apply(random_action(table, rng))
    return table


def test_cards_views_and_actions_pickle() -> None:
    assert pickle.loads(pickle.dumps(list(ALL_CARDS))) == list(ALL_CARDS)
    table = _mid_hand()
    seat = table.to_act()[0]
    view = table.seat_view(seat)
    assert pickle.loads(pickle.dumps(view)) == view
    action = table.legal_actions(seat)[0]
    assert isinstance(action, Play) and pickle.loads(pickle.dumps(action)) == action


def test_contexts_and_leads_pickle_and_copy() -> None:
    ctx = trump_context("2", "S")
    assert pickle.loads(pickle.dumps(ctx)) == ctx
    lead = decompose_lead(parse_cards("AH AH KH KH"), ctx)
    again = pickle.loads(pickle.dumps(lead))
    assert again == lead and again.shape == (2,) and again.size == 4 and again.cards == lead.cards
    assert copy.deepcopy(lead) == lead and copy.deepcopy(ctx) == ctx
