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
from vaza.app.cluster import Cluster
from vaza.app.commands import from_json
from vaza.app.service import TableService, Update
from vaza.app.table import Actor
from vaza.bus.memory import MemoryBus
from vaza.server.hub import Client, Hub
from vaza.store.db import open_database
from vaza.store.port import NewEvent, TableHead, TableRecord, UserRecord
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

        service.subscribe(broken)
        service.subscribe(recorder)
        try:
            user = await store.create_user("ana", None, is_guest=True, settings={})
            table = await service.create(user, {"game": "contract", "scoring": "rubber"})
            version = await service.handle(
                table.id, Actor(user.id, user.name), from_json({"type": "sit", "seat": "S"})
            )
            assert heard == [version]
            assert [e.version for e in await store.events(table.id)][-1] == version
        finally:
            await service.close()  # the robots' work on the table ends before its store
            await store.close()

    asyncio.run(scenario())


def test_a_command_that_fails_inside_the_server_keeps_the_connection() -> None:
    """An unexpected failure (a database or Redis hiccup) answers `unavailable`, which the
    client may send again; the socket stays open."""

    class Socket:
        async def send_text(self, text: str) -> None:
            raise AssertionError("the hub queues a client's messages for its writer")

    class Tables:
        service = SimpleNamespace(subscribe=lambda *_: lambda: None)

        async def handle(self, table_id: str, actor: Actor, command: object) -> int:
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
            version = await store.append("t1", version, [NewEvent("a", {"n": 1})], head=_PLAYING)
            ended = await pgdb.fetch(
                pgdb.ADMIN,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
            assert ended  # the committer's connection was among them
            version = await store.append("t1", version, [NewEvent("a", {"n": 2})], head=_PLAYING)
            version = await store.append("t1", version, [NewEvent("a", {"n": 3})], head=_PLAYING)
            events = await store.events("t1")
            assert [e.payload.get("n") for e in events] == [None, 1, 2, 3]
            assert [e.version for e in events] == [1, 2, 3, 4] and version == 4
        finally:
            await store.close()

    try:
        asyncio.run(scenario())
    finally:
        pgdb.drop(name)


_PLAYING = TableHead("playing", {})


class GatedStore(SqlStore):
    """The real store, whose next append waits at a gate once armed: a commit in flight."""

    def __init__(self, database: Any) -> None:
        super().__init__(database)
        self.gate: asyncio.Event | None = None
        self.waiting = asyncio.Event()

    async def append(self, *args: Any, **kwargs: Any) -> Any:
        gate, self.gate = self.gate, None
        if gate is not None:
            self.waiting.set()
            await gate.wait()
        return await super().append(*args, **kwargs)


def queued(client: Client) -> list[Any]:
    """The messages waiting in a client's outbox, taken out."""
    taken = []
    while not client.outbox.empty():
        taken.append(json.loads(client.outbox.get_nowait()))
    return taken


def test_a_snapshot_never_shows_what_is_not_yet_committed(tmp_path: Path) -> None:
    """A person arrives while a command is decided and its commit is under way: the snapshot
    waits for the commit, so it never shows a version the log does not hold (one a failed
    commit would take back).  Before, it showed the decided state at once; under load in
    the browser test a reloaded page drew a version the log did not have yet."""

    class Socket:
        async def send_text(self, text: str) -> None:
            pass

    async def scenario() -> None:
        database = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'club.db'}")
        store = GatedStore(database)
        service = TableService(store, MemoryBus())

        async def no_user(name: str) -> None:
            return None

        hub = Hub(Cluster(service, MemoryBus()), lambda *_: True, no_user)
        try:
            ana = await store.create_user("ana", None, is_guest=True, settings={})
            bia = await store.create_user("bia", None, is_guest=True, settings={})
            options = {"game": "contract", "scoring": "rubber", "robots": False}
            table = await service.create(ana, options)
            await service.handle(
                table.id, Actor(ana.id, ana.name), from_json({"type": "sit", "seat": "S"})
            )
            store.gate = gate = asyncio.Event()
            sitting = asyncio.ensure_future(
                service.handle(
                    table.id, Actor(bia.id, bia.name), from_json({"type": "sit", "seat": "N"})
                )
            )
            await asyncio.wait_for(store.waiting.wait(), 10)  # decided; its commit waits
            client = Client(Socket(), ana)  # type: ignore[arg-type]
            hello = asyncio.ensure_future(hub.hello(client, table.id, None, None))
            for _ in range(50):
                await asyncio.sleep(0)
            logged = (await store.events(table.id))[-1].version
            early = queued(client)
            assert all(m.get("version", 0) <= logged for m in early), (logged, early)
            gate.set()
            version = await asyncio.wait_for(sitting, 10)
            await asyncio.wait_for(hello, 10)
            snapshots = [m for m in early + queued(client) if m["type"] == "snapshot"]
            assert [m["version"] for m in snapshots] == [version]
            assert (await store.events(table.id))[-1].version == version
        finally:
            await service.close()  # no timer or task of the table's outlives its store
            await store.close()

    asyncio.run(scenario())


def test_a_subscription_ends_when_its_subscriber_says() -> None:
    """The hub subscribes to a service's updates and notices (never reaching into its lists),
    and the subscription ends with the function `subscribe` returns."""

    async def scenario() -> None:
        service = TableService(SimpleNamespace(), MemoryBus())  # type: ignore[arg-type]
        told: list[str] = []

        async def updates(update: Update) -> None:
            raise AssertionError("no update here")

        async def notices(table_id: str, message: dict[str, object]) -> None:
            told.append(table_id)

        end = service.subscribe(updates, notices, connected=lambda table_id: {7})
        await service.publisher.notice("t1", {"type": "analysis"})
        assert told == ["t1"] and service.connected("t1") == {7}
        end()
        await service.publisher.notice("t2", {"type": "analysis"})
        assert told == ["t1"] and not service.connected("t2")
        await service.close()

    asyncio.run(scenario())
