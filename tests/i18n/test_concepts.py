"""The catalogue by concept: one module per concept, every key prefixed by its module's concept, no module or
key named after an issue, a round or past work, and every key the code names (literally or as a family
``f"concept.part.{x}"``) present in the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import i18n

ROOT = Path(__file__).resolve().parents[2]
# names of past work, rounds and layers that once named modules or key prefixes (ux.py, tournament2.py, bot.*)
DENIED = {"ux", "bot", "cmd", "clicks", "scale", "security", "service_faults", "runtime", "rounds", "engine",
          "operator", "storage", "shape", "options", "misc", "extra", "new", "fixes", "polish"}
PAST_WORK = re.compile(r"(\d$|^v\d|round\d|issue|_v\d)")
HELPERS = {"__init__", "levels"}  # i18n modules that hold code, not a catalogue
CODE = ("bot.py", "cli", "cogs", "data", "engine", "render", "runtime", "tools", "web")
NAME = r"[a-z][a-z0-9_]*"
# a quoted string starting with a concept, a dot and a name: "panel.played", f"table.phase.{phase}", `web.phase.`
QUOTED = re.compile(r"""(f?)(["'`])((?:%s)\.[A-Za-z0-9_.]*)(\{|["'`])""")


def _concept(module_name: str) -> str:
    """``tournament`` for ``i18n.tournament`` and ``i18n.tournament_commands`` (one part of a large concept)."""
    return module_name.rsplit(".", 1)[-1].split("_")[0]


def test_every_catalogue_module_is_merged() -> None:
    files = {p.stem for p in (ROOT / "i18n").glob("*.py")} - HELPERS
    assert files == {d.__name__.rsplit(".", 1)[-1] for d in i18n.DOMAINS}


def test_every_key_starts_with_its_modules_concept() -> None:
    wrong = [f"{d.__name__}: {key}" for d in i18n.DOMAINS for key in d.MESSAGES
             if key.split(".")[0] != _concept(d.__name__)]
    assert not wrong, wrong
    assert len({_concept(d.__name__) for d in i18n.DOMAINS}) > 25  # many concepts, not one bag


def test_no_module_or_key_is_named_after_past_work() -> None:
    names = {d.__name__.rsplit(".", 1)[-1] for d in i18n.DOMAINS}
    prefixes = {key.split(".")[0] for key in i18n.MESSAGES}
    parts = {part for name in names for part in name.split("_")}
    assert not (names | prefixes | parts) & DENIED, (names | prefixes | parts) & DENIED
    assert not [n for n in names | prefixes if PAST_WORK.search(n)]
    assert not [key for key in i18n.MESSAGES if any(PAST_WORK.search(seg) for seg in key.split(".")[1:2])]


def test_the_denylist_catches_the_old_names() -> None:
    assert {"ux", "clicks", "service_faults"} <= DENIED
    assert all(PAST_WORK.search(n) for n in ("tournament2", "tournament3", "rules_v2", "round2"))
    assert not PAST_WORK.search("tournament") and not PAST_WORK.search("panel")


def test_every_key_has_both_locales() -> None:
    for key, entry in i18n.MESSAGES.items():
        assert set(entry) == {"en", "zh-CN"}, key
        assert entry["en"].strip() and entry["zh-CN"].strip(), key


def test_catalogue_modules_stay_small() -> None:
    for d in i18n.DOMAINS:
        path = Path(d.__file__ or "")
        assert len(path.read_text(encoding="utf-8").splitlines()) < 400, path.name


def _used_keys() -> list[tuple[str, str, bool]]:
    """(where, key or family prefix, is a family) for every quoted catalogue-like string in the code and pages."""
    concepts = sorted({key.split(".")[0] for key in i18n.MESSAGES}, key=len, reverse=True)
    old = [*sorted(DENIED - {"engine"}), r"tournament\d"]  # an old name left behind is caught too
    pattern = re.compile(QUOTED.pattern % "|".join([*map(re.escape, concepts), *old]))
    paths = [ROOT / "bot.py"] + [p for folder in CODE[1:] for p in (ROOT / folder).rglob("*.py")]
    paths += list((ROOT / "web" / "static").glob("*.js"))
    found: list[tuple[str, str, bool]] = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for fmt, quote, text, end in pattern.findall(line):
                if quote == "`" and path.suffix == ".py":
                    continue  # a docstring's ``name``, not code
                family = (fmt == "f" and end == "{") or text.endswith((".", "_")) or end == "{"
                found.append((f"{path.relative_to(ROOT)}:{n}", text, family))
    return found


def test_every_key_named_in_the_code_is_in_the_catalogue() -> None:
    used = _used_keys()
    missing = [f"{where}: {text}" for where, text, family in used
               if (not any(key.startswith(text) for key in i18n.MESSAGES) if family else text not in i18n.MESSAGES)
               and not _is_other_dotted_name(text)]
    assert len(used) > 500  # the scan sees the cogs', the service's, the engine's and the pages' keys
    assert not missing, missing


def _is_other_dotted_name(text: str) -> bool:
    """A dotted name that is not a message key: a module (``render.table``), a file (``web.py``), an attribute."""
    head, _, rest = text.partition(".")
    return (ROOT / head / f"{rest.split('.')[0]}.py").exists() or rest in {"py", "md", "json", "js", "png"} \
        or (ROOT / head / rest.split(".")[0]).is_dir()


def test_a_renamed_or_mistyped_key_is_caught(tmp_path: Path) -> None:
    pattern = re.compile(QUOTED.pattern % "panel|tricklog")
    found = pattern.findall('t("panel.played", loc) + t(f"tricklog.why.{reason}") + t("panel.no_such_key")')
    assert [(f, text, end) for f, _, text, end in found] == [
        ("", "panel.played", '"'), ("f", "tricklog.why.", "{"), ("", "panel.no_such_key", '"')]
    assert "panel.no_such_key" not in i18n.MESSAGES and "panel.played" in i18n.MESSAGES


# the engine's refusal keys: engine/judge.py prints them in its answers, so they keep their names
JUDGE_PREFIXES = {"card", "action", "play", "declare", "settle", "rules", "friends", "bury", "sanction", "undo"}


def test_the_engines_keys_keep_the_judges_names() -> None:
    raised = set()
    for path in (ROOT / "engine").rglob("*.py"):
        if "tournament" not in path.relative_to(ROOT).parts:  # tournaments never reach the judge
            raised |= {k for k in re.findall(r"""["']([a-z_]+\.[a-z_.]+)["']""", path.read_text(encoding="utf-8"))
                       if k in i18n.MESSAGES}
    assert len(raised) > 60
    assert {key.split(".")[0] for key in raised} == JUDGE_PREFIXES
    assert {"play.must_follow_pairs", "declare.too_weak", "card.invalid", "settle.max_gain"} <= raised
