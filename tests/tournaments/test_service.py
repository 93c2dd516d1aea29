"""The tournament service on real tables and storage: whole tournaments, a restart at awkward moments,
deadlines, forfeits, best of three, duplicate deals and the organiser's rights."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Database
from data.records import Status
from engine.errors import NotAllowed
from engine.tournament import Config, Format, Match, Tournament
from engine.tournament import Status as TStatus
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import RecordingPresenter
from runtime.service.game import GameService
from runtime.tournament.service import TournamentService
from runtime.tournament.views import RecordingTournamentPresenter
from tests.helpers.runtime_support import StepClock, options

ORG = 1
GUILD = 5


async def make(path: Path | str, clock: StepClock, *, autopilot: bool = True,
               images: bool = False) -> tuple[TournamentService, Database, RecordingTournamentPresenter]:
    db = await Database.open(str(path))
    game = GameService(db, RecordingPresenter(), clock=clock, rng_seed=3, images=ImagePolicy.NONE, autorun=False,
                       takeover_level="random")
    presenter = RecordingTournamentPresenter()
    service = TournamentService(game, presenter, table_options=options(), ai_level="random", autopilot=autopilot,
                                rng_seed=3, images=images)
    return service, db, presenter


async def signed_up(service: TournamentService, teams: int, end_level: str = "3", **config: object) -> Tournament:
    t = await service.create(guild_id=GUILD, channel_id=9, organiser_id=ORG, name="Cup", seed=11,
                             config=Config(end_level=end_level, **config))  # type: ignore[arg-type]
    for i in range(teams):
        await service.join(t.tournament_id, 100 + 2 * i, f"A{i}", 101 + 2 * i, f"B{i}", f"T{i + 1}")
    return t


def match_of_table(t: Tournament, table_id: int) -> Match | None:
    """The match a table was played for, in any round."""
    return next((m for rnd in t.rounds for m in rnd.matches if table_id in m.tables), None)


async def run(service: TournamentService, t: Tournament, limit: int = 100_000) -> None:
    fired = 0
    while t.status is TStatus.RUNNING and fired < limit:
        step = await service.game.run_until_idle(50)
        if not step:
            return
        fired += step


async def test_whole_knockout_is_stored_and_laddered(db_target: str) -> None:
    service, db, presenter = await make(db_target, StepClock(), images=True)
    t = await signed_up(service, 5)
    await service.start(t.tournament_id, ORG)
    await run(service, t)
    assert t.status is TStatus.FINISHED and t.champion is not None
    assert [sum(len(m.teams) for m in r.matches) for r in t.rounds] == [5, 3, 2]
    stored = Tournament.from_json(await db.get_tournament(t.tournament_id))  # type: ignore[arg-type]
    assert stored.to_json() == t.to_json()
    placings = await db.placings(GUILD, tournament_id=t.tournament_id)
    assert len(placings) == 10 and {p.placing for p in placings} == {1, 2, 3, 4, 5}
    champion = t.team(t.champion)
    assert {p.user_id for p in placings if p.placing == 1} == set(champion.players)
    assert await db.leaderboard(GUILD)  # the games went to the ladder as well
    keys = presenter.keys()
    assert keys.count("tournament.table_opened") == 4 and keys[-1] == "tournament.finished"
    stages = [a.params["stage"] for u in presenter.updates for a in u.announcements
              if a.key == "tournament.table_opened"]  # issue #26: not "Round 3" for a final, nor "game 1" each time
    assert stages == ["Quarter-final", "Quarter-final", "Semi-final", "Final"]
    assert {i.kind for u in presenter.updates for i in u.images} == {"bracket", "standings"}
    await db.close()
    again, db, _ = await make(db_target, StepClock())  # after a restart a finished tournament is still shown
    assert await again.restore() == []
    shown = await again.find(GUILD)
    assert shown.to_json() == t.to_json() and (await again.find(GUILD, t.tournament_id)).champion == t.champion
    with pytest.raises(NotAllowed) as err:
        await again.find(GUILD + 1, t.tournament_id)
    assert err.value.key == "tournament.not_found"
    with pytest.raises(NotAllowed) as err:
        await again.find(GUILD + 1)
    assert err.value.key == "tournament.none_yet"
    await db.close()


async def test_restart_mid_round_and_after_a_table_ended_unseen(db_target: str) -> None:
    """Stop after two tables of round 1 finished; the third finishes while its result is not taken in (a
    crash between the table's end and the tournament's write); a fresh service takes it in and goes on."""
    clock = StepClock()
    path = db_target
    service, db, _ = await make(path, clock)
    t = await signed_up(service, 6, format=Format.SWISS, rounds=2)
    await service.start(t.tournament_id, ORG)
    first = t.current
    assert first is not None

    def decided() -> int:
        return len([m for m in t.current.matches if m.decided])

    while decided() < 2:
        assert await service.game.run_until_idle(1)
    service.game.pipeline.match_listeners.clear()  # the "crash": results are no longer taken in
    def unseen() -> list[int]:
        return [tid for m in t.current.matches for tid in m.tables  # type: ignore[union-attr]
                if service.game.record(tid).status is Status.FINISHED and not match_of_table(t, tid).decided]

    while not unseen():
        assert await service.game.run_until_idle(1)
    lost = unseen()[0]
    await service.game.close()
    await db.close()

    service, db, _ = await make(path, clock)
    await service.game.restore_all()
    assert await service.restore() == [t.tournament_id]
    again = service.get(t.tournament_id)
    taken_in = match_of_table(again, lost)
    assert taken_in is not None and taken_in.decided and taken_in.games[-1].table_id == lost
    assert sum(1 for m in again.rounds[0].matches if m.decided) >= 3
    await run(service, again)
    assert again.status is TStatus.FINISHED and len(again.rounds) == 2
    pairs = [frozenset(m.teams) for r in again.rounds for m in r.matches]
    assert len(pairs) == len(set(pairs))  # no repeat across the restart
    await db.close()


async def test_deadline_judges_open_matches_and_an_absent_team_forfeits(tmp_path: Path) -> None:
    clock = StepClock()
    service, db, presenter = await make(tmp_path / "t.sqlite3", clock, autopilot=False)
    t = await signed_up(service, 2, deadline_hours=2)
    await service.start(t.tournament_id, ORG)
    m = t.current.matches[0]  # type: ignore[union-attr]
    tid = m.current_table
    assert tid is not None
    for user in t.team(m.b).players:  # team b leaves its seats to the AI: it did not play
        await service.game.go_away(tid, user)  # type: ignore[arg-type]
    await service.game.run_until_idle(20)
    assert not t.match(m.match_id).decided
    clock.advance(2 * 3600 + 1)
    await service.game.run_until_idle(5)
    done = t.match(m.match_id)
    assert done.decided and done.winner == m.a and done.games[-1].forfeit
    assert t.status is TStatus.FINISHED
    assert (await db.get_table(tid)).status is Status.ENDED
    assert "tournament.deadline_passed" in presenter.keys()  # noqa: SIM118 - a list of keys, not a dict
    await db.close()


async def test_deadline_resumes_after_restart(db_target: str) -> None:
    clock = StepClock()
    path = db_target
    service, db, _ = await make(path, clock, autopilot=False)
    t = await signed_up(service, 3, format=Format.SWISS, rounds=1, deadline_hours=1)
    await service.start(t.tournament_id, ORG)
    await db.close()
    service, db, _ = await make(path, clock, autopilot=False)
    await service.game.restore_all()
    await service.restore()
    t = service.get(t.tournament_id)
    assert len(await db.tournament_timers(t.tournament_id)) == 1
    clock.advance(3601)
    await service.game.run_until_idle(5)
    assert t.status is TStatus.FINISHED
    await db.close()


async def test_organiser_commands_refused_to_others(tmp_path: Path) -> None:
    service, db, _ = await make(tmp_path / "t.sqlite3", StepClock())
    t = await signed_up(service, 4)
    for call in (lambda: service.start(t.tournament_id, 100), lambda: service.cancel(t.tournament_id, 100),
                 lambda: service.advance(t.tournament_id, 100), lambda: service.forfeit(t.tournament_id, 100, 1)):
        with pytest.raises(NotAllowed) as err:
            await call()
        assert err.value.key == "tournament.not_organiser"
    assert t.status is TStatus.SIGNUP
    with pytest.raises(NotAllowed) as err:
        service.get(t.tournament_id, guild_id=GUILD + 1)  # another server does not see it
    assert err.value.key == "tournament.not_found"
    await service.start(t.tournament_id, 100, manager=True)  # a server manager may
    assert t.status is TStatus.RUNNING
    await db.close()


async def test_forfeit_stops_the_table_and_keeps_levels(tmp_path: Path) -> None:
    service, db, presenter = await make(tmp_path / "t.sqlite3", StepClock())
    t = await signed_up(service, 2)
    await service.start(t.tournament_id, ORG)
    m = t.current.matches[0]  # type: ignore[union-attr]
    await service.game.run_until_idle(30)
    done = await service.forfeit(t.tournament_id, ORG, m.a)
    assert done.decided and done.winner == m.b and done.games[-1].forfeit
    assert (await db.get_table(done.tables[-1])).status is Status.ENDED
    assert t.status is TStatus.FINISHED and t.champion == m.b
    assert "tournament.forfeit" in presenter.keys()  # noqa: SIM118 - a list of keys, not a dict
    await db.close()


async def test_best_of_three_final_opens_games_until_two_wins(tmp_path: Path) -> None:
    service, db, _ = await make(tmp_path / "t.sqlite3", StepClock())
    t = await signed_up(service, 2, best_of_three=1)
    await service.start(t.tournament_id, ORG)
    await run(service, t)
    final = t.rounds[-1].matches[0]
    assert final.best_of == 3 and max(final.wins) == 2 and len(final.tables) == len(final.games) >= 2
    await db.close()


async def test_duplicate_round_tables_play_the_same_deals(tmp_path: Path) -> None:
    service, db, _ = await make(tmp_path / "t.sqlite3", StepClock())
    t = await signed_up(service, 4, format=Format.DUPLICATE, rounds=1)
    await service.start(t.tournament_id, ORG)
    seeds = {service.game.record(tid).seed for m in t.current.matches for tid in m.tables}  # type: ignore[union-attr]
    rules = {service.game.record(tid).rules.match_end.value for m in t.current.matches  # type: ignore[union-attr]
             for tid in m.tables}
    assert seeds == {t.current.seed} and rules == {"fixed_deals"}  # type: ignore[union-attr]
    await db.close()


async def test_bad_preset_and_missing_partner_are_refused(tmp_path: Path) -> None:
    service, db, _ = await make(tmp_path / "t.sqlite3", StepClock())
    with pytest.raises(Exception) as err:
        await service.create(guild_id=GUILD, channel_id=9, organiser_id=ORG, name="X", config=Config(preset="nope"))
    assert getattr(err.value, "key", "").startswith("rules.")
    t = await signed_up(service, 0)
    with pytest.raises(NotAllowed) as err2:
        await service.join(t.tournament_id, 50, "Solo", None, None)
    assert err2.value.key == "tournament.partner_needed"
    assert service.of_guild(GUILD) == [t]
    await db.close()


async def test_tournament_tables_skip_the_host_limit_and_tournaments_are_limited(tmp_path: Path) -> None:
    """A tournament's tables are never refused once it started (not by the organiser's host limit either), and
    they count against the guild's limit (issue #23: a casual table is refused when they fill it)."""
    from runtime.access import TableLimits
    from runtime.tournament.service import MAX_OPEN_PER_GUILD

    service, db, _ = await make(tmp_path / "t.sqlite3", StepClock())
    service.game.table_limits = TableLimits(per_guild=4, per_host=1)
    t = await signed_up(service, 8)
    await service.start(t.tournament_id, ORG)
    assert len([m for m in t.current.matches if m.current_table]) == 4  # type: ignore[union-attr]
    with pytest.raises(NotAllowed) as err:
        await service.game.open_table(guild_id=t.guild_id, channel_id=t.channel_id, host_id=10**6, host_name="x")
    assert err.value.key == "table.limit.guild_tables"
    for _ in range(MAX_OPEN_PER_GUILD - 1):
        await signed_up(service, 0)
    with pytest.raises(NotAllowed) as err:
        await signed_up(service, 0)
    assert err.value.key == "tournament.limit"
    await db.close()


