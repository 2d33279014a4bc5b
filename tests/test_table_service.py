"""The application layer without a transport: an accepted action stays accepted when
telling one of its listeners fails."""

from __future__ import annotations

import asyncio
from pathlib import Path

from vaza.app.service import TableService, Update
from vaza.app.table import Actor
from vaza.bus.memory import MemoryBus
from vaza.store.db import open_database
from vaza.store.sql import SqlStore


def test_a_failing_listener_loses_no_action_and_silences_no_other(tmp_path: Path) -> None:
    async def scenario() -> None:
        database = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'club.db'}")
        store = SqlStore(database)
        service = TableService(store, MemoryBus())
        heard: list[int] = []

        async def broken(update: Update) -> None:
            raise RuntimeError("a listener's bug")

        async def recorder(update: Update) -> None:
            heard.append(update.version)

        service.listeners += [broken, recorder]
        try:
            user = await store.create_user("ana", None, is_guest=True, settings={})
            table = await service.create(user, {"game": "contract", "scoring": "rubber"})
            version = await service.handle(
                table.id, Actor(user.id, user.name), {"type": "sit", "seat": "S"}
            )
            assert heard == [version]
            assert [e.version for e in await store.events(table.id)][-1] == version
        finally:
            await store.close()

    asyncio.run(scenario())
