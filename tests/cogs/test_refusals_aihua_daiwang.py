"""Bad input typed by every seated player in each phase RULES §5 v2 added (SimCord): ``aihua``'s face-down
window, its bury and face-down round, ``daiwang``'s swap-dealer window (换庄) and no-trump-only round. Each answer
is private, a refusal the catalogue names (never the internal error), and the table does not change."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from engine.views import Phase
from tests.cogs.test_flows_rounds import _seated
from tests.cogs.test_restart_aihua_daiwang import play_until
from tests.helpers.botflow import bounded, close_game
from tests.helpers.rounds_flow import Script
from tests.helpers.security import answer_of

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]

INTERNAL = i18n.t("error.internal", "en")
BAD_INPUT: list[tuple[str, dict[str, Any]]] = [
    ("play", {"cards": "ZZ"}), ("play", {"cards": "2H 2H 2H 2H 2H"}), ("play", {"cards": "BJ " * 60}),
    ("play", {"cards": "大王 大王"}), ("play", {"cards": "10h10h"}),
    ("declare", {"cards": "AS AS AS"}), ("declare", {"cards": "ZZ"}), ("declare", {"cards": "BJ BJ BJ"}),
    ("bury", {"cards": "2S 2S"}), ("bury", {"cards": "2S 3S 4S 5S 6S 7S 8S 9S 10S"}),
    ("tractor rules", {"options": "kitty_overcall=true"}), ("tractor rules", {"options": "blocked_gain=never"}),
]


@pytest.fixture
def bot_options(request: Any) -> dict[str, Any]:
    return {"rng_seed": request.node.callspec.params["seed"]}


async def refusals(env: Any, channel: Any, rec: Any, actors: list[Any], where: str) -> list[tuple[Any, ...]]:
    """Every bad input by every seated player; what went wrong (empty when every one was refused cleanly)."""
    table = env.bot.game.sessions[rec.table_id].table
    problems: list[tuple[Any, ...]] = []
    for actor in actors:
        for name, options in BAD_INPUT:
            version = table.version
            answer = answer_of(await actor.slash(channel, name, **options))
            if answer is None or not answer.ephemeral or INTERNAL in (answer.content or ""):
                problems.append((where, actor.name, name, options, answer and answer.content))
            if table.version != version:
                problems.append((where, actor.name, name, options, "changed the table"))
    return problems + [(where, "handler error", e) for e in env.errors]


def _at(stop: Phase | str) -> Any:
    if not isinstance(stop, Phase):  # a 换庄 stage
        return lambda t: t.phase is Phase.DECLARING and t.hand.bids.swap_stage == stop
    if stop is Phase.DECLARING:  # the window with a declaration lying face down
        return lambda t: t.phase is stop and bool(t.hand.bids.hidden)
    return lambda t: t.phase is stop


@pytest.mark.parametrize("preset,seed,script,stops", [
    ("aihua", 3, Script(overcall_once=True), (Phase.DECLARING, Phase.BURYING, Phase.KITTY_OVERCALL)),
    ("daiwang", 2, Script(due_team_passes=True), ("other", Phase.KITTY_OVERCALL)),
])
@bounded(300.0)
async def test_bad_input_in_the_v2_phases_is_refused_and_changes_nothing(
        simcord_env: Any, clock: Any, preset: str, seed: int, script: Script, stops: tuple[Any, ...]) -> None:
    env = simcord_env
    channel, actors, rec, _table = await _seated(env, preset)
    problems: list[tuple[Any, ...]] = []
    for stop in stops:
        await play_until(env, clock, channel, rec, actors, script, _at(stop))
        problems += await refusals(env, channel, rec, actors, str(stop))
    assert not problems, problems
