"""The group commit, on both databases: what one batch writes reads back as the ORM wrote it
(the SQLite club commits on a thread of its own, `store.sqlite_writer`), a table that is not
where its append expected it fails that append alone, and nothing of a refused batch stays
(asyncpg counts no rows of a batch, and a stale append on PostgreSQL was once accepted)."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest
from sqlalchemy import select

from vaza.store import models
from vaza.store.db import open_database
from vaza.store.port import ConflictError, DealRow, NewEvent, TableHead, TableRecord
from vaza.store.sql import SqlStore

PLAYING = TableHead("playing", {"seats": {"N": "ana"}})


def _table(table_id: str, user_id: int) -> TableRecord:
    return TableRecord(
        id=table_id, options={"game": "contract"}, public=True, invite_token="x",
        created_by=user_id, status="waiting", version=0, summary={},
    )  # fmt: skip


async def _club(url: str) -> tuple[SqlStore, int]:
    store = SqlStore(await open_database(url))
    user = await store.create_user("ana", None, is_guest=True, settings={})
    for table_id in ("t1", "t2"):
        await store.create_table(_table(table_id, user.id), [NewEvent("created", {})])
    return store, user.id


def test_appends_of_many_tables_at_once_read_back_as_written(database_url: str) -> None:
    async def scenario() -> None:
        store, _ = await _club(database_url)
        try:
            payloads = [
                {"n": n, "card": "SA", "nested": {"ok": True, "list": [1, 2]}} for n in range(3)
            ]
            two = [NewEvent("card", payloads[0]), NewEvent("card", payloads[1])]
            versions = await asyncio.gather(
                store.append("t1", 1, two, head=PLAYING),
                store.append("t2", 1, [NewEvent("call", payloads[2])], head=PLAYING),
            )
            assert versions == [3, 2]
            t1, t2 = await store.events("t1"), await store.events("t2")
            assert [(e.version, e.type, e.payload) for e in t1[1:]] == [
                (2, "card", payloads[0]), (3, "card", payloads[1]),
            ]  # fmt: skip
            assert [(e.version, e.payload) for e in t2[1:]] == [(2, payloads[2])]
            async with store.database.sessions() as session:
                stamps = (await session.execute(select(models.TableEvent.created_at))).scalars()
                assert all(isinstance(stamp, datetime) for stamp in stamps)
            record = await store.table("t1")
            assert record is not None
            assert (record.version, record.status, record.summary) == (
                3,
                "playing",
                PLAYING.summary,
            )
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_stale_append_fails_alone_and_writes_nothing(database_url: str) -> None:
    async def scenario() -> None:
        store, _ = await _club(database_url)
        try:
            stale, fresh = await asyncio.gather(
                store.append("t1", 5, [NewEvent("card", {"n": 1})], head=PLAYING),
                store.append("t2", 1, [NewEvent("card", {"n": 2})], head=PLAYING),
                return_exceptions=True,
            )
            assert isinstance(stale, ConflictError)
            assert fresh == 2
            assert [e.version for e in await store.events("t1")] == [1]
            record = await store.table("t1")
            assert record is not None and (record.version, record.status) == (1, "waiting")
            assert [e.payload for e in await store.events("t2")][1:] == [{"n": 2}]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_appends_with_finished_deals_keep_the_deals_and_who_sat_where(database_url: str) -> None:
    """Two tables end a deal in one batch: each deal reads back whole, with its players (the
    SQLite club writes them on its own thread too)."""

    async def scenario() -> None:
        store, user_id = await _club(database_url)
        try:
            other = await store.create_user("bia", None, is_guest=True, settings={})
            deals = [
                DealRow(
                    id=0,
                    table_id=table_id,
                    number=number,
                    game="contract",
                    summary={"score": 420 + number},
                    pbn=f'[Board "{number}"]',
                    lin="qx|o1|",
                    players={"S": user_id, "N": other.id},
                )
                for table_id, number in (("t1", 1), ("t2", 3))
            ]
            appends = [
                store.append(deal.table_id, 1, [NewEvent("card", {"n": 52})], head=PLAYING,
                             deals=[deal])
                for deal in deals
            ]  # fmt: skip
            assert await asyncio.gather(*appends) == [2, 2]
            for deal in deals:
                [kept] = await store.deals_of_table(deal.table_id)
                assert (kept.number, kept.summary, kept.pbn, kept.lin) == (
                    deal.number, deal.summary, deal.pbn, deal.lin,
                )  # fmt: skip
                assert isinstance(kept.created_at, datetime)
            for player in (user_id, other.id):  # who sat where: each one's hand history
                history = await store.deals_of_user(player, limit=10, offset=0)
                assert sorted(d.number for d in history) == [1, 3]
            if store._sqlite is not None:
                assert store._writer_connection is None  # not through the engine
        finally:
            await store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_sqlite_club_commits_on_its_own_thread(database_url: str) -> None:
    """The embedded club's appends do not go through SQLAlchemy's driver thread."""

    async def scenario() -> None:
        store, _ = await _club(database_url)
        try:
            assert store._sqlite is not None
            await store.append("t1", 1, [NewEvent("card", {"n": 1})], head=PLAYING)
            assert store._writer_connection is None  # the engine's committer never opened
        finally:
            await store.close()

    asyncio.run(scenario())
