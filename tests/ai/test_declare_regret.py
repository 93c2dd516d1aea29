"""``benchmarks.ai_declare_regret``: what a search over the declaration window's options would gain over basic."""

from __future__ import annotations

from benchmarks.ai_declare_regret import Decision, deal_regret, decision_kind, summary


def test_every_choice_is_scored_and_only_a_changed_one_counts() -> None:
    decisions = deal_regret(("standard", 102, 3, 3))  # seed 102: a first declaration and a passed-up overcall
    assert decisions
    for d in decisions:
        assert d.basic in d.options and d.search in d.options
        assert len(d.means) == len(d.options)
        assert d.search == d.options[max(range(len(d.means)), key=lambda i: d.means[i])]
        if d.search == d.basic:
            assert d.gain == 0.0
    assert {d.kind for d in decisions} <= {"first", "overcall", "pass-first", "pass-over"}


def test_kinds_and_the_summary() -> None:
    assert decision_kind(False, True) == "first" and decision_kind(True, True) == "overcall"
    assert decision_kind(False, False) == "pass-first" and decision_kind(True, False) == "pass-over"
    one = Decision(1, 0, "first", ["2H", "pass"], [0.1, 0.3], "2H", "pass", 0.25)
    same = Decision(1, 2, "overcall", ["SJ SJ", "pass"], [0.4, 0.2], "SJ SJ", "SJ SJ", 0.0)
    other = Decision(2, 1, "first", ["2C", "pass"], [0.0, 0.1], "2C", "pass", -0.05)
    out = summary([[one, same], [other]])
    assert out["deals"] == 2 and out["gain_per_deal"] == 0.1
    assert out["kinds"] == {"first": {"decisions": 2, "changed": 2, "gain_per_deal": 0.1},
                            "overcall": {"decisions": 1, "changed": 0, "gain_per_deal": 0.0}}
