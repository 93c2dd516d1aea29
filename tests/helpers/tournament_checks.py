"""An outside check of a tournament from its JSON report alone (``engine.tournament.report``, the ``report`` of
``bot.py tournament --json``): it recomputes byes, points, level differences and head-to-head from the
schedule and checks the pairing, bye, group and ranking rules of docs/TOURNAMENTS.md."""

from __future__ import annotations

from collections import defaultdict
from typing import Any


def check_byes(rep: dict[str, Any]) -> None:
    """Every round: a team with a bye has the fewest byes of the round's teams (no second bye while another
    team has none); Swiss/duplicate: it is the lowest-ranked of them; at most one bye a round outside groups."""
    seen: dict[int, int] = defaultdict(int)
    for rnd in rep["schedule"]:
        teams = [x for m in rnd["matches"] for x in (m["a"], m["b"]) if x is not None]
        assert len(teams) == len(set(teams)), f"a team plays twice in round {rnd['number']}"
        assert {int(k): v for k, v in rnd["byes_before"].items()} == {x: seen[x] for x in teams}
        byes = rnd["byes"]
        if rnd["stage"] != "group":
            assert len(byes) == len(teams) % 2, rnd
            fewest = min(seen[x] for x in teams)
            for team in byes:
                assert seen[team] == fewest, (rnd["number"], team, dict(seen))
            if rnd["stage"] == "swiss" and byes:
                candidates = [x for x in rnd["ranking"] if seen[x] == fewest]
                assert byes == [candidates[-1]], (rnd["number"], byes, rnd["ranking"], dict(seen))
        for team in byes:
            seen[team] += 1


def check_groups(rep: dict[str, Any]) -> None:
    """Groups balanced (sizes differ by one at most), of three teams or more (no group where every team goes
    through); fewer than three teams: no groups; every team in exactly one group."""
    groups = rep["groups"]
    if rep["format"] != "groups":
        assert groups == []
        return
    ids = sorted(x["team_id"] for x in rep["teams"])
    if len(ids) < 3:
        assert groups == []
        return
    assert sorted(x for g in groups for x in g) == ids
    sizes = [len(g) for g in groups]
    assert min(sizes) >= 3 and max(sizes) - min(sizes) <= 1, sizes


