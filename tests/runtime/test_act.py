"""act(): only the seated player whose turn it is acts; illegal plays keep their engine key; a refused
move changes nothing (no commit, same version); an accepted one is committed before act returns."""

from __future__ import annotations

import pytest

from data.records import Status
from engine.actions import Bury, DealAll, Pass, Play
from engine.errors import IllegalAction
from engine.legal import legal_plays, view_context
from engine.rules import Rules
from engine.views import Phase
from runtime.errors import NotAllowed
from tests.helpers.runtime_support import HUMAN, human_table, make_service, options, until


async def _refused(service, db, tid, user, action, key, **kwargs) -> None:  # type: ignore[no-untyped-def]
    table = service.session(tid).table
    before = (table.version, table.to_json(), await db.last_seq(tid))
    with pytest.raises((NotAllowed, IllegalAction)) as info:
        await service.act(tid, user, action, **kwargs)
    assert info.value.key == key
    assert (table.version, table.to_json(), await db.last_seq(tid)) == before


async def test_refusals_change_nothing() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 not in table.to_act())
    hand = table.seat_view(0).hand
    await _refused(service, db, tid, 999, Play(cards=hand[:1]), "act.not_seated")
    await _refused(service, db, tid, HUMAN, Play(cards=hand[:1]), "act.not_your_turn")
    await _refused(service, db, tid, HUMAN, DealAll(), "act.system_action")
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    await _refused(service, db, tid, HUMAN, Play(cards=hand[:1]), "act.stale", version=table.version - 1)
    view = table.seat_view(0)
    legal = set(legal_plays(view))
    trick = view.public.trick
    if trick is not None and trick.plays:  # following: a wrong number of cards
        wrong = tuple(view.hand[: len(trick.plays[0][1]) + 1])
        await _refused(service, db, tid, HUMAN, Play(cards=wrong), "play.wrong_count")
    else:  # leading: a card the seat does not hold
        missing = next(c for c in table.seat_view(1).hand if c not in view.hand)
        with pytest.raises(IllegalAction):
            await service.act(tid, HUMAN, Play(cards=(missing,)))
    play = next(iter(legal))
    outcome = await service.act(tid, HUMAN, Play(cards=play), version=table.version)
    assert outcome.seat == 0 and outcome.version == table.version
    assert await db.last_seq(tid) == outcome.version  # committed before act returned
    assert any(e.kind == "played" for e in outcome.events)
    await db.close()


async def test_not_playing_and_unknown_table() -> None:
    service, db, _ = await make_service()
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HUMAN, host_name="Hu")
    with pytest.raises(NotAllowed) as info:
        await service.act(rec.table_id, HUMAN, Pass())
    assert info.value.key == "act.not_playing"
    with pytest.raises(Exception) as missing:
        await service.act(12345, HUMAN, Pass())
    assert getattr(missing.value, "key", None) == "table.not_found"
    await db.close()


async def test_bury_panel_and_autocomplete() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service, seed=3)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act())
    panel = service.panel(tid, HUMAN)
    assert panel.your_turn and panel.version == table.version and panel.plays
    flat = [p for plays in panel.plays.values() for p in plays]
    assert set(flat) == set(legal_plays(table.seat_view(0)))
    choices = service.legal_play_choices(tid, HUMAN, "")
    assert choices and all(isinstance(c, str) for c in choices)
    first = choices[0].split()[0]
    typed = service.legal_play_choices(tid, HUMAN, first)
    assert typed and all(first in c.split() for c in typed)
    assert service.legal_play_choices(tid, 999, "") == []
    assert isinstance(service.suggest(tid, HUMAN), Play)
    await db.close()


async def test_human_dealer_buries_eight() -> None:
    service, db, _ = await make_service()
    for seed in range(1, 40):
        tid = await human_table(service, seed=seed)
        table = service.session(tid).table
        await until(service, tid, lambda t=table: t.phase in (Phase.BURYING, Phase.PLAYING))
        if table.phase is Phase.BURYING and 0 in table.to_act():
            panel = service.panel(tid, HUMAN)
            assert panel.bury_count == 8 and len(panel.hand) == 33
            with pytest.raises(IllegalAction) as info:
                await service.act(tid, HUMAN, Bury(cards=panel.hand[:7]))
            assert info.value.key == "bury.wrong_count"
            await service.act(tid, HUMAN, Bury(cards=panel.hand[:8]))
            assert table.phase is Phase.PLAYING and len(table.seat_view(0).hand) == 25
            break
    else:
        pytest.fail("no seed made the human the dealer")
    await db.close()


async def test_stop_timed_match_by_host_only() -> None:
    service, db, presenter = await make_service()
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HUMAN, host_name="Hu",
                                   rules=Rules.from_preset("tournament"), options=options())
    for seat in (1, 2, 3):
        await service.add_ai(rec.table_id, HUMAN, seat)
    await service.start(rec.table_id, HUMAN)
    with pytest.raises(NotAllowed) as info:
        await service.stop_match(rec.table_id, 555)
    assert info.value.key == "lobby.not_host"
    events = await service.stop_match(rec.table_id, HUMAN)  # RULES §8 timed: the hand in progress is finished
    assert [e.kind for e in events] == ["time_called"]
    assert service.record(rec.table_id).status is Status.PLAYING
    assert "announce.time_called" in presenter.keys(rec.table_id)
    with pytest.raises(IllegalAction) as again:
        await service.stop_match(rec.table_id, HUMAN)
    assert again.value.key == "action.time_already_called"
    await db.close()


async def test_untimed_match_cannot_be_stopped() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service)
    with pytest.raises(IllegalAction) as info:
        await service.stop_match(tid, HUMAN)
    assert info.value.key == "action.not_timed"
    await db.close()


async def test_autocomplete_offers_a_typed_throw_when_leading() -> None:
    service, db, _ = await make_service()
    tid = await human_table(service, seed=3)
    table = service.session(tid).table
    await until(service, tid, lambda: table.phase is Phase.PLAYING and 0 in table.to_act()
                and not table.hand.trick)
    view = table.seat_view(0)
    ctx = view_context(view)
    by_suit: dict[str, list] = {}
    for card in view.hand:
        by_suit.setdefault(ctx.suit_of(card), []).append(card)
    suit, cards = max(by_suit.items(), key=lambda kv: len(set(kv[1])))
    distinct = sorted(set(cards), key=ctx.sort_key)[:2]
    typed = " ".join(str(c).lower() for c in distinct)
    choices = service.legal_play_choices(tid, HUMAN, typed)
    assert choices[0] == " ".join(str(c) for c in distinct) and len(choices) == len(set(choices))
    other = next(c for c in view.hand if ctx.suit_of(c) != suit)
    assert service.legal_play_choices(tid, HUMAN, f"{distinct[0]} {other}")[:1] != [f"{distinct[0]} {other}"]
    await db.close()
