"""Seats that move, through real WebSockets (issue 45): a friend takes a robot's seat during a
deal where the watchers see the public view, or from the deal's end where they see every hand;
someone stands up and sits again; an invitation offers a seat; the host names and closes the
table; a table its last person leaves ends and leaves the lobby.  No account id reaches others."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from serverkit import Client, Server, position, running_server

JSON = dict[str, Any]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(Path(tmp_path_factory.mktemp("seats"))) as running:
        yield running


def joined(client: Client, table: str) -> JSON:
    client.connect()
    client.send(type="hello", table=table)
    return client.recv_until(lambda m: m["type"] == "snapshot")


def events_of(message: JSON, kind: str) -> list[JSON]:
    return [e for e in message.get("events", ()) if e["type"] == kind]


def has(kind: str, **fields: Any) -> Any:
    return lambda m: (
        m["type"] == "update"
        and any(all(e.get(k) == v for k, v in fields.items()) for e in events_of(m, kind))
    )


def test_a_friend_takes_a_robots_seat_during_a_deal_and_stands_and_sits_again(
    server: Server,
) -> None:
    ana, bia = Client(server).guest(), Client(server).guest()
    table = ana.create_table(game="contract", scoring="duplicate", variant={"boards": 2})["table"]
    joined(ana, table)
    ana.send(type="sit", table=table, seat="N")
    ana.recv_until(has("deal"))
    snapshot = joined(bia, table)
    assert snapshot["seat"] is None and snapshot["occupants"]["E"]["kind"] == "robot"
    bia.send(type="sit", table=table, seat="E")
    sat = bia.recv_until(has("sat", seat="E"))
    assert sat["seat"] == "E" and sat["view"]["hands"]["E"] is not None
    told = ana.recv_until(has("sat", seat="E"))
    assert told["occupants"]["E"] == {"kind": "human", "name": bia.me["name"], "away": False}
    assert all("user_id" not in e for e in told["events"])
    # Standing up in the deal: a robot plays on, and she watches with the public view.
    bia.send(type="stand", table=table)
    stood = bia.recv_until(has("robot_in", seat="E"))
    assert stood["seat"] is None and stood["view"]["hands"]["E"] is None
    bia.send(type="sit", table=table, seat="E")  # her own seat back, at once
    assert bia.recv_until(has("sat", seat="E"))["seat"] == "E"
    for client in (ana, bia):
        client.close()


def test_where_watchers_see_every_hand_the_seat_is_kept_for_the_deals_end(server: Server) -> None:
    ana, cau = Client(server).guest(), Client(server).register("cau-seats")
    table = ana.create_table(
        game="contract", scoring="duplicate", kibitzers_see_all=True, variant={"boards": 2}
    )["table"]
    joined(ana, table)
    ana.send(type="sit", table=table, seat="N")
    ana.recv_until(has("deal"))
    cau.connect()
    cau.send(type="ping")  # answered once the connection hears its invitations
    cau.recv_until(lambda m: m["type"] == "pong")
    ana.send(type="invite", table=table, user="cau-seats", seat="W")
    invitation = cau.recv_until(lambda m: m["type"] == "invitation")
    assert invitation["table"] == table and invitation["seat"] == "W"
    cau.send(type="hello", table=table)
    cau.recv_until(lambda m: m["type"] == "snapshot")
    cau.send(type="sit", table=table, seat="W")
    kept = cau.recv_until(has("reserved", seat="W"))
    assert events_of(kept, "reserved") == [{"type": "reserved", "seat": "W", "name": "cau-seats"}]
    assert kept["seat"] is None and kept["occupants"]["W"]["reserved"] == "cau-seats"
    # Ana plays her seat to the deal's end; then Cau sits in the robot's place.
    finished = False
    while not finished:
        message = ana.recv(timeout=30)
        view = message.get("view") or {}
        finished = any(e.get("seat") == "W" for e in events_of(message, "sat"))
        if not finished and view.get("controller") == "N" and view.get("legal"):
            ana.send(table=table, **view["legal"][0])
    assert cau.recv_until(has("sat", seat="W"))["seat"] == "W"
    for client in (ana, cau):
        client.close()


def test_the_host_names_and_closes_the_table_and_an_empty_table_ends(server: Server) -> None:
    ana, bia, lobby = Client(server).guest(), Client(server).guest(), Client(server).guest()
    table = ana.create_table(game="contract", scoring="duplicate")["table"]
    joined(ana, table)
    ana.send(type="sit", table=table, seat="N")
    ana.recv_until(has("deal"))
    joined(bia, table)
    bia.send(type="name_table", table=table, name="mine")
    assert bia.recv_until(lambda m: m["type"] == "error")["code"] == "forbidden"
    ana.send(type="name_table", table=table, name="Friday friends")
    assert bia.recv_until(has("named"))["events"][-1]["name"] == "Friday friends"
    assert ana.http.get(f"/api/tables/{table}").json()["name"] == "Friday friends"
    ana.send(type="close_table", table=table)
    closed = bia.recv_until(has("finished"))
    assert events_of(closed, "finished") == [
        {"type": "finished", "reason": "closed", "by": ana.me["name"]}
    ]
    # A table its last person leaves ends, and the lobby drops it.
    other = ana.create_table(game="boerenbridge", players=5)["table"]
    joined(lobby, other)
    ana.send(type="hello", table=other)
    ana.send(type="sit", table=other, seat="0")
    ana.recv_until(lambda m: m["type"] == "update" and m.get("table") == other and has("deal")(m))
    ana.send(type="stand", table=other)
    gone = lobby.recv_until(has("finished"))
    assert events_of(gone, "finished") == [{"type": "finished", "reason": "abandoned"}]
    listed = {row["table"] for row in lobby.http.get("/api/tables").json()}
    assert other not in listed and table not in listed
    for client in (ana, bia, lobby):
        client.close()


def test_a_kept_seat_is_let_go_when_its_person_leaves(server: Server) -> None:
    ana, cau = Client(server).guest(), Client(server).guest()
    table = ana.create_table(game="contract", scoring="duplicate", kibitzers_see_all=True)
    joined(ana, table["table"])
    ana.send(type="sit", table=table["table"], seat="N")
    ana.recv_until(has("deal"))
    joined(cau, table["table"])
    cau.send(type="sit", table=table["table"], seat="W")
    ana.recv_until(has("reserved", seat="W"))
    cau.close()  # gone before the deal ends: the seat is not given to nobody
    assert ana.recv_until(has("unreserved", seat="W"))["occupants"]["W"]["kind"] == "robot"
    ana.close()


def test_a_deal_a_robot_finished_for_someone_says_so_in_their_history(server: Server) -> None:
    ana, bia = Client(server).guest(), Client(server).guest()
    table = ana.create_table(game="contract", scoring="duplicate", variant={"boards": 1})["table"]
    joined(ana, table)
    ana.send(type="sit", table=table, seat="N")
    ana.recv_until(has("deal"))
    joined(bia, table)
    bia.send(type="sit", table=table, seat="E")
    bia.recv_until(has("sat", seat="E"))
    ana.send(type="call", table=table, call="1NT")  # the dealer opens: the deal is played
    turn = bia.recv_until(lambda m: (m.get("view") or {}).get("controller") == "E")
    bia.send(table=table, **turn["view"]["legal"][0])
    bia.recv_until(has("act", seat="E"))
    bia.send(type="stand", table=table)  # a robot plays on for her
    bia.recv_until(has("robot_in", seat="E"))
    acted_at = None
    while True:
        message = ana.recv(timeout=30)
        if events_of(message, "finished"):
            break
        view = message.get("view") or {}
        if view.get("controller") == "N" and view.get("legal") and position(view) != acted_at:
            acted_at = position(view)  # once a position: a message may repeat it
            ana.send(table=table, **view["legal"][0])
    mine = [row for row in bia.http.get("/api/history").json() if row["table"] == table]
    assert [row["robot_finished"] for row in mine] == [True]
    theirs = [row for row in ana.http.get("/api/history").json() if row["table"] == table]
    assert [row["robot_finished"] for row in theirs] == [False]
    for client in (ana, bia):
        client.close()
