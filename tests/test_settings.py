"""A person's settings: changes sent one after another, without waiting for the answers (the
settings page saves each as it is made), all land.  Each used to be merged into the copy of the
settings read with the request's session, so the last one to commit undid the others (seen as a
four-colour deck switched on, then off again by a change of card faces sent just after)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from vaza.app.users import DEFAULT_SETTINGS, UserService
from vaza.store.db import open_database
from vaza.store.sql import SqlStore

CHANGES = [
    {"four_colours": True},
    {"compact_cards": True},
    {"sound": False},
    {"accept_invitations": False},
    {"language": "en"},
]


def test_changes_made_at_once_all_land(database_url: str) -> None:
    async def scenario() -> dict[str, object]:
        database = await open_database(database_url)
        try:
            users = UserService(SqlStore(database))
            person = await users.register("ana", "a long enough password", "pt-BR")
            # Every request carries the user as its session read them: the same, stale copy.
            await asyncio.gather(*(users.update_settings(person, change) for change in CHANGES))
            again = await users.login("ana", "a long enough password")
            return dict(again.settings)
        finally:
            await database.close()

    settings = asyncio.run(scenario())
    wanted = dict(DEFAULT_SETTINGS)
    for change in CHANGES:
        wanted.update(change)
    assert settings == wanted


def test_an_unknown_setting_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> dict[str, object]:
        database = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'club.db'}")
        try:
            users = UserService(SqlStore(database))
            person = await users.register("ana", "a long enough password", "pt-BR")
            with pytest.raises(Exception, match="unknown setting"):
                await users.update_settings(person, {"sound": False, "colour": "red"})
            return dict((await users.login("ana", "a long enough password")).settings)
        finally:
            await database.close()

    assert asyncio.run(scenario())["sound"] is True
