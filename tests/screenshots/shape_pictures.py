"""Pictures of every table shape as players see them (RULES §12–§13): real engine tables of one to four decks and
four to eight seats, fixed partners and 找朋友, played with random legal moves to the moment shown, drawn by
``render`` directly (no Discord). Per shape and language: the table while dealing, declaring, burying and in the
middle of a hand (找朋友: one friend revealed while a call is still open), the kitty holder's hand while burying
(the largest hand: 52 + 8 cards with four decks and four seats) and another seat's mid-hand, the hand summary and
the match summary. Each picture is written as drawn (a desktop window shows it at about that size) and scaled to a
390 px phone (``*_phone.png``). PNGs go to ``screenshots/shapes/`` (git-ignored)::

    .venv/bin/python -m tests.screenshots.shape_pictures [--out screenshots/shapes] [--shapes 3x6f,4x4t]
        [--locale en|zh-CN|both] [--seed 3]

Developer tool only (not part of CI).
"""

from __future__ import annotations

import argparse
import io
import logging
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PIL import Image

from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from render import render_hand, render_hand_summary, render_match_summary, render_table

log = logging.getLogger("screenshots")

PHONE = 390
NAMES = ("张伟", "Alice", "王小明", "Bob the Builder", "李娜", "Chen", "Dmitri", "小红")
SHAPES = ("1x4t", "2x4t", "3x4t", "4x4t", "2x4f", "2x5f", "2x6t", "3x6f", "1x6f", "3x7f", "2x8t", "4x8f")
MATCH_HANDS = 4


def parse_shape(text: str) -> tuple[int, int, str]:
    """``3x6f`` → three decks, six seats, 找朋友 (``t``: fixed partners)."""
    decks, rest = text.split("x")
    return int(decks), int(rest[:-1]), "friends" if rest[-1] == "f" else "tractor"


def drive(table: Table, rng: random.Random, until: Callable[[Table], bool], limit: int = 20000) -> bool:
    """Random legal moves until ``until`` holds (``False`` if the hand or match ended first)."""
    for _ in range(limit):
        if until(table):
            return True
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return False
        table.apply(random_action(table, rng, progressive_deal=True))  # card by card: the deal is seen
    return False


def one_friend_revealed(table: Table) -> bool:
    """找朋友 mid-trick with exactly one friend on the dealer's team and a call still open (or, with one call,
    the friend revealed)."""
    view = table.public_view()
    friends = view.friends
    if view.phase is not Phase.PLAYING or friends is None or view.trick is None or len(view.trick.plays) < 2:
        return False
    return len(friends.team) == 2 and (bool(friends.open_calls) or len(friends.calls) == 1)


def mid_hand(table: Table) -> bool:
    view = table.public_view()
    return view.phase is Phase.PLAYING and len(view.tricks) >= 3 and view.trick is not None and \
        len(view.trick.plays) >= len(view.hand_sizes) // 2


def save(out: Path, name: str, png: bytes) -> None:
    (out / f"{name}.png").write_bytes(png)
    with Image.open(io.BytesIO(png)) as image:
        scaled = image.resize((PHONE, round(image.height * PHONE / image.width)), Image.Resampling.LANCZOS)
        scaled.save(out / f"{name}_phone.png")


def shoot(out: Path, shape: str, locale: str, seed: int) -> list[str]:
    """Every picture of one shape in one language; the names written."""
    decks, players, mode = parse_shape(shape)
    rules = Rules.from_preset("standard", decks=decks, players=players, mode=mode)
    names = NAMES[:players]
    written: list[str] = []

    def put(kind: str, png: bytes) -> None:
        save(out, f"{shape}_{kind}_{locale}", png)
        written.append(f"{shape}_{kind}_{locale}")

    for attempt in range(seed, seed + 40):  # a seed whose hand reaches the moment shown
        table, rng = Table.new(rules, attempt), random.Random(attempt)
        drive(table, rng, lambda t: t.phase is Phase.DEALING and t.public_view().cards_dealt > 0)
        stages = {"dealing": table.public_view()}
        if not drive(table, rng, lambda t: t.phase is Phase.DECLARING or t.public_view().declaration is not None):
            continue
        stages["declaring"] = table.public_view()
        if not drive(table, rng, lambda t: t.phase is Phase.BURYING):
            continue
        stages["burying"] = table.public_view()
        holder = table.public_view().kitty_holder
        assert holder is not None
        burying_hand = table.seat_view(holder)
        if drive(table, rng, one_friend_revealed if mode == "friends" else mid_hand):
            break
    else:
        raise RuntimeError(f"no seed from {seed} reaches the middle of a hand for {shape}")
    for stage, view in stages.items():
        put(f"table_{stage}", render_table(view, names, locale=locale))
    put("hand_burying", render_hand(burying_hand, locale=locale, names=names))
    view = table.public_view()
    put("table_play", render_table(view, names, locale=locale, seat_highlight=0))
    put("table_play_compact", render_table(view, names, locale=locale, compact=True))
    put("hand_play", render_hand(table.seat_view((holder + 1) % players), locale=locale, names=names,
                                 selected=(0, 1)))
    while table.phase is not Phase.MATCH_OVER and len(table.public_view().results) < MATCH_HANDS:
        table.apply(random_action(table, rng))
        if len(table.public_view().results) == 1 and table.phase is Phase.HAND_OVER:
            put("summary", render_hand_summary(table.public_view().results[0], names, locale=locale, rules=rules))
    put("match", render_match_summary(table.public_view(), names, locale=locale))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("screenshots/shapes"))
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--locale", default="both", choices=("en", "zh-CN", "both"))
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    locales = ("en", "zh-CN") if args.locale == "both" else (args.locale,)
    for shape in args.shapes.split(","):
        for locale in locales:
            written = shoot(args.out, shape, locale, args.seed)
            print(f"{shape} {locale}: {len(written)} pictures")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