async def test_timed_match_stops_at_time_and_is_judged_by_the_tie_rule(tmp_path: Path) -> None:
    from data.replay import restore_table
    from engine.rules import MatchEnd
    from engine.tournament import TimedTie
    from engine.tournament.adjudicate import finished_result

    clock = StepClock()
    service, db, _ = await make(tmp_path / "t.sqlite3", clock)
    t = await signed_up(service, 2, end_level="A", match_minutes=1, timed_tie=TimedTie.FIRST)  # time decides
    await service.start(t.tournament_id, ORG)
    m = t.current.matches[0]  # type: ignore[union-attr]
    rec = service.game.record(m.current_table)  # type: ignore[arg-type]
    assert rec.rules.match_end is MatchEnd.TIMED and rec.options.match_time == 60
    await service.game.run_until_idle(40)
    clock.advance(61)
    await run(service, t)
    table_id = t.match(m.match_id).tables[-1]
    table = await restore_table(db, table_id)
    assert table.match_over_reason == "time_up"
    game = t.match(m.match_id).games[-1]
    assert (game.winner, game.diff, game.table_id) == (finished_result(table, t.config).winner,
                                                       finished_result(table, t.config).diff, table_id)
    assert t.status is TStatus.FINISHED
    await db.close()


async def test_ai_partner_only_where_allowed_and_withdrawal_after_the_start(tmp_path: Path) -> None:
    service, db, presenter = await make(tmp_path / "t.sqlite3", StepClock(), autopilot=False)
    t = await signed_up(service, 1, allow_ai=True)
    await service.join(t.tournament_id, 50, "Solo", None, None, "Lone")  # an AI partner: allowed here
    await service.start(t.tournament_id, ORG)
    m = t.current.matches[0]  # type: ignore[union-attr]
    rec = service.game.record(m.current_table)  # type: ignore[arg-type]
    side = m.side(t.team_of(50).team_id)  # type: ignore[union-attr]
    assert rec.seats[side + 2].is_ai and rec.seats[side].user_id == 50
    await service.leave(t.tournament_id, 50)  # withdrawing after the start forfeits the match
    done = t.match(m.match_id)
    assert done.decided and done.winner != t.team_of(50).team_id and t.status is TStatus.FINISHED  # type: ignore
    assert (await db.get_table(m.current_table)).status is Status.ENDED  # type: ignore[arg-type]
    assert "tournament.left" in presenter.keys()  # noqa: SIM118 - a list of keys
    await db.close()
