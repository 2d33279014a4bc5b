"""Failures inside the server: an accepted action stays accepted when telling one of its
listeners fails, and a command that fails for the server's own reasons leaves the client
connected with an answer it can act on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pgdb
from vaza.app.service import TableService, Update
from vaza.app.table import Actor
from vaza.bus.memory import MemoryBus
from vaza.server.hub import Client, Hub
from vaza.store.db import open_database
from vaza.store.port import NewEvent, TableRecord, UserRecord
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


def test_a_command_that_fails_inside_the_server_keeps_the_connection() -> None:
    """An unexpected failure (a database or Redis hiccup) answers `unavailable`, which the
    client may send again; the socket stays open."""

    class Socket:
        async def send_text(self, text: str) -> None:
            raise AssertionError("the hub queues a client's messages for its writer")

    class Tables:
        service = SimpleNamespace(listeners=[], notices=[])

        async def handle(self, table_id: str, actor: Actor, command: dict[str, object]) -> int:
            raise ConnectionError("Redis went away")

    async def no_user(name: str) -> None:
        return None

    hub = Hub(Tables(), lambda *_: True, no_user)  # type: ignore[arg-type]
    user = UserRecord(id=1, name="ana", is_guest=True, settings={})
    client = Client(Socket(), user)  # type: ignore[arg-type]
    client.tables.add("t1")
    asyncio.run(hub.receive(client, json.dumps({"type": "call", "table": "t1", "call": "1C"})))
    [answer] = [json.loads(client.outbox.get_nowait()) for _ in range(client.outbox.qsize())]

    assert answer["type"] == "error" and answer["code"] == "unavailable"


def test_appends_go_on_after_the_database_drops_the_committers_connection() -> None:
    """The group committer keeps one connection between batches. When PostgreSQL ends it (a
    restart, an administrator, a network cut), the next append still lands, exactly once, and
    the one after it too, on a new connection."""
    name = pgdb.create()

    async def scenario() -> None:
        database = await open_database(f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}")
        store = SqlStore(database)
        try:
            user = await store.create_user("ana", None, is_guest=True, settings={})
            table = TableRecord(
                id="t1", options={}, public=True, invite_token="x", created_by=user.id,
                status="playing", version=0, summary={},
            )  # fmt: skip
            version = await store.create_table(table, [NewEvent("created", {})])
            version = await store.append("t1", version, [NewEvent("a", {"n": 1})], **_PLAYING)
            ended = await pgdb.fetch(
                pgdb.ADMIN,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
            assert ended  # the committer's connection was among them
            version = await store.append("t1", version, [NewEvent("a", {"n": 2})], **_PLAYING)
            version = await store.append("t1", version, [NewEvent("a", {"n": 3})], **_PLAYING)
            events = await store.events("t1")
            assert [e.payload.get("n") for e in events] == [None, 1, 2, 3]
            assert [e.version for e in events] == [1, 2, 3, 4] and version == 4
        finally:
            await store.close()

    try:
        asyncio.run(scenario())
    finally:
        pgdb.drop(name)


_PLAYING: dict[str, Any] = {"status": "playing", "summary": {}}
