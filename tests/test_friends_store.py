"""Friends in the store and in the service, on SQLite and PostgreSQL: added by name (a clear
refusal for a name nobody has), removed, listed by their names now; the list's limit holds
when a hundred additions are sent at once (issue 47's rule: checked and taken in one step)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Collection
from typing import Any

import pytest

from vaza.app.friends import (
    FriendService,
    FriendsFull,
    NotAFriend,
    Spot,
    UnknownName,
    Whereabouts,
    Yourself,
)
from vaza.store.db import open_database
from vaza.store.friends_sql import SqlFriendStore
from vaza.store.sql import SqlStore


class Seen:
    """A presence that says what it was told."""

    def __init__(self) -> None:
        self.places: dict[int, Whereabouts] = {}

    async def where(self, user_ids: Collection[int]) -> dict[int, Whereabouts]:
        return {u: self.places[u] for u in user_ids if u in self.places}


class NoTables:
    async def handle(self, table_id: str, actor: Any, command: Any) -> int:
        raise KeyError(table_id)


def test_friends_are_added_listed_and_removed(database_url: str) -> None:
    async def scenario() -> None:
        database = await open_database(database_url)
        try:
            store = SqlStore(database)
            friends = SqlFriendStore(database)
            ana = await store.create_user("Ana", None, False, {})
            bia = await store.create_user("bia", None, True, {})
            caio = await store.create_user("Caio", None, False, {})
            assert await friends.add_friend(ana.id, caio.id)
            assert await friends.add_friend(ana.id, bia.id)
            assert not await friends.add_friend(ana.id, bia.id)  # again: nothing changes
            assert [f.name for f in await friends.friends_of(ana.id)] == ["bia", "Caio"]
            assert await friends.count_friends(ana.id) == 2
            assert await friends.friends_of(bia.id) == []  # one way: Bia has no friend
            await store.rename_user(bia.id, "Bruna")  # a guest's new name follows her
            assert [f.name for f in await friends.friends_of(ana.id)] == ["Bruna", "Caio"]
            assert await friends.remove_friend(ana.id, caio.id)
            assert not await friends.remove_friend(ana.id, caio.id)
            assert [f.name for f in await friends.friends_of(ana.id)] == ["Bruna"]
        finally:
            await database.close()

    asyncio.run(scenario())


def test_the_service_names_what_it_refuses(database_url: str) -> None:
    async def scenario() -> None:
        database = await open_database(database_url)
        try:
            store = SqlStore(database)
            seen = Seen()
            service = FriendService(store, SqlFriendStore(database), seen, NoTables(), limit=1)
            ana = await store.create_user("Ana", None, False, {})
            bia = await store.create_user("Bia", None, False, {})
            await store.create_user("Caio", None, False, {})
            with pytest.raises(UnknownName, match="no user called Nobody"):
                await service.add(ana, "Nobody")
            with pytest.raises(Yourself):
                await service.add(ana, "ana")
            assert (await service.add(ana, " bia ")).name == "Bia"
            assert (await service.add(ana, "BIA")).name == "Bia"  # again: no limit reached
            with pytest.raises(FriendsFull):
                await service.add(ana, "Caio")
            seen.places[bia.id] = Whereabouts(True, (Spot("t1", True, True, "contract"),))
            seen.places[ana.id] = Whereabouts(True, (Spot("t9", False, True, "chicago"),))
            listing = await service.listing(ana)
            assert listing == {
                "friends": [{"name": "Bia", "guest": False, "online": True,
                             "table": {"table": "t1", "seated": True, "game": "contract"}}],
                "limit": 1,
                "your_tables": [{"table": "t9", "game": "chicago", "public": False}],
            }  # fmt: skip
            # A private table is never told to a friend.
            seen.places[bia.id] = Whereabouts(True, (Spot("t2", False, True, "contract"),))
            assert (await service.listing(ana))["friends"][0]["table"] is None
            with pytest.raises(NotAFriend):
                await service.invite(ana, "Caio", "t9")
            await service.remove(ana, "bia")
            with pytest.raises(NotAFriend):
                await service.remove(ana, "Bia")
        finally:
            await database.close()

    asyncio.run(scenario())


def test_a_hundred_additions_at_once_stop_at_the_limit(database_url: str) -> None:
    async def scenario() -> Counter[str]:
        database = await open_database(database_url)
        try:
            store = SqlStore(database)
            service = FriendService(store, SqlFriendStore(database), Seen(), NoTables(), limit=10)
            ana = await store.create_user("Ana", None, False, {})
            for n in range(100):
                await store.create_user(f"friend{n:03}", None, False, {})

            async def add(n: int) -> str:
                try:
                    await service.add(ana, f"friend{n:03}")
                except FriendsFull:
                    return "full"
                return "added"

            outcome = Counter(await asyncio.gather(*(add(n) for n in range(100))))
            assert await SqlFriendStore(database).count_friends(ana.id) == 10
            return outcome
        finally:
            await database.close()

    assert asyncio.run(scenario()) == {"added": 10, "full": 90}


def test_the_migrated_schema_is_the_models(database_url: str) -> None:
    """The migration makes the friends' table as the models declare it (nothing to add)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from vaza.store import tournaments_models  # noqa: F401 - the events' tables in the metadata
    from vaza.store.models import Base

    async def scenario() -> list[Any]:
        database = await open_database(database_url)
        try:
            async with database.engine.connect() as connection:
                return await connection.run_sync(
                    lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
                )
        finally:
            await database.close()

    differences = [d for d in asyncio.run(scenario()) if "friends" in repr(d)]
    assert differences == []
