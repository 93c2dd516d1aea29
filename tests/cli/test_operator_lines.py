"""The operator's one-line refusals name the right thing (issue #55, item 11): ``backup /missing/x`` blames the
backup's folder (not the database's); ``TRACTOR_DB=file:/x.db`` is the file ``/x.db`` (not a folder ``file:``); a
masked URL keeps the parenthesis around it; a malformed token in ``run`` is said at once (not "Discord cannot be
reached")."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli import main
from data import Database
from data.errors import DataError
from data.targets import database_target, mask_secrets
from i18n import t


async def test_backup_into_a_missing_folder_names_that_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    await (await Database.open(tmp_path / "live.sqlite3")).close()
    assert await _main(["backup", str(tmp_path / "missing" / "x"), "--db", str(tmp_path / "live.sqlite3")]) == 1
    err = capsys.readouterr().err
    assert "backup" in err and str(tmp_path / "missing") in err and "database folder" not in err


async def _main(argv: list[str]) -> int:
    import asyncio

    return await asyncio.to_thread(main, argv)  # the command runs its own event loop


def test_a_sqlite_file_uri_is_its_file() -> None:
    assert database_target("file:/srv/x.db") == Path("/srv/x.db")
    assert database_target("file:///srv/x.db") == database_target("file://localhost/srv/x.db") == Path("/srv/x.db")
    assert database_target("file:x.db") == Path("x.db")
    for refused in ("file://otherhost/x.db", "file:/x.db?mode=ro", "file:"):
        with pytest.raises(DataError) as err:
            database_target(refused)
        assert err.value.key == "data.file_uri"
        assert "file:" in t(err.value.key, "zh-CN", **err.value.params)


def test_a_masked_url_keeps_its_parenthesis() -> None:
    assert mask_secrets("database (postgresql://u@h/db?password=s3cret) opened") == \
        "database (postgresql://u@h/db?password=***) opened"
    assert mask_secrets("(password=s3cret)") == "(password=***)"
    assert mask_secrets("postgresql://u@h/db?password=s3c)ret") == "postgresql://u@h/db?password=***"  # no leak


@pytest.mark.parametrize("token", ["not a token", "'MTIz.abc.def'", "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gab"])
def test_a_malformed_token_is_said_before_connecting(token: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", token)
    monkeypatch.setenv("TRACTOR_DB", str(tmp_path / "bot.sqlite3"))
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert "does not look like a bot token" in err and "cannot be reached" not in err
    assert not (tmp_path / "bot.sqlite3").exists()  # refused before anything was opened
