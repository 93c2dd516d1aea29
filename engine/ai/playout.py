"""Fast playout (模拟) of the rest of a hand on one fully known deal, for the strong player's Monte Carlo.

Cards are dense indices (``Card.index``) and hands are count vectors, so a whole hand plays out in a few
milliseconds. Every seat follows the ``basic`` rules of thumb in a fast form: lead sure winners (top
singles, pairs, tractors), pull trumps when long on the dealer team, else lead low from a short suit;
follow by feeding points to a safely winning partner, winning cheaply, ruffing (毙) tricks with points,
discarding low. Single and pair leads use direct code; tractors and throws (甩牌) use the rule functions
(``enumerate_follows``, ``trick_winner``); the state and its scoring are ``engine.ai.playstate``.
"""

from __future__ import annotations

import logging

from engine.ai.fastfollow import follow_general, follow_pair, follow_single
from engine.ai.fastlead import fast_lead
from engine.ai.playstate import N, PlayState, to_cards
from engine.cards import ALL_CARDS
from engine.follow import enumerate_follows

log = logging.getLogger(__name__)


class Playout(PlayState):
    """A playout with the fast ``basic`` policy choosing every seat's plays."""

    # -- driving -----------------------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end of the hand; return the defenders' final points (kitty bonus included)."""
        while True:
            seat = (self.leader + len(self.trick)) % 4
            if not self.trick:
                if self.cards_left == 0:
                    break
                play = self.lead(seat)
            else:
                play = self.follow(seat)
            self.apply(seat, play)
        return self.points

    def lead(self, seat: int) -> tuple[int, ...]:
        return fast_lead(self, seat)

    # -- follows -------------------------------------------------------------------------------------------
    def follow(self, seat: int) -> tuple[int, ...]:
        lead = self.trick[0][1]
        if len(lead) == 1:
            return follow_single(self, seat)
        if len(lead) == 2 and lead[0] == lead[1]:
            return follow_pair(self, seat)
        return self._follow_general(seat)

    def _follow_general(self, seat: int) -> tuple[int, ...]:
        """Tractor and throw leads: the enumerated legal follows, scored like the others."""
        hand_cards = [ALL_CARDS[i] for i in range(N) for _ in range(self.hands[seat][i])]
        lead = to_cards(self.trick[0][1])
        cands = [tuple(c.index for c in play) for play in enumerate_follows(lead, hand_cards, self.ctx, limit=8)]
        return follow_general(self, seat, cands)