def _tally(rep: dict[str, Any]) -> tuple[dict[int, float], dict[int, int], dict[int, dict[int, int]]]:
    """Points, level differences and head-to-head differences recomputed from the schedule."""
    big = rep["format"] == "duplicate"
    points: dict[int, float] = defaultdict(float)
    diff: dict[int, int] = defaultdict(int)
    h2h: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for rnd in rep["schedule"]:
        scores = [s for m in rnd["matches"] if m["b"] is not None and m["decided"] for g in m["games"]
                  for s in g["levels"]]
        for m in rnd["matches"]:
            if not m["decided"]:
                continue
            if m["b"] is None:
                points[m["a"]] += (sum(scores) // len(scores) if scores else 0) if big else 1.0
                continue
            d = sum(g["diff"] for g in m["games"])
            for side, team, other, sign in ((0, m["a"], m["b"], 1), (1, m["b"], m["a"], -1)):
                diff[team] += sign * d
                h2h[team][other] += sign * d
                if big:
                    points[team] += sum(g["levels"][side] for g in m["games"])
                else:
                    points[team] += 0.5 if m["winner"] is None else 1.0 if m["winner"] == team else 0.0
    return points, diff, h2h


def _reached(rep: dict[str, Any]) -> dict[int, int]:
    """The highest level each team won a game at (of a match it won), recomputed from the schedule."""
    out: dict[int, int] = defaultdict(lambda: -1)
    for rnd in rep["schedule"]:
        for m in rnd["matches"]:
            if m["decided"] and m["b"] is not None and m["winner"] is not None:
                side = 0 if m["winner"] == m["a"] else 1
                won = [g["levels"][side] for g in m["games"] if g["winner"] == m["winner"]]
                out[m["winner"]] = max([out[m["winner"]], *won])
    return out


def _tier(rep: dict[str, Any], line: dict[str, Any]) -> int:
    """Knock-out formats: how far a team went (larger is better)."""
    if not rep["knockout"]:
        return 0
    in_ko = {x for r in rep["schedule"] if r["stage"] == "knockout" for m in r["matches"] for x in (m["a"], m["b"])}
    if line["team_id"] not in in_ko:
        return -1
    return line["eliminated_in"] if line["eliminated_in"] is not None else 10_000


def check_ranks(rep: dict[str, Any]) -> None:
    """Ranks 1…n; the points shown are the schedule's; order: (knock-out: how far a team went, then the place a
    third-place match gave), points, (with ``rank_levels``: the highest level won a game at), then
    the head-to-head difference among the tied, the total difference, the lot."""
    lines = rep["standings"]
    assert [x["rank"] for x in lines] == list(range(1, len(lines) + 1))
    points, diff, h2h = _tally(rep)
    for x in lines:
        assert x["points"] == points[x["team_id"]], (x, points[x["team_id"]])
        assert x["level_diff"] == diff[x["team_id"]]
    reached = _reached(rep)
    for x in lines:
        assert x["reached"] == reached[x["team_id"]], (x, reached[x["team_id"]])
    keys = [(-_tier(rep, x), x["place"] or 0, -x["points"], *((-x["reached"],) if rep["rank_levels"] else ()))
            for x in lines]
    assert keys == sorted(keys), keys
    start = 0
    while start < len(lines):
        end = start
        while end < len(lines) and keys[end] == keys[start]:
            end += 1
        tied = {x["team_id"] for x in lines[start:end]}
        order = [(-sum(d for o, d in h2h[x["team_id"]].items() if o in tied), -x["level_diff"], x["lot"])
                 for x in lines[start:end]]
        assert order == sorted(order), (lines[start:end], order)
        start = end


def check_placings(rep: dict[str, Any]) -> None:
    """Third-place match (三四名决赛): with the option, exactly when a final follows a knock-out round of two played
    matches, in the final's round, between those two matches' losers; its winner ranks 3rd, its loser 4th.
    Without the option: no placing match."""
    schedule = rep["schedule"]
    for i, rnd in enumerate(schedule):
        placing = [m for m in rnd["matches"] if m["place"] is not None]
        draw = [m for m in rnd["matches"] if m["place"] is None]
        prev = schedule[i - 1] if i else None
        semis = [m for m in prev["matches"] if m["b"] is not None and m["place"] is None] if prev else []
        due = (rep["third_place"] and rnd["stage"] == "knockout" and prev is not None and prev["stage"] == "knockout"
               and len(draw) == 1 and draw[0]["b"] is not None and len(semis) == 2)
        assert len(placing) == (1 if due else 0), (rnd["number"], placing, due)
        if not placing:
            continue
        m = placing[0]
        assert m["place"] == 3 and rnd["label"] == "final", m
        losers = [x["a"] if x["winner"] == x["b"] else x["b"] for x in semis]
        assert [m["a"], m["b"]] == losers, (m, losers)
        if m["decided"] and rep["standings"] and all(x["decided"] for x in rnd["matches"]):
            by_team = {x["team_id"]: x for x in rep["standings"]}
            loser = m["b"] if m["winner"] == m["a"] else m["a"]
            assert (by_team[m["winner"]]["rank"], by_team[m["winner"]]["place"]) == (3, 3), by_team[m["winner"]]
            assert (by_team[loser]["rank"], by_team[loser]["place"]) == (4, 4), by_team[loser]


def check_report(rep: dict[str, Any]) -> None:
    check_byes(rep)
    check_placings(rep)
    check_groups(rep)
    check_ranks(rep)
    for x in rep["standings"]:  # a bye is never a game won
        assert x["wins"] + x["draws"] + x["losses"] == x["played"], x
