"""Friends through the server: add by name (a name nobody has is said so), remove, list with
who is online and at which public table, invite with one click to the table one sits at, and
the list's limit under a hundred requests at once, on SQLite and PostgreSQL.  No account id is
in any answer (issue 47)."""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import pgdb
from serverkit import Client, Server

LIMIT = 5


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    limits = ("--guests-per-hour", "100000", "--open-tables", "100000", "--friends", str(LIMIT))
    name = None
    extra: tuple[str, ...] = ()
    if request.param == "postgresql":
        name = pgdb.create()
        extra = ("--db", f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}")
    running = Server(
        tmp_path_factory.mktemp(f"friends-{request.param}"), limits=limits, extra=extra
    )
    running.start()
    try:
        yield running
    finally:
        running.stop()
        if name is not None:
            pgdb.drop(name)


def no_ids(answer: Any, *people: Client) -> None:
    """No account id of anyone in `answer`: neither as a key nor as a number."""
    text = json.dumps(answer)
    assert '"id"' not in text and "user_id" not in text
    numbers = {int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w.])", text)}
    for person in people:
        assert person.me["id"] not in numbers - {LIMIT}, (person.me, text)


def connected(person: Client) -> None:
    """Open the person's connection, and know the hub counts it (a ping answered)."""
    person.connect()
    person.send(type="ping")
    person.recv_until(lambda m: m["type"] == "pong")


def listing(person: Client) -> dict[str, Any]:
    answer = person.http.get("/api/friends")
    answer.raise_for_status()
    return dict(answer.json())


def test_add_list_remove_and_refusals(server: Server) -> None:
    ana, bia = Client(server).guest(), Client(server).guest()
    try:
        answer = ana.http.post("/api/friends", json={"name": "nobody-has-this"})
        assert answer.status_code == 400 and answer.json()["code"] == "unknown_name"
        answer = ana.http.post("/api/friends", json={"name": ana.me["name"]})
        assert answer.status_code == 400 and answer.json()["code"] == "yourself"
        answer = ana.http.post("/api/friends", json={"name": bia.me["name"].upper()})
        assert answer.status_code == 201
        assert answer.json() == {"name": bia.me["name"], "guest": True}
        seen = listing(ana)
        no_ids(seen, ana, bia)
        assert seen["friends"] == [
            {"name": bia.me["name"], "guest": True, "online": False, "table": None}
        ]
        assert seen["limit"] == LIMIT and seen["your_tables"] == []
        assert listing(bia)["friends"] == []  # one way
        assert ana.http.delete(f"/api/friends/{bia.me['name']}").json() == {"ok": True}
        assert listing(ana)["friends"] == []
        again = ana.http.delete(f"/api/friends/{bia.me['name']}")
        assert again.status_code == 400 and again.json()["code"] == "not_a_friend"
        assert httpx.get(f"{server.url}/api/friends").status_code == 401
    finally:
        ana.close()
        bia.close()


