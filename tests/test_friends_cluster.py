"""Friends in a club of two processes (PostgreSQL and Redis): a friend connected to the other
process is seen online, at the public table they sit at there; the table one sits at, served by
one process, is offered from the other; an invitation sent through one reaches a friend
connected to the other; a friend who leaves is seen offline.  Each process writes its people
to the shared board every `PERIOD` seconds: the test waits for what it expects, never a time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from serverkit import Client
from test_cluster import cluster, database  # noqa: F401 - the fixture and the processes


def eventually(ask: Callable[[], Any], wanted: Callable[[Any], bool], bound: float = 30) -> Any:
    """Ask until the answer is the one wanted (a bound for a loaded machine, not a figure)."""
    deadline = time.monotonic() + bound
    while True:
        answer = ask()
        if wanted(answer) or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


def friends(person: Client) -> dict[str, Any]:
    answer = person.http.get("/api/friends")
    answer.raise_for_status()
    return dict(answer.json())


def test_presence_and_invitations_across_processes(tmp_path: Path, database: str) -> None:  # noqa: F811
    first, second = cluster(tmp_path, database)
    ana, bia = Client(first).guest(), Client(second).guest()
    try:
        ana.http.post("/api/friends", json={"name": bia.me["name"]}).raise_for_status()
        bia.connect()  # to the second process
        seen = eventually(lambda: friends(ana)["friends"][0], lambda f: f["online"])
        assert seen["online"], seen
        # Bia sits at a public table served by the second process.
        public = bia.create_table(game="contract", scoring="rubber", robots=False)["table"]
        bia.send(type="hello", table=public)
        bia.recv_until(lambda m: m["type"] == "snapshot")
        bia.send(type="sit", table=public, seat="E")
        bia.recv_until(lambda m: m["type"] == "update" and m.get("seat") == "E")
        seen = eventually(lambda: friends(ana)["friends"][0], lambda f: f["table"] is not None)
        assert seen["table"] == {"table": public, "seated": True, "game": "contract"}
        # Ana sits at a table of the first process; the second offers it to her too.
        table = ana.create_table(game="contract", scoring="rubber", robots=False)["table"]
        ana.connect()
        ana.send(type="hello", table=table)
        ana.recv_until(lambda m: m["type"] == "snapshot")
        ana.send(type="sit", table=table, seat="N")
        ana.recv_until(lambda m: m["type"] == "update" and m.get("seat") == "N")
        ana_there = Client(second)
        ana_there.http.cookies.update(ana.http.cookies)
        mine = eventually(lambda: friends(ana_there)["your_tables"], bool)
        assert [t["table"] for t in mine] == [table]
        # Invited through the second process, to the first's table: Bia hears of it.
        answer = ana_there.http.post(f"/api/friends/{bia.me['name']}/invite", json={"table": table})
        assert answer.status_code == 200, answer.text
        invitation = bia.recv_until(lambda m: m["type"] == "invitation")
        assert invitation["table"] == table and invitation["by"] == ana.me["name"]
        ana_there.close()
        bia.close()  # Bia leaves the club: seen offline
        seen = eventually(lambda: friends(ana)["friends"][0], lambda f: not f["online"])
        assert not seen["online"] and seen["table"] is None
    finally:
        ana.close()
        bia.close()
        for server in (first, second):
            server.stop()
