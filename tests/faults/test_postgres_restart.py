"""PostgreSQL restarted under play (issue #23, defect 1), on a real throwaway cluster really stopped and started:

- a move while the server is down is refused with a localized "not saved" (no driver text reaches the player) and
  memory does not run ahead of storage;
- an AI seat whose timer fell due while the server was down moves again by itself once it is back (the timer it
  claimed is re-planned by the watchdog), and every committed move is in storage exactly once;
- the running bot says so: one ``storage unreachable`` line, then ``storage reachable again``.
"""

from __future__ import annotations

import logging

import pytest

import i18n
from data import Database
from data.errors import DataError
from tests.helpers.runtime_support import HUMAN
from tests.helpers.storage_faults import human_moves, human_turn, live_service, live_table, version, wait_for
from tools.pgcluster import ClusterUnavailable, PgCluster


@pytest.fixture
def cluster():  # type: ignore[no-untyped-def]
    try:
        own = PgCluster.start()  # its own: this test stops the server
    except ClusterUnavailable as exc:
        pytest.skip(str(exc))
    yield own
    own.stop()


async def test_a_restarted_server_loses_nothing_and_freezes_nothing(cluster: PgCluster,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    db = await Database.open(cluster.create_database(), pool_size=2, priority_pool_size=1)
    service = await live_service(db)
    try:
        tid = await live_table(service, ai_delay=1.5)
        assert await wait_for(lambda: human_turn(service, tid))
        before = version(service, tid)

        cluster.halt()
        with pytest.raises(DataError) as refused:
            await human_moves(service, tid)
        assert refused.value.key in ("faults.not_saved", "faults.storage_down")
        for locale in ("en", "zh-CN"):
            text = i18n.t(refused.value.key, locale)
            assert "asyncpg" not in text and "state" not in text and text != refused.value.key
        assert version(service, tid) in (before, -1) or service.session(tid).stale  # never ahead of storage
        cluster.resume()

        assert await wait_for(lambda: not service.session(tid).stale)  # the watchdog reloads it from storage
        assert version(service, tid) == before
        await human_moves(service, tid)  # the same move is accepted now
        played = version(service, tid)
        assert played == before + 1
        cluster.halt()  # the next AI seat's timer (1.5 s) falls due while the server is down
        await wait_for(lambda: False, patience=3.0)
        cluster.resume()

        assert await wait_for(lambda: version(service, tid) >= played + 3), "the table never moved again"
        async with service.session(tid).lock:
            assert await db.last_seq(tid) == version(service, tid)  # memory == storage
        assert "storage unreachable" in caplog.text and "storage reachable again" in caplog.text
        assert "cannot switch to state" not in str(refused.value)
        assert refused.value.key != "error.internal"
        assert HUMAN in service.session(tid).record.humans.values()
    finally:
        await service.close()
        await db.close()
