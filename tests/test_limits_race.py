"""Limits that hold under concurrency (issue 47, finding 2): a hundred requests sent at once by
one person create exactly the limit, on SQLite and on PostgreSQL.  Before the per-person lock,
100 concurrent `POST /api/tables` made 83 tables (limit 10) and 30 concurrent pairs events 27
(limit 3)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import pgdb
from serverkit import Server

AT_ONCE = 100


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A club with its own limits (10 open tables, 3 open events, 10 guests an hour from one
    address), behind a proxy on this machine so each test can be its own address."""
    trust = ("--forwarded-allow-ips", "127.0.0.1")
    if request.param == "sqlite":
        running = Server(tmp_path_factory.mktemp("race"), limits=(), extra=trust)
        running.start()
        try:
            yield running
        finally:
            running.stop()
        return
    name = pgdb.create()
    url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}"
    running = Server(tmp_path_factory.mktemp("race-pg"), limits=(), extra=(*trust, "--db", url))
    running.start()
    try:
        yield running
    finally:
        running.stop()
        pgdb.drop(name)


def at_once(
    server: Server, address: str, path: str, body: dict[str, Any], guest: bool
) -> Counter[int]:
    """`AT_ONCE` posts of `body` to `path`, all sent before any is answered, by one guest (or,
    `guest` False, by nobody yet); the count of each status."""

    async def run() -> Counter[int]:
        limits = httpx.Limits(max_connections=AT_ONCE)
        async with httpx.AsyncClient(
            base_url=server.url, timeout=120, limits=limits, headers={"X-Forwarded-For": address}
        ) as client:
            if guest:
                (await client.post("/api/guest", json={})).raise_for_status()
            answers = await asyncio.gather(*(client.post(path, json=body) for _ in range(AT_ONCE)))
        for answer in answers:
            if answer.status_code == 429:
                assert answer.json()["code"] == "limit"
        return Counter(a.status_code for a in answers)

    return asyncio.run(run())


def test_a_hundred_tables_at_once_make_the_limit(server: Server) -> None:
    codes = at_once(server, "10.1.0.1", "/api/tables", {"robots": False}, guest=True)
    assert codes == {201: 10, 429: AT_ONCE - 10}


def test_a_hundred_events_at_once_make_the_limit(server: Server) -> None:
    body = {"kind": "pairs", "name": "Race", "boards": 4, "tables": 2, "rounds": 2}
    codes = at_once(server, "10.1.0.2", "/api/events", body, guest=True)
    assert codes == {201: 3, 400: AT_ONCE - 3}


def test_a_hundred_robot_tournaments_at_once_make_the_limit(server: Server) -> None:
    body = {"kind": "robot", "name": "Race", "boards": 2, "robot_tables": 1}
    codes = at_once(server, "10.1.0.3", "/api/events", body, guest=True)
    assert codes == {201: 3, 400: AT_ONCE - 3}


def test_a_hundred_guests_at_once_from_one_address_make_the_limit(server: Server) -> None:
    codes = at_once(server, "10.1.0.4", "/api/guest", {}, guest=False)
    assert codes == {200: 10, 429: AT_ONCE - 10}
