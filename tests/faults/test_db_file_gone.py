"""The SQLite file removed or replaced while the bot runs (issue #23, defect 10). The open connection would go on
writing to the unlinked file, answer "Played …" and lose every move at the next start. The running bot must notice,
say so in one log line, and refuse moves with a localized message, leaving the table as it was."""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

import pytest

import i18n
from data.errors import DataError
from tests.helpers.runtime_support import HUMAN, human_table, make_service, until
from tests.helpers.storage_faults import human_moves, human_turn, version


@pytest.mark.parametrize("how", ["removed", "replaced"])
async def test_a_move_after_the_file_is_gone_is_refused_not_lost(tmp_path: Path, how: str,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "tractor.db"
    service, db, _ = await make_service(path)
    tid = await human_table(service)
    await until(service, tid, lambda: human_turn(service, tid))
    before = version(service, tid)
    if how == "removed":
        os.remove(path)
    else:  # an operator copies a backup over it
        shutil.copy(path, tmp_path / "copy.db")
        os.replace(tmp_path / "copy.db", path)

    caplog.set_level(logging.ERROR)
    for _ in range(2):
        with pytest.raises(DataError) as refused:
            await human_moves(service, tid)
        assert refused.value.key == "faults.db_gone"
        assert version(service, tid) == before  # memory did not run ahead of what is stored
    assert all(i18n.t("faults.db_gone", loc) != "faults.db_gone" for loc in ("en", "zh-CN"))
    lines = [r for r in caplog.records if "removed or replaced" in r.getMessage()]
    assert len(lines) == 1  # said once, not once per move
    with pytest.raises(DataError):
        await db.probe()  # the health signal the watchdog polls
    assert service.session(tid).record.seat_of(HUMAN) == 0
    await db.close()
