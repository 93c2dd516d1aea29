"""Lobby rules: seats, host rights, start when full, end by host or admin, clear error keys."""

from __future__ import annotations

import pytest

from data.records import Mode, Status, TableRecord
from engine.rules import Rules
from runtime.errors import LobbyError
from runtime.service import seating as lobby

HOST = 1


def fresh() -> TableRecord:
    return lobby.sit(TableRecord(table_id=1, guild_id=1, channel_id=1, host_id=HOST, rules=Rules()), HOST, "Host", 0)


def key_of(fn, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(LobbyError) as info:
        fn(*args, **kwargs)
    return info.value.key


def test_sit_first_free_seat_and_teams() -> None:
    rec = lobby.sit(fresh(), 2, "Bea")
    assert rec.seat_of(2) == 1 and rec.seat_of(HOST) == 0
    rec = lobby.sit(rec, 3, "Cy", 3)
    assert rec.names == ("Host", "Bea", "-", "Cy")
    assert rec.humans == {0: HOST, 1: 2, 3: 3}


def test_seat_errors() -> None:
    rec = lobby.sit(fresh(), 2, "Bea", 2)
    assert key_of(lobby.sit, rec, 3, "Cy", 2) == "lobby.seat_taken"
    assert key_of(lobby.sit, rec, 2, "Bea", 1) == "lobby.already_seated"
    assert key_of(lobby.sit, rec, 3, "Cy", 7) == "lobby.bad_seat"
    assert key_of(lobby.leave, rec, 9) == "lobby.not_seated"
    full = lobby.add_ai(lobby.add_ai(rec, HOST), HOST)
    assert key_of(lobby.sit, full, 9, "Late") == "lobby.full"


def test_only_host_manages_ai_kicks_rules_and_start() -> None:
    rec = lobby.sit(fresh(), 2, "Bea", 1)
    assert key_of(lobby.add_ai, rec, 2) == "lobby.not_host"
    assert key_of(lobby.kick, rec, 2, 0) == "lobby.not_host"
    assert key_of(lobby.set_rules, rec, 2, Rules.from_preset("national")) == "lobby.not_host"
    assert key_of(lobby.start, rec, 2) == "lobby.not_host"
    assert key_of(lobby.kick, rec, HOST, 0) == "lobby.cannot_kick_host"
    assert key_of(lobby.add_ai, rec, HOST, None, "genius") == "lobby.bad_ai_level"
    rec = lobby.add_ai(rec, HOST, 2, "strong")
    assert rec.seats[2] is not None and rec.seats[2].ai_level == "strong" and rec.seats[2].is_ai
    assert key_of(lobby.remove_ai, rec, HOST, 1) == "lobby.no_ai"
    assert lobby.remove_ai(rec, HOST, 2).seats[2] is None
    assert lobby.kick(rec, HOST, 1).seats[1] is None
    assert lobby.set_rules(rec, HOST, Rules.from_preset("national")).rules.preset == "national"
    assert lobby.set_mode(rec, HOST, Mode.LIVE).mode is Mode.LIVE


def test_start_needs_four_and_freezes_the_lobby() -> None:
    rec = lobby.add_ai(fresh(), HOST)
    with pytest.raises(LobbyError) as error:
        lobby.start(rec, HOST)
    assert error.value.key == "lobby.not_full" and error.value.params == {"empty": 2}
    rec = lobby.add_ai(lobby.add_ai(rec, HOST), HOST)
    started = lobby.start(rec, HOST)
    assert started.status is Status.PLAYING
    assert key_of(lobby.sit, started, 5, "Late") == "lobby.already_started"
    assert key_of(lobby.leave, started, HOST) == "lobby.already_started"
    assert key_of(lobby.kick, started, HOST, 1) == "lobby.already_started"


def test_end_by_host_or_admin_only_once() -> None:
    rec = fresh()
    assert key_of(lobby.end, rec, 2) == "lobby.not_host"
    ended = lobby.end(rec, 2, is_admin=True)
    assert ended.status is Status.ENDED
    assert key_of(lobby.end, ended, HOST) == "lobby.closed"


def test_away_only_for_humans_and_record_json_round_trip() -> None:
    rec = lobby.add_ai(fresh(), HOST, 1)
    assert key_of(lobby.set_away, rec, 1, True) == "lobby.no_human"
    away = lobby.set_away(rec, 0, True)
    assert away.seats[0] is not None and away.seats[0].autopilot
    assert TableRecord.from_json(away.to_json()) == away


def test_a_table_has_as_many_seats_as_its_players() -> None:
    """RULES §13.1: 4 to 8 seats; the seats follow a change of the rules in the lobby, never dropping a player."""
    six = TableRecord(table_id=1, guild_id=1, channel_id=1, host_id=HOST,
                      rules=Rules.from_preset("standard", players=6, mode="friends"))
    assert six.seats == (None,) * 6
    rec = lobby.sit(six, HOST, "Host", 5)
    for user in range(2, 7):
        rec = lobby.sit(rec, user, f"P{user}")
    assert rec.full and rec.names[5] == "Host" and lobby.start(rec, HOST).status is Status.PLAYING
    with pytest.raises(LobbyError) as info:
        lobby.sit(six, 2, "Bea", 6)
    assert (info.value.key, info.value.params) == ("lobby.bad_seat", {"seat": 7, "seats": 6})
    assert TableRecord.from_json(rec.to_json()) == rec
    assert key_of(lobby.set_rules, rec, HOST, Rules()) == "lobby.seats_taken"
    four = lobby.set_rules(lobby.sit(six, HOST, "Host", 1), HOST, Rules())
    assert four.names == ("-", "Host", "-", "-")
    eight = lobby.set_rules(four, HOST, Rules.from_preset("standard", players=8))
    assert len(eight.seats) == 8 and eight.seat_of(HOST) == 1
