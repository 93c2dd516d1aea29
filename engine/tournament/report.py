"""The tournament as plain JSON for an outside check (``bot.py tournament --json``): every round's pairings,
byes and results, and what the draw saw.

Per round: ``number``, ``stage``, ``label`` (a ``tournament.stage.*`` key suffix: ``round``, ``group``,
``quarter``, ``semi``, ``final``), ``ranking`` (the teams of the round, best first, in the standings the
draw used: a Swiss bye goes to the last of them with the fewest ``byes_before``), ``byes_before`` (each
team's byes before the round), ``byes`` (the teams with a bye) and ``matches`` (``a``, ``b`` team ids, ``b``
``null`` for a bye; ``games``: ``winner`` team id or ``null``, ``levels`` or big points of a and b, ``diff``
and ``how``; the match's ``winner`` and ``how``, see ``model.How``; ``place``: 3 for the third-place match
(三四名决赛), else ``null``). Then ``groups`` (team ids) and the
final ``standings`` with every column and tie-break the ranking used (``place``: 3 or 4 from the third-place
match; ``reached``: the highest level won a game at, the first tie-break with ``rank_levels``). ``teams`` carry their
``unit`` (单位, ``null``: none) with the options ``unit_limit`` and ``units_apart``; a duplicate game carries ``deals``
(both teams' big points per deal), and with ``cross_tables`` its ``levels`` are the cross-table scores (how ``cross``,
``engine.tournament.duplicate``), so a check can recompute them.
"""

from __future__ import annotations

from typing import Any

from engine.tournament.bracket import Tournament
from engine.tournament.model import Format, Match, Round, Stage
from engine.tournament.placings import draw_matches
from engine.tournament.standings import lot, rank


def stage_label(t: Tournament, rnd: Round) -> str:
    """``final`` (two teams), ``semi`` (three or four), ``quarter`` (five to eight) for a knock-out round,
    ``group`` for a group round, else ``round``."""
    if rnd.stage is Stage.GROUP:
        return "group"
    if rnd.stage is not Stage.KNOCKOUT:
        return "round"
    teams = sum(len(m.teams) for m in draw_matches(rnd))
    return "final" if teams <= 2 else "semi" if teams <= 4 else "quarter" if teams <= 8 else "round"


def ranking_before(t: Tournament, index: int) -> list[int]:
    """The teams of round ``index`` (0-based), best first, in the standings of the rounds before it."""
    rnd = t.rounds[index]
    playing = {x for m in rnd.matches for x in m.teams}
    ids = [team.team_id for team in t.teams]
    return [s.team_id for s in rank(ids, t.rounds[:index], t.seed, big=t.big_points,
                                                 levels=t.config.rank_levels) if s.team_id in playing]


def byes_before(t: Tournament, index: int) -> dict[int, int]:
    out = {x: 0 for m in t.rounds[index].matches for x in m.teams}
    for rnd in t.rounds[:index]:
        for m in rnd.matches:
            if m.is_bye and m.a in out:
                out[m.a] += 1
    return out


def _match(t: Tournament, m: Match) -> dict[str, Any]:
    teams = (m.a, m.b)
    games = [{"winner": None if g.winner is None else teams[g.winner], "levels": list(g.score), "diff": g.diff,
              "how": g.how, "table": g.table_id, **({"deals": [list(d) for d in g.deals]} if g.deals else {})}
             for g in m.games]
    return {"match": m.match_id, "a": m.a, "b": m.b, "group": m.group, "best_of": m.best_of, "games": games,
            "decided": m.decided, "winner": m.winner, "how": m.decided_by, "place": m.place}


def report(t: Tournament) -> dict[str, Any]:
    """See the module docstring."""
    rounds = []
    for i, rnd in enumerate(t.rounds):
        before = byes_before(t, i)
        rounds.append({"number": rnd.number, "stage": rnd.stage.value, "label": stage_label(t, rnd),
                       "ranking": ranking_before(t, i), "byes_before": {str(k): v for k, v in before.items()},
                       "byes": [m.a for m in rnd.matches if m.is_bye],
                       "matches": [_match(t, m) for m in rnd.matches]})
    standings = [{"team_id": s.team_id, "team": t.team(s.team_id).name, "rank": s.rank, "points": s.points,
                  "level_diff": s.level_diff, "played": s.played, "wins": s.wins, "draws": s.draws,
                  "losses": s.losses, "byes": s.byes, "eliminated_in": s.eliminated_in, "group": s.group,
                  "place": s.place, "reached": s.reached,
                  "lot": lot(t.seed, s.team_id), "by_lot": s.by_lot} for s in t.standings()]
    return {"format": t.config.format.value, "knockout": t.config.format in (Format.KNOCKOUT, Format.GROUPS),
            "third_place": t.config.third_place, "rank_levels": t.config.rank_levels, "seed": t.seed,
            "unit_limit": t.config.unit_limit, "units_apart": t.config.units_apart,
            "cross_tables": t.config.cross_tables,
            "teams": [{"team_id": x.team_id, "name": x.name, "unit": x.unit} for x in t.teams], "groups": t.groups,
            "schedule": rounds, "standings": standings}
