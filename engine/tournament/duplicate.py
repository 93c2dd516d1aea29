"""复式 across tables (option ``cross_tables``): every table of a duplicate round plays the round's deals (one seed;
team a holds the cards of seats 0 and 2 — South/North — at every table, team b those of East/West), so a team's
result is compared with the teams that held the same cards at the other tables, not only with its opponent.

Per deal, each team's small points convert to big points as the sheet says (附件3 "每轮每副牌的得分称小分…换算成
大分", ``scoring.big_points``); its cross score for the deal is its big points minus the average big points of the
teams that held the same cards in that deal at the other tables (two tables: the other table's team). A team's
round score is the sum over its deals, rounded half away from zero; the match goes to the higher round score
(``How.CROSS``), and the standings add the round scores (a bye scores the round's average). A deal played at no
other table, a forfeited match or a round of one table keeps the head-to-head big points at its table. The
comparison is made when the round is complete, from the deals stored with each game, so it is the same after a
restart.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from engine.tournament.model import GameResult, How, Match, Round


def _holders(rnd: Round) -> dict[tuple[int, int], dict[str, int]]:
    """(deal index, side) → {match id: that side's big points in the deal} over the round's single games."""
    out: dict[tuple[int, int], dict[str, int]] = {}
    for m in rnd.matches:
        if m.is_bye or len(m.games) != 1 or m.games[0].forfeit:
            continue
        for d, points in enumerate(m.games[0].deals):
            for side in (0, 1):
                out.setdefault((d, side), {})[m.match_id] = points[side]
    return out


def _rounded(value: Fraction) -> int:
    """Half away from zero."""
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def cross_scores(rnd: Round, m: Match) -> tuple[int, int] | None:
    """Team a's and team b's cross scores in ``m`` (``None``: no deal of it was played at another table)."""
    holders = _holders(rnd)
    totals = [Fraction(0), Fraction(0)]
    compared = False
    for d in range(len(m.games[0].deals) if len(m.games) == 1 else 0):
        for side in (0, 1):
            others = [p for mid, p in holders.get((d, side), {}).items() if mid != m.match_id]
            if others:
                compared = True
                totals[side] += m.games[0].deals[d][side] - Fraction(sum(others), len(others))
    return (_rounded(totals[0]), _rounded(totals[1])) if compared else None


def settle(rnd: Round) -> Round:
    """The complete round with each compared match's game scored across tables (idempotent: the scores come from
    the stored deals)."""
    matches = []
    for m in rnd.matches:
        scores = cross_scores(rnd, m) if not m.is_bye and m.games and not m.games[0].forfeit else None
        if scores is None:
            matches.append(m)
            continue
        a, b = scores
        winner = None if a == b else (0 if a > b else 1)
        game = GameResult(winner=winner, diff=a - b, score=(a, b), table_id=m.games[0].table_id,
                          how=How.CROSS.value, deals=m.games[0].deals)
        matches.append(replace(m, games=(game,), decided=True, how="",
                               winner=None if winner is None else m.teams[winner]))
    return replace(rnd, matches=tuple(matches))


def table_points(game: GameResult) -> tuple[int, int]:
    """Both teams' big points at their own table (the head-to-head sum of the deals)."""
    return sum(d[0] for d in game.deals), sum(d[1] for d in game.deals)
