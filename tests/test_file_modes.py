"""Files the club writes are its owner's alone (issue 47, finding 9): `vaza.db`, its WAL and
`vaza backup` copies were readable by every local user (0644 in 0755 folders), and they hold
password hashes, sessions and the cards of unfinished deals."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from vaza.server.app import ServerConfig, _secret
from vaza.store.backup import backup_sqlite
from vaza.store.db import open_database
from vaza.store.sql import SqlStore


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The usual umask, which leaves files readable by everyone unless the club says not."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.usefixtures("open_umask")
def test_the_database_its_wal_its_backups_and_the_secret_are_private(tmp_path: Path) -> None:
    db = tmp_path / "vaza.db"

    async def write() -> None:
        database = await open_database(f"sqlite+aiosqlite:///{db}")
        store = SqlStore(database)
        try:
            await store.create_user("ana", "hash", is_guest=False, settings={})
            assert (tmp_path / "vaza.db-wal").exists(), "a WAL is there to look at"
            assert mode(tmp_path / "vaza.db-wal") == 0o600
            assert mode(tmp_path / "vaza.db-shm") == 0o600
        finally:
            await store.close()
            await database.close()

    asyncio.run(write())
    assert mode(db) == 0o600
    copy = tmp_path / "copy.db"
    backup_sqlite(db, copy)
    assert mode(copy) == 0o600
    _secret(ServerConfig(data_dir=tmp_path))
    assert mode(tmp_path / "secret.key") == 0o600


@pytest.mark.usefixtures("open_umask")
def test_an_old_database_readable_by_all_is_made_private(tmp_path: Path) -> None:
    db = tmp_path / "vaza.db"
    db.touch(mode=0o644)
    db.chmod(0o644)

    async def reopen() -> None:
        database = await open_database(f"sqlite+aiosqlite:///{db}")
        await database.close()

    asyncio.run(reopen())
    assert mode(db) == 0o600