def test_online_at_a_public_table_and_invited_with_one_click(server: Server) -> None:
    ana, bia = Client(server).guest(), Client(server).guest()
    try:
        ana.http.post("/api/friends", json={"name": bia.me["name"]}).raise_for_status()
        assert listing(ana)["friends"][0]["online"] is False
        connected(bia)
        assert listing(ana)["friends"][0] == {
            "name": bia.me["name"], "guest": True, "online": True, "table": None
        }  # fmt: skip
        # Ana sits at a private table: she may invite Bia to it; Bia's friends never see it.
        table = ana.create_table(game="contract", scoring="rubber", public=False, robots=False)
        ana.connect()
        ana.send(type="hello", table=table["table"])
        ana.recv_until(lambda m: m["type"] == "snapshot")
        ana.send(type="sit", table=table["table"], seat="N")
        ana.recv_until(lambda m: m["type"] == "update" and m.get("seat") == "N")
        mine = listing(ana)
        no_ids(mine, ana, bia)
        assert mine["your_tables"] == [
            {"table": table["table"], "game": "contract", "public": False}
        ]
        bia.http.post("/api/friends", json={"name": ana.me["name"]}).raise_for_status()
        assert listing(bia)["friends"][0]["table"] is None  # a private table is not told
        answer = ana.http.post(
            f"/api/friends/{bia.me['name']}/invite", json={"table": table["table"]}
        )
        assert answer.status_code == 200, answer.text
        invitation = bia.recv_until(lambda m: m["type"] == "invitation")
        no_ids(invitation, ana, bia)
        assert invitation["table"] == table["table"] and invitation["by"] == ana.me["name"]
        # With the invitation Bia says hello to the private table and sits.
        bia.send(type="hello", table=table["table"], invite=invitation["invite"])
        bia.recv_until(lambda m: m["type"] == "snapshot")
        bia.send(type="sit", table=table["table"], seat="S")
        bia.recv_until(lambda m: m["type"] == "update" and m.get("seat") == "S")
        # At a public table, a friend sees where Bia plays.
        public = bia.create_table(game="contract", scoring="rubber", robots=False)
        bia.send(type="hello", table=public["table"])
        bia.recv_until(lambda m: m["type"] == "snapshot" and m["table"] == public["table"])
        bia.send(type="sit", table=public["table"], seat="E")
        bia.recv_until(lambda m: m["type"] == "update" and m.get("seat") == "E")
        seen = listing(ana)["friends"][0]
        assert seen["online"] and seen["table"] == {
            "table": public["table"], "seated": True, "game": "contract"
        }  # fmt: skip
    finally:
        ana.close()
        bia.close()


def test_an_invitation_is_only_to_a_table_one_sits_at_and_only_to_a_friend(server: Server) -> None:
    ana, bia, caio = Client(server).guest(), Client(server).guest(), Client(server).guest()
    try:
        table = caio.create_table(game="contract", scoring="rubber", robots=False)["table"]
        ana.http.post("/api/friends", json={"name": bia.me["name"]}).raise_for_status()
        answer = ana.http.post(f"/api/friends/{bia.me['name']}/invite", json={"table": table})
        assert answer.status_code == 403 and answer.json()["code"] == "forbidden"
        answer = ana.http.post(f"/api/friends/{caio.me['name']}/invite", json={"table": table})
        assert answer.status_code == 400 and answer.json()["code"] == "not_a_friend"
        answer = ana.http.post(f"/api/friends/{bia.me['name']}/invite", json={"table": "nope"})
        assert answer.status_code == 404
        bia.http.put("/api/me/settings", json={"accept_invitations": False}).raise_for_status()
        answer = caio.http.post("/api/friends", json={"name": bia.me["name"]})
        answer = caio.http.post(f"/api/friends/{bia.me['name']}/invite", json={"table": table})
        assert answer.status_code == 403
    finally:
        for person in (ana, bia, caio):
            person.close()


def test_the_limit_holds_under_a_hundred_requests_at_once(server: Server) -> None:
    """A hundred different people added at once: exactly the limit is added."""
    ana = Client(server).guest()
    names = [httpx.post(f"{server.url}/api/guest", json={}).json()["name"] for _ in range(100)]

    async def run() -> Counter[int]:
        async with httpx.AsyncClient(
            base_url=server.url, timeout=120, cookies=dict(ana.http.cookies.items()),
            limits=httpx.Limits(max_connections=100),
        ) as client:  # fmt: skip
            answers = await asyncio.gather(
                *(client.post("/api/friends", json={"name": name}) for name in names)
            )
        for answer in answers:
            if answer.status_code == 429:
                assert answer.json()["code"] == "limit" and answer.json()["limit"] == "friends"
        return Counter(a.status_code for a in answers)

    try:
        assert asyncio.run(run()) == {201: LIMIT, 429: 100 - LIMIT}
        assert len(listing(ana)["friends"]) == LIMIT
    finally:
        ana.close()
