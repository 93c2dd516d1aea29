"""What ``--help`` and the first refusals tell a new user (issue #55, item 11): ``offline --help`` lists the presets
and every default; every ``tournament`` option has a help text; offline and tournament end at the same level (the
preset's own, else 5: ``offline --preset tournament`` plays to 10); an unknown preset lists the presets; an invalid
tournament option names the option; ``--locale fr`` is refused before anything runs; "1 hand", not "1 hands"."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cli import build_parser, main
from cli.common import end_level_for
from cli.offline.job import OfflineReport
from engine.errors import NotAllowed
from engine.rules import PRESETS
from engine.tournament import Config, Format
from i18n import count, t


def subparser(name: str) -> argparse.ArgumentParser:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name]  # type: ignore[no-any-return]


def test_offline_help_lists_presets_and_defaults() -> None:
    text = subparser("offline").format_help()
    assert all(name in text for name in PRESETS) and "tournament (to 10)" in text
    for action in subparser("offline")._actions:
        if action.dest != "help":
            assert action.help and ("default" in action.help or action.dest in ("options",)), action.dest


def test_every_tournament_option_is_explained() -> None:
    for action in subparser("tournament")._actions:
        assert action.help, action.option_strings
    assert all(name in subparser("tournament").format_help() for name in PRESETS)


def test_one_end_level_rule_for_offline_and_tournament() -> None:
    assert subparser("offline").get_default("end_level") is None
    assert subparser("tournament").get_default("end_level") is None
    assert end_level_for("tournament", None) == "10" and end_level_for("standard", None) == "5"
    assert end_level_for("tournament", "7") == "7"


def test_unknown_preset_lists_the_presets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "match"
    assert main(["offline", "--preset", "nope", "--db", ":memory:", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "nope" in err and all(name in err for name in PRESETS)
    assert not out.exists()


def test_tournament_locale_refused_before_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["tournament", "--locale", "fr", "--out", str(tmp_path / "t")])
    assert done.value.code == 2 and "--locale" in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize(("config", "key", "named"), [
    ({"format": Format.KNOCKOUT, "cross_tables": True}, "tournament.not_for_format", "cross_tables"),
    ({"format": Format.DUPLICATE, "rank_levels": True}, "tournament.not_for_format", "rank_levels"),
    ({"format": Format.GROUPS, "group_size": 2}, "tournament.bad_option", "group_size"),
    ({"format": Format.KNOCKOUT, "best_of_three": -1}, "tournament.bad_option", "best_of_three")])
def test_an_invalid_tournament_option_is_named(config: dict[str, object], key: str, named: str) -> None:
    with pytest.raises(NotAllowed) as err:
        Config(**config)  # type: ignore[arg-type]
    assert err.value.key == key
    for locale in ("en", "zh-CN"):
        text = t(key, locale, **err.value.params)
        assert named in text and "{" not in text


def test_one_hand_is_singular() -> None:
    assert count("outputs.hands", 1) == "1 hand" and count("outputs.hands", 2) == "2 hands"
    assert count("outputs.hands", 1, "zh-CN") == "1 局"
    report = OfflineReport(table_id=1, winner=None, hands=1, actions=75, levels=("2", "3"), files=(), seconds=0.8)
    assert "1 hand," in report.describe()[0]
